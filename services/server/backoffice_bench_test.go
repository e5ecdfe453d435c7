package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The back office at a million jobs (D25): 1,000,000 jobs over the four regions, 40
// towns, every status, 5% archived, 200,000 customers. (The dashboard and the customer list read
// the counts that migration 020's triggers keep; the jobs list counts its matches with count(*)
// OVER ().) Then, through the real HTTP handler, policy
// and row-level security, as an admin: the dashboard, the first page of the jobs list with a
// status filter (its total from the counters, its rows from the index in order), its status cards
// the first page of the customers, the week board's first page of 25 klussers of a week (all regions and one: D29,
// goal 20 ms p50), a year's charts and the dashboards' trend, each backOfficeRuns times;
// beside them, in the same run, a plain SELECT count(*) of the table in the admin's transaction.
// The figures are medians (p50). Seeding takes about a minute on two cores; the runs are bounded.
const (
	backOfficeJobs = 1_000_000
	backOfficeRuns = 15
)

func BenchmarkBackOfficeMillionJobs(b *testing.B) {
	d := dbtest.New(b)
	ctx := context.Background()
	start := time.Now()
	seedMillionJobs(b, d)
	fmt.Printf("back office: seeded %d jobs in %s\n", backOfficeJobs, time.Since(start).Round(time.Second))

	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	enf, _ := policy.New()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	slog.SetDefault(quiet)
	h, _ := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: quiet, Site: web.Site{Brand: "Klusmaat"},
		Resolver: func(*http.Request) (tenants.Actor, error) { return admin, nil }})
	ts := httptest.NewServer(h)
	defer ts.Close()

	explainAs(b, d, admin, "the first page of the jobs list with a status filter", `
		SELECT k.id, k.datum FROM klussen k WHERE k.status = ANY ('{open}') AND NOT k.archived
		ORDER BY k.datum DESC NULLS LAST, k.created_at, k.id LIMIT 25`)

	// The board's first page of 25 klussers (by name) and then only their jobs of the week.
	explainAs(b, d, admin, "the week board's planned jobs of a week, all regions, page 1's klussers", `
		SELECT k.id, k.klusser_id, k.status, k.woonplaats, k.regio, k.geplande_start_tijd, k.datum, k.tijd
		FROM klussen k
		WHERE k.klusser_id = ANY (ARRAY(SELECT p.id FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'
		                              WHERE p.actief ORDER BY p.naam, p.id LIMIT 25)) AND NOT k.archived
		  AND ((k.geplande_start_tijd >= '2026-06-01 00:00+02' AND k.geplande_start_tijd < '2026-06-08 00:00+02')
		    OR (k.geplande_start_tijd IS NULL AND k.datum >= '2026-06-01' AND k.datum < '2026-06-08'))`)

	get := func(path string) func() {
		return func() {
			resp, err := http.Get(ts.URL + path)
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
	figures := []struct {
		name string
		run  func()
	}{
		{"SELECT count(*) FROM klussen (admin transaction, no HTTP)", count},
		{"GET /api/v1/dashboard", get("/api/v1/dashboard")},
		{"GET /api/v1/klussen?status=open (first page of 25)", get("/api/v1/klussen?status=open")},
		{"GET /api/v1/klussen?status=afgerond&regio=utrecht (first page)", get("/api/v1/klussen?status=afgerond&regio=utrecht")},
		{"GET /api/v1/klussen/counts (status cards)", get("/api/v1/klussen/counts")},
		{"GET /api/v1/klanten (first page of 200,000 customers)", get("/api/v1/klanten")},
		{"GET /api/v1/planning?week=2026-06-03 (the week board, page 1, all regions)", get("/api/v1/planning?week=2026-06-03&pagina=1")},
		{"GET /api/v1/planning?week=2026-06-03&regio=utrecht (page 1)", get("/api/v1/planning?week=2026-06-03&regio=utrecht&pagina=1")},
		{"GET /api/v1/rapportages/grafieken (a year's charts)", get("/api/v1/rapportages/grafieken?van=2026-01-01&tot=2026-12-31")},
		{"GET /api/v1/dashboard/trend (8 weeks)", get("/api/v1/dashboard/trend")},
	}
	p50 := map[string]time.Duration{}
	for _, f := range figures {
		f.run() // warm the cache once
		var took []time.Duration
		for range backOfficeRuns {
			t0 := time.Now()
			f.run()
			took = append(took, time.Since(t0))
		}
		slices.Sort(took)
		p50[f.name] = took[len(took)/2]
	}
	base := p50[figures[0].name]
	for _, f := range figures {
		fmt.Printf("back office at %d jobs, p50 of %d: %-76s %8.1f ms  (%.3fx the plain count)\n",
			backOfficeJobs, backOfficeRuns, f.name, float64(p50[f.name].Microseconds())/1000, float64(p50[f.name])/float64(base))
	}
	b.ReportMetric(float64(p50[figures[1].name].Milliseconds()), "dashboard-p50-ms")
	b.ReportMetric(float64(p50[figures[2].name].Milliseconds()), "jobs-status-page-p50-ms")
	b.ReportMetric(float64(p50[figures[6].name].Milliseconds()), "planning-week-p50-ms")
	b.ReportMetric(float64(p50[figures[8].name].Milliseconds()), "charts-year-p50-ms")
	b.ReportMetric(float64(base.Milliseconds()), "plain-count-p50-ms")
}

// seedMillionJobs inserts the jobs in one statement as the schema owner, with the table's indexes
// built afterwards and its triggers (events, column rules) off: a bulk load, not a million
// requests. Row-level security is forced again and statistics and the visibility map are fresh,
// as on a live database, before anything is measured.
func seedMillionJobs(b *testing.B, d *dbtest.Database) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	var indexes []string
	rows, err := conn.Query(ctx, `
		SELECT indexdef FROM pg_indexes i
		WHERE tablename = 'klussen' AND schemaname = current_schema()
		  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`)
	if err == nil {
		indexes, err = pgx.CollectRows(rows, pgx.RowTo[string])
	}
	if err != nil {
		b.Fatal(err)
	}
	towns := []string{"Voorburg", "Leidschendam", "Wassenaar", "Den Haag", "Rijswijk", "Delft", "Zoetermeer", "Pijnacker", "Nootdorp", "Monster",
		"Utrecht", "Zeist", "Nieuwegein", "Houten", "Maarssen", "IJsselstein", "Bunnik", "De Bilt", "Bilthoven", "Vianen",
		"Rotterdam", "Schiedam", "Vlaardingen", "Capelle", "Barendrecht", "Ridderkerk", "Spijkenisse", "Maassluis", "Rhoon", "Hellevoetsluis",
		"Amsterdam", "Amstelveen", "Diemen", "Zaandam", "Haarlem", "Purmerend", "Hoofddorp", "Weesp", "Landsmeer", "Ouder-Amstel"}
	exec := func(sql string, args ...any) {
		if _, err := conn.Exec(ctx, sql, args...); err != nil {
			b.Fatalf("%s: %v", sql, err)
		}
	}
	// 200 klussers, 50 per region, for the planned jobs of the week board (D29); the profiles'
	// region check reads the regions as the app's actor, which this owner connection has not.
	exec(`ALTER TABLE profiles DISABLE TRIGGER USER`)
	exec(`ALTER TABLE profiles NO FORCE ROW LEVEL SECURITY`)
	exec(`INSERT INTO profiles (id, naam, email, regio)
		SELECT gen_random_uuid(), 'Klusser ' || i, 'bench-klusser-' || i || '@example.nl',
		       ARRAY[(ARRAY['den-haag', 'utrecht', 'rotterdam', 'amsterdam'])[1 + (i - 1) / 50]]
		FROM generate_series(1, 200) i`)
	exec(`ALTER TABLE profiles FORCE ROW LEVEL SECURITY`)
	exec(`ALTER TABLE profiles ENABLE TRIGGER USER`)
	exec(`ALTER TABLE user_roles NO FORCE ROW LEVEL SECURITY`)
	exec(`INSERT INTO user_roles (user_id, role) SELECT id, 'klusser' FROM profiles WHERE email LIKE 'bench-klusser-%'`)
	exec(`ALTER TABLE user_roles FORCE ROW LEVEL SECURITY`)
	exec(`ALTER TABLE klussen DISABLE TRIGGER USER`)
	exec(`ALTER TABLE klussen NO FORCE ROW LEVEL SECURITY`)
	for _, def := range indexes {
		exec(`DROP INDEX ` + indexName.FindStringSubmatch(def)[1])
	}
	exec(fmt.Sprintf(`
		WITH kl AS (SELECT array_agg(id ORDER BY regio[1] = 'den-haag' DESC, regio[1] = 'utrecht' DESC, regio[1] = 'rotterdam' DESC, naam) AS ids
		            FROM profiles WHERE email LIKE 'bench-klusser-%%')
		INSERT INTO klussen (regio, status, assignment_type, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats,
		                     telefoon, email, archived, created_at, klusser_id, geplande_start_tijd)
		SELECT (ARRAY['den-haag', 'utrecht', 'rotterdam', 'amsterdam'])[1 + (i / 10) %% 4],
		       (ARRAY['open', 'ingepland', 'bezig', 'afgerond', 'afgerond', 'afgerond'])[1 + i %% 6],
		       CASE WHEN i %% 3 = 0 THEN 'pool' ELSE 'direct' END, 'montage', 'Klus nummer ' || i,
		       date '2026-01-01' + (i %% 730), 'ochtend', 'Straat ' || i, '2271 AB',
		       ($1::text[])[1 + ((i / 10) %% 4) * 10 + i %% 10], '070 123 45 67', 'klant' || (i %% 200000) || '@example.nl',
		       i %% 20 = 0, timestamptz '2025-01-01' + i * interval '30 seconds',
		       -- every job but an open one has a klusser of its region and a start at 09:00 on its date
		       CASE WHEN i %% 6 <> 0 THEN kl.ids[1 + ((i / 10) %% 4) * 50 + i %% 50] END,
		       CASE WHEN i %% 6 <> 0 THEN ((date '2026-01-01' + (i %% 730)) + time '09:00') AT TIME ZONE 'Europe/Amsterdam' END
		FROM generate_series(1, %d) i, kl`, backOfficeJobs), towns)
	for _, def := range indexes {
		exec(def)
	}
	exec(`ALTER TABLE klussen FORCE ROW LEVEL SECURITY`)
	exec(`ALTER TABLE klussen ENABLE TRIGGER USER`)
	exec(`SELECT tellingen_herberekenen()`) // the counts the triggers keep (migration 020)
	if _, err := conn.Exec(ctx, `VACUUM (ANALYZE) klussen`); err != nil {
		b.Fatal(err)
	}
}

// indexName finds the index's name in its definition.
var indexName = regexp.MustCompile(`INDEX (\S+) ON `)

// explainAs prints the plan of query as actor runs it, with its timing, so that a lost index shows.
func explainAs(b *testing.B, d *dbtest.Database, actor tenants.Actor, what, query string) {
	d.As(b, actor, func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `EXPLAIN (ANALYZE, COSTS OFF) `+query)
		if err != nil {
			return err
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		fmt.Printf("plan of %s:\n  %s\n", what, strings.Join(lines, "\n  "))
		return err
	})
}
