package httpapi

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
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

// statusRecorder remembers the status code for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Flush lets streaming answers (server-sent events) through the recorder.
func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the real writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// AccessLog writes one line per request, and turns a panic into a logged 500 instead of a dropped
// connection.
func AccessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p) // the handler asked to abort the connection; let net/http do so
				}
				slog.ErrorContext(r.Context(), "panic", "panic", fmt.Sprint(p), "path", r.URL.Path)
				if rec.status == 0 {
					WriteError(rec, r, Internal(fmt.Errorf("panic: %v", p)))
				}
			}
			status := rec.status
			if status == 0 {
				status = http.StatusOK // net/http sends 200 for a handler that writes nothing
			}
			slog.InfoContext(r.Context(), "http request", "method", r.Method, "path", r.URL.Path,
				"status", status, "bytes", rec.bytes, "duration_ms", time.Since(start).Milliseconds())
		}()
		next.ServeHTTP(rec, r)
	})
}
