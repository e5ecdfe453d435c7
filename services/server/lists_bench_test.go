package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// The back-office lists at 100,000 jobs (issue 30: lists at scale; the load test's admin jobs
// list, first page, p50 at most 10 ms). The jobs are loaded with seed.Jobs, the loader the load
// test uses: through the server's door as an admin, every trigger on (counters, customer
// overview), 25,000 customers. Then, through the real HTTP handler, policy and row-level security:
// the admin's first page of jobs, a filtered page, a search, a franchise owner's first page, and
// the customers' first and a deep page; beside them, in the same run, a plain SELECT count(*) FROM
// klussen in the admin's transaction. The figures are medians (p50) of listsRuns requests each.
const (
	listsJobs = 100_000
	listsRuns = 31
)

func BenchmarkListsAtScale(b *testing.B) {
	d := dbtest.New(b)
	ctx := context.Background()
	start := time.Now()
	if err := seed.Jobs(ctx, d.DB, listsJobs); err != nil {
		b.Fatal(err)
	}
	fmt.Printf("lists: seeded %d jobs with seed.Jobs in %s\n", listsJobs, time.Since(start).Round(time.Second))
	owner, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := owner.Exec(ctx, `VACUUM (ANALYZE) klussen, klant_overzicht, klus_tellingen`); err != nil {
		b.Fatal(err)
	}
	owner.Close(ctx)

	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	franchise := tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"utrecht"}}
	enf, _ := policy.New()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	slog.SetDefault(quiet)
	h, _ := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: quiet, Site: web.Site{Brand: "Klusmaat"},
		Resolver: func(r *http.Request) (tenants.Actor, error) {
			if r.Header.Get("X-Test-User") == "franchise" {
				return franchise, nil
			}
			return admin, nil
		}})
	ts := httptest.NewServer(h)
	defer ts.Close()

	get := func(who, path string) func() {
		return func() {
			req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
			req.Header.Set("X-Test-User", who)
			resp, err := http.DefaultClient.Do(req)
			if err != nil || resp.StatusCode != http.StatusOK {
				b.Fatalf("GET %s: %v %v", path, err, resp)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	count := func() {
		d.As(b, admin, func(tx pgx.Tx) error {
			var n int
			return tx.QueryRow(ctx, `SELECT count(*) FROM klussen`).Scan(&n)
		})
	}
	deep := listsJobs / seed.BulkJobsPerCustomer / 25 * 9 / 10 // 90% down the customers, 25 a page
	figures := []struct {
		name string
		run  func()
	}{
		{"SELECT count(*) FROM klussen (admin transaction, no HTTP)", count},
		{"GET /api/v1/klussen (admin, first page of 25)", get("admin", "/api/v1/klussen")},
		{"GET /api/v1/klussen?status=open&regio=utrecht (first page)", get("admin", "/api/v1/klussen?status=open&regio=utrecht")},
		{"GET /api/v1/klussen?sort=woonplaats&order=asc (first page)", get("admin", "/api/v1/klussen?sort=woonplaats&order=asc")},
		{"GET /api/v1/klussen?q=klant123@ (search, first page)", get("admin", "/api/v1/klussen?q=klant123@")},
		{"GET /api/v1/klussen?sort=status&order=desc (first page)", get("admin", "/api/v1/klussen?sort=status&order=desc")},
		{"GET /api/v1/klussen?archived=ja (first page)", get("admin", "/api/v1/klussen?archived=ja")},
		{"GET /api/v1/klussen (franchise utrecht, first page)", get("franchise", "/api/v1/klussen")},
		{"GET /api/v1/klussen?sort=datum&order=asc (franchise console, first page)", get("franchise", "/api/v1/klussen?sort=datum&order=asc")},
		{"GET /api/v1/klanten (first page)", get("admin", "/api/v1/klanten")},
		{"GET /api/v1/klanten?sort=aantal_klussen&order=desc (first page)", get("admin", "/api/v1/klanten?sort=aantal_klussen&order=desc")},
		{fmt.Sprintf("GET /api/v1/klanten?page=%d (deep page)", deep), get("admin", fmt.Sprintf("/api/v1/klanten?page=%d", deep))},
	}
	p50 := map[string]time.Duration{}
	for _, f := range figures {
		f.run() // warm the cache once
		var took []time.Duration
		for range listsRuns {
			t0 := time.Now()
			f.run()
			took = append(took, time.Since(t0))
		}
		slices.Sort(took)
		p50[f.name] = took[len(took)/2]
	}
	base := p50[figures[0].name]
	for _, f := range figures {
		fmt.Printf("lists at %d jobs, p50 of %d: %-72s %8.2f ms  (%.2fx the plain count)\n",
			listsJobs, listsRuns, f.name, float64(p50[f.name].Microseconds())/1000, float64(p50[f.name])/float64(base))
	}
	b.ReportMetric(float64(p50[figures[1].name].Microseconds())/1000, "jobs-first-page-p50-ms")
	b.ReportMetric(float64(base.Microseconds())/1000, "plain-count-p50-ms")
}
