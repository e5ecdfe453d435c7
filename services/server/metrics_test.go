package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/metrics"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema"
)

// What an operator scrapes: each API operation counted and timed by status (served, refused),
// the database pools and River's jobs per queue and state; never on the public port.
func TestMetricsCountOperationsByStatus(t *testing.T) {
	d := dbtest.New(t)
	reg := metrics.New()
	reg.Pool("app", d.DB.AppPool())
	reg.Register(metrics.NewJobs(d.DB.QueuePool(), schema.RiverSchema))
	srv := servertest.NewAPIServer(t, server.Deps{DB: d.DB, Metrics: reg})
	srv.As(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	for range 3 {
		if s, b, _ := srv.Do(http.MethodGet, "/api/v1/klussers", ""); s != http.StatusOK {
			t.Fatalf("list: %d %s", s, b)
		}
	}
	srv.As(tenants.Actor{UserID: uuid.New(), Role: tenants.Klusser, Regions: []string{"den-haag"}})
	if s, _, _ := srv.Do(http.MethodGet, "/api/v1/klussers", ""); s != http.StatusForbidden {
		t.Fatalf("klusser: %d", s)
	}
	srv.As(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	if s, _, _ := srv.Do(http.MethodGet, "/api/v1/klussers/"+uuid.NewString(), ""); s != http.StatusNotFound {
		t.Fatalf("unknown klusser: %d", s)
	}

	scrape := httptest.NewServer(reg.Handler())
	defer scrape.Close()
	resp, err := http.Get(scrape.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	text := string(body)
	for _, want := range []string{
		`klusmaat_requests_total{op="klussers.List",status="200"} 3`,
		`klusmaat_requests_total{op="klussers.Get",status="404"} 1`,
		`klusmaat_request_duration_seconds_count{op="klussers.List",status="200"} 3`,
		`klusmaat_db_pool_max_connections{pool="app"}`,
		`go_goroutines`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	// The policy refuses before the endpoint runs: a 403 is counted per route, not as an operation.
	if strings.Contains(text, `op="klussers.List",status="403"`) {
		t.Errorf("a refused role counted as an operation")
	}
	for _, want := range []string{
		`klusmaat_http_requests_total{route="GET /api/v1/klussers",status="200"} 3`,
		`klusmaat_http_requests_total{route="GET /api/v1/klussers",status="403"} 1`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if s, _, _ := srv.Do(http.MethodGet, "/metrics", ""); s == http.StatusOK {
		t.Errorf("/metrics answers on the public port")
	}
}
