package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
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
