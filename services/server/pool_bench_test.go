package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
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

// The pool load: 64 klussers of one region page through their pool at once, through
// the real HTTP handler, policy and row-level security, for poolLoadFor; then pgbench -S (primary
// key reads, no RLS, no HTTP) runs with as many clients on the same cluster for as long. The ratio
// says what the API costs over the database's bare read rate. Loopback only; bounded in time.
const (
	poolKlussers = 64
	poolLoadFor  = 5 * time.Second
)

func BenchmarkPoolList(b *testing.B) {
	d := dbtest.New(b)
	ctx := context.Background()
	klussers := make([]uuid.UUID, poolKlussers)
	for i := range klussers {
		klussers[i] = uuid.New()
	}
	// 2,000 jobs over four regions, a third of them in the pool; 64 klussers in den-haag.
	d.As(b, tenants.SystemActor(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO user_roles (user_id, role) SELECT unnest($1::uuid[]), 'klusser'`, klussers); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO profiles (id, naam, regio) SELECT id, 'Klusser', '{den-haag}' FROM unnest($1::uuid[]) id`, klussers); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO klussen (regio, assignment_type, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
			SELECT (ARRAY['den-haag', 'utrecht', 'rotterdam', 'amsterdam'])[1 + i % 4],
			       CASE WHEN i % 3 = 0 THEN 'pool' END, 'montage', 'Klus ' || i, current_date + (i % 60), 'ochtend',
			       'Straat ' || i, '2271 AB', 'Voorburg', '070'
			FROM generate_series(1, 2000) i`)
		return err
	})
	// Fresh statistics, as a live database has them, so that the plan below is the real one.
	if conn, err := pgx.Connect(ctx, d.OwnerURL); err == nil {
		_, _ = conn.Exec(ctx, `ANALYZE`)
		conn.Close(ctx)
	}
	explainPool(b, d, tenants.Actor{UserID: klussers[0], Role: tenants.Klusser, Regions: []string{"den-haag"}})

	enf, _ := policy.New()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	slog.SetDefault(quiet)
	h, _ := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: quiet, Site: web.Site{Brand: "Klusmaat"},
		Resolver: func(r *http.Request) (tenants.Actor, error) {
			id, err := uuid.Parse(r.Header.Get("X-Test-User"))
			return tenants.Actor{UserID: id, Role: tenants.Klusser, Regions: []string{"den-haag"}}, err
		}})
	ts := httptest.NewServer(h)
	defer ts.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: poolKlussers}}

	var done atomic.Int64
	var wg sync.WaitGroup
	stop := time.Now().Add(poolLoadFor)
	for i, k := range klussers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; time.Now().Before(stop); n++ {
				req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/api/v1/klusser/pool?page=%d&per_page=25", ts.URL, 1+(i+n)%7), nil)
				req.Header.Set("X-Test-User", k.String())
				resp, err := client.Do(req)
				if err != nil || resp.StatusCode != http.StatusOK {
					b.Errorf("pool list: %v %v", err, resp)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	apiRate := float64(done.Load()) / poolLoadFor.Seconds()
	b.ReportMetric(apiRate, "pool-req/s")

	tps, err := pgbenchSelectOnly(d.OwnerURL, poolKlussers, poolLoadFor)
	if err != nil {
		b.Logf("pgbench -S not run: %v", err)
		fmt.Printf("GET /api/v1/klusser/pool at %d concurrent klussers (HTTP, policy, RLS): %.0f requests/s; pgbench -S: not available (%v)\n",
			poolKlussers, apiRate, err)
		return
	}
	b.ReportMetric(tps, "pgbench-S-tps")
	fmt.Printf("GET /api/v1/klusser/pool at %d concurrent klussers (HTTP, policy, RLS): %.0f requests/s; pgbench -S with %d clients on the same cluster: %.0f transactions/s; ratio %.3f (%.1f%% of the bare read rate)\n",
		poolKlussers, apiRate, poolKlussers, tps, apiRate/tps, 100*apiRate/tps)
}

// explainPool prints the plan of the pool page as the klusser sees it, so that a lost index shows.
func explainPool(b *testing.B, d *dbtest.Database, klusser tenants.Actor) {
	d.As(b, klusser, func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `
			EXPLAIN SELECT k.id, k.datum, count(*) OVER () FROM klussen k
			WHERE k.assignment_type = 'pool' AND k.status = 'open' AND k.klusser_id IS NULL AND NOT k.archived
			  AND k.regio = ANY ('{den-haag}'::text[])
			ORDER BY k.datum, k.id LIMIT 25`)
		if err != nil {
			return err
		}
		defer rows.Close()
		fmt.Println("plan of the pool page:")
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				return err
			}
			fmt.Println("  " + line)
		}
		return rows.Err()
	})
}

var tpsLine = regexp.MustCompile(`tps = ([0-9.]+) \(without initial connection time\)`)

// pgbenchSelectOnly runs Debian's pgbench -S (scale 1) against url for d with clients clients,
// found the way scripts/pg.sh finds pg_ctl, and returns its transactions per second.
func pgbenchSelectOnly(url string, clients int, d time.Duration) (float64, error) {
	bin, err := pgBin("pgbench")
	if err != nil {
		return 0, err
	}
	if out, err := exec.Command(bin, "-i", "-s", "1", "-q", url).CombinedOutput(); err != nil {
		return 0, fmt.Errorf("pgbench -i: %v: %s", err, out)
	}
	out, err := exec.Command(bin, "-S", "-n", "-c", strconv.Itoa(clients), "-j", "2", "-T", strconv.Itoa(int(d.Seconds())), url).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("pgbench -S: %v: %s", err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("pgbench -S: no tps in %s", out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

// pgBin finds a PostgreSQL program in the newest /usr/lib/postgresql/*/bin, else on PATH.
func pgBin(name string) (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, dir := range dirs {
		if p := filepath.Join(dir, name); exec.Command("test", "-x", p).Run() == nil {
			return p, nil
		}
	}
	return exec.LookPath(name)
}

func versionOf(dir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return v
}
