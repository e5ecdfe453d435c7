package httpapi

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/metrics"
)

// SecurityHeaders sets the headers every answer carries. The content security policy allows only
// the platform's own origin; the front ends have no inline scripts.
func SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// Assigned, not Set: the names are canonical already and the values shared, so a response
		// pays no allocation for them (make profile). Header.Add on one of them appends to a full
		// slice, which copies it; nothing changes the shared values in place.
		for _, kv := range securityHeaders {
			h[kv.name] = kv.value
		}
		if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
			h["Strict-Transport-Security"] = hsts
		}
		next.ServeHTTP(w, r)
	})
}

var securityHeaders = []struct {
	name  string
	value []string
}{
	{"Content-Security-Policy", []string{"default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; " +
		"script-src 'self'; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'self'; " +
		"form-action 'self'; frame-ancestors 'none'"}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"Permissions-Policy", []string{"camera=(self), geolocation=(), microphone=()"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
}

var hsts = []string{"max-age=63072000; includeSubDomains"}

// AccessLog writes one line per request, and turns a panic into a logged 500 instead of a dropped
// connection.
func AccessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &metrics.StatusRecorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p) // the handler asked to abort the connection; let net/http do so
				}
				slog.ErrorContext(r.Context(), "panic", "panic", fmt.Sprint(p), "path", r.URL.Path)
				if rec.Status == 0 {
					WriteError(rec, r, Internal(fmt.Errorf("panic: %v", p)))
				}
			}
			slog.InfoContext(r.Context(), "http request", "method", r.Method, "path", r.URL.Path,
				"status", rec.Code(), "bytes", rec.Bytes, "duration_ms", time.Since(start).Milliseconds())
		}()
		next.ServeHTTP(rec, r)
	})
}
