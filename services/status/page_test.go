package status

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The status page and its API count on one limit per address: once the API requests of an
// address have used it up, the page answers 429 before it asks the database anything.
func TestPageSharesTheLinksLimit(t *testing.T) {
	limiter := NewLimiter()
	r := httptest.NewRequest(http.MethodGet, "/status/x", nil)
	r.RemoteAddr = "192.0.2.7:5000"
	for range PerMinute {
		if !limiter.Allow(context.Background(), "192.0.2.7") {
			t.Fatal("the limit allows fewer than PerMinute requests")
		}
	}
	page := Page(nil, Links{}, limiter) // no database: a 429 must come before any query
	if got := page(r, "x"); got != http.StatusTooManyRequests {
		t.Errorf("the page after %d API requests = %d, want 429", PerMinute, got)
	}
}
