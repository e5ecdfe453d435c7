package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// /readyz reports each dependency: PostgreSQL decides (503 when down), Kratos down is 'degraded'
// (the public site still works), and a dependency that does not answer counts as down in time.
func TestReadinessReportsEachDependency(t *testing.T) {
	ok := func(context.Context) error { return nil }
	down := func(context.Context) error { return errors.New("connection refused") }
	hangs := func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
	for _, c := range []struct {
		name       string
		pg, kratos func(context.Context) error
		status     int
		want       string
	}{
		{"both up", ok, ok, http.StatusOK, `{"status":"ready","checks":{"kratos":"ok","postgres":"ok"}}`},
		{"kratos down", ok, down, http.StatusOK, `{"status":"degraded","checks":{"kratos":"unavailable","postgres":"ok"}}`},
		{"postgres down", down, ok, http.StatusServiceUnavailable, `{"status":"unavailable","checks":{"kratos":"ok","postgres":"unavailable"}}`},
		{"kratos hangs", ok, hangs, http.StatusOK, `{"status":"degraded","checks":{"kratos":"unavailable","postgres":"ok"}}`},
	} {
		h := readiness([]ReadyCheck{{Name: "postgres", Required: true, Check: c.pg}, {Name: "kratos", Check: c.kratos}})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
		if got := strings.TrimSpace(rec.Body.String()); rec.Code != c.status || got != c.want {
			t.Errorf("%s: %d %s, want %d %s", c.name, rec.Code, got, c.status, c.want)
		}
	}
}
