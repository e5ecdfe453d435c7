package httpapi

import (
	"context"
	"errors"
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
		if got := l.Allow(context.Background(), "a"); got != want {
			t.Fatalf("event %d in the window: allowed=%t, want %t", i+1, got, want)
		}
	}
	if !l.Allow(context.Background(), "b") {
		t.Fatal("another key is limited by the first")
	}
	now = now.Add(time.Minute)
	if !l.Allow(context.Background(), "a") {
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

// countFunc is a Counter from a function (a stand-in for the database's count).
type countFunc func(name, key string) (int, error)

func (f countFunc) Hit(_ context.Context, name, key string, max int, _ time.Duration) (bool, error) {
	n, err := f(name, key)
	return n <= max, err
}

// A shared limiter decides by the shared count under its own name; when the count cannot be read
// it counts in the process instead of opening the limit or refusing everyone.
func TestSharedLimiterFallsBackToItsOwnCount(t *testing.T) {
	shared := map[string]int{}
	down := false
	counter := countFunc(func(name, key string) (int, error) {
		if down {
			return 0, errors.New("database away")
		}
		shared[name+"/"+key]++
		return shared[name+"/"+key], nil
	})
	l := NewLimiter(2, time.Minute).Share(counter, "formulier")
	ctx := context.Background()
	shared["formulier/a"] = 2 // another server has used the allowance
	if l.Allow(ctx, "a") {
		t.Fatal("allowed past the shared count")
	}
	if !l.Allow(ctx, "b") || shared["formulier/b"] != 1 {
		t.Fatalf("key b not counted under the limit's name: %v", shared)
	}
	down = true
	for i, want := range []bool{true, true, false} {
		if got := l.Allow(ctx, "c"); got != want {
			t.Fatalf("attempt %d with the database away: allowed=%t, want %t", i+1, got, want)
		}
	}
}
