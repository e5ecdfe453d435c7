package httpapi

import (
	"context"
	"encoding/json"
	"mime"
	"net/http"
	"strconv"
)

// EncodeJSON writes response as JSON with status 200. API answers hold per-user data, so no cache
// may keep them. It fits go-kit's EncodeResponseFunc.
func EncodeJSON(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	return json.NewEncoder(w).Encode(response)
}

// EncodeWithStatus is EncodeJSON with another success status, such as 201 Created for a stored
// form or 202 Accepted for queued work.
func EncodeWithStatus(status int) func(context.Context, http.ResponseWriter, any) error {
	return func(ctx context.Context, w http.ResponseWriter, response any) error {
		w.WriteHeader(status)
		return EncodeJSON(ctx, w, response)
	}
}

// WriteAttachment sends data as a file download (an export, an invoice PDF): never cached, never
// sniffed, saved under name.
func WriteAttachment(w http.ResponseWriter, contentType, name string, data []byte) error {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	_, err := w.Write(data)
	return err
}
