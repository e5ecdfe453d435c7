package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestLimiterWindows(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	l := NewLimiter(2, time.Minute)
	l.now = func() time.Time { return now }
	for i, want := range []bool{true, true, false} {
		if got := l.Allow("a"); got != want {
			t.Fatalf("event %d in the window: allowed=%t, want %t", i+1, got, want)
		}
	}
	if !l.Allow("b") {
		t.Fatal("another key is limited by the first")
	}
	now = now.Add(time.Minute)
	if !l.Allow("a") {
		t.Fatal("a new window does not start afresh")
	}
}

func TestRequireCSRFOnlyGuardsAPIWrites(t *testing.T) {
	h := RequireCSRF(okHandler())
	cases := []struct {
		method, path, header, origin string
		want                         int
	}{
		{"GET", "/api/v1/me", "", "", 200},
		{"POST", "/api/v1/x", "", "", 403},
		{"POST", "/api/v1/x", "1", "", 200},
		{"POST", "/api/v1/x", "1", "http://example.com", 200},
		{"POST", "/api/v1/x", "1", "http://evil.example", 403},
		{"POST", "/.ory/self-service/login", "", "", 200}, // Kratos has its own CSRF tokens
	}
	for _, c := range cases {
		r := httptest.NewRequest(c.method, "http://example.com"+c.path, nil)
		if c.header != "" {
			r.Header.Set(CSRFHeader, c.header)
		}
		if c.origin != "" {
			r.Header.Set("Origin", c.origin)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.want {
			t.Errorf("%s %s header=%q origin=%q: %d, want %d", c.method, c.path, c.header, c.origin, w.Code, c.want)
		}
	}
}

func okHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
}
