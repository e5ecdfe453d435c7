package klus

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/list"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// Issue 44: the pool's total comes from the counters of migration 042, not from counting the pool.
// After every kind of change of the jobs (a claim, an assignment, a status, archiving, a move to
// another region, a job put back in the pool, deletes, one statement over many rows) the pool page's
// total and the dashboard's figure equal what a klusser counts on klussen itself under row-level
// security, for klussers of one and of two regions; a klusser of no region counts nothing.
func TestPoolCountFollowsEveryChange(t *testing.T) {
	d := dbtest.New(t)
	admin := tenants.WithActor(context.Background(), tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	if err := seed.Jobs(admin, d.DB, 400); err != nil {
		t.Fatal(err)
	}
	s := &portaalStore{db: d.DB}
	klussers := []tenants.Actor{
		{UserID: uuid.New(), Role: tenants.Klusser, Regions: []string{"den-haag"}},
		{UserID: uuid.New(), Role: tenants.Klusser, Regions: []string{"utrecht", "rotterdam"}},
		{UserID: uuid.New(), Role: tenants.Klusser, Regions: []string{}},
	}
	q, _ := url.ParseQuery("per_page=5")
	p, err := list.Parse(&PoolSpec, q)
	if err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		for _, a := range klussers {
			ctx := tenants.WithActor(context.Background(), a)
			var want int
			d.As(t, a, func(tx pgx.Tx) error {
				return tx.QueryRow(ctx, `SELECT count(*) FROM klussen k`+poolWhere, regionsOf(ctx)).Scan(&want)
			})
			n, err := s.PoolCount(ctx)
			if err != nil {
				t.Fatal(err)
			}
			page, err := s.Pool(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if n != want || page.Total != want {
				t.Errorf("%s, klusser of %v: count %d, page total %d, the pool holds %d", when, a.Regions, n, page.Total, want)
			}
			if len(a.Regions) > 0 && want == 0 && when == "seeded" {
				t.Errorf("seeded, klusser of %v: an empty pool proves nothing", a.Regions)
			}
		}
	}
	check("seeded")

	owner, err := pgx.Connect(context.Background(), d.OwnerURL)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close(context.Background())
	kid := uuid.New()
	d.As(t, tenants.ActorFrom(admin), func(tx pgx.Tx) error {
		_, err := tx.Exec(admin, `INSERT INTO profiles (id, naam) VALUES ($1, 'Pool Klusser')`, kid)
		return err
	})
	pick := `(SELECT id FROM klussen WHERE assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived
	          AND regio = $1 ORDER BY id LIMIT $2)`
	for _, c := range []struct {
		when, sql string
		args      []any
	}{
		{"claimed", `UPDATE klussen SET klusser_id = '` + kid.String() + `', claimed_at = now() WHERE id IN ` + pick, []any{"den-haag", 2}},
		{"planned", `UPDATE klussen SET status = 'ingepland' WHERE id IN ` + pick, []any{"utrecht", 3}},
		{"archived", `UPDATE klussen SET archived = true WHERE id IN ` + pick, []any{"rotterdam", 1}},
		{"taken out of the pool", `UPDATE klussen SET assignment_type = NULL WHERE id IN ` + pick, []any{"den-haag", 1}},
		{"moved to another region", `UPDATE klussen SET regio = 'utrecht' WHERE id IN ` + pick, []any{"den-haag", 2}},
		{"deleted", `DELETE FROM klussen WHERE id IN ` + pick, []any{"utrecht", 2}},
		{"put back in the pool", `UPDATE klussen SET status = 'open', klusser_id = NULL, assignment_type = 'pool', archived = false
		   WHERE id IN (SELECT id FROM klussen WHERE status = 'ingepland' AND regio = $1 ORDER BY id LIMIT $2)`, []any{"utrecht", 4}},
		{"one statement over many rows", `UPDATE klussen SET status = 'ingepland' WHERE regio = $1 AND status = 'open' AND id IN (SELECT id FROM klussen WHERE regio = $1 ORDER BY id LIMIT $2)`, []any{"rotterdam", 50}},
	} {
		if err := d.DB.InTx(admin, tenants.ActorFrom(admin), func(tx pgx.Tx) error {
			_, err := tx.Exec(admin, c.sql, c.args...)
			return err
		}); err != nil {
			t.Fatalf("%s: %v", c.when, err)
		}
		check(c.when)
	}

	// The counters equal a fresh count of the pool per region and town.
	var stale int
	if err := owner.QueryRow(context.Background(), `
		SELECT count(*) FROM (
		    (SELECT regio, woonplaats, aantal FROM klus_pool_tellingen WHERE aantal <> 0
		     EXCEPT SELECT regio, woonplaats, count(*) FROM klussen
		            WHERE assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived GROUP BY 1, 2)
		    UNION ALL
		    (SELECT regio, woonplaats, count(*) FROM klussen
		     WHERE assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived GROUP BY 1, 2
		     EXCEPT SELECT regio, woonplaats, aantal FROM klus_pool_tellingen WHERE aantal <> 0)) x`).Scan(&stale); err != nil {
		t.Fatal(err)
	}
	if stale != 0 {
		t.Errorf("%d pool count rows differ from a fresh count of the pool", stale)
	}
}

// The pool's page, taken from the jobs before they are joined, is the page the list's own order
// gives the joined jobs (tenants.ListPage over klusSelect), in both directions, up to past the end.
func TestPoolPagesAreTheListOrder(t *testing.T) {
	d := dbtest.New(t)
	admin := tenants.WithActor(context.Background(), tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	if err := seed.Jobs(admin, d.DB, 3000); err != nil {
		t.Fatal(err)
	}
	s := &portaalStore{db: d.DB}
	ctx := tenants.WithActor(context.Background(), tenants.Actor{UserID: uuid.New(), Role: tenants.Klusser, Regions: []string{"den-haag", "utrecht"}})
	for _, order := range []string{"asc", "desc"} {
		for page := 1; ; page++ {
			q, _ := url.ParseQuery(fmt.Sprintf("order=%s&per_page=5&page=%d", order, page))
			p, err := list.Parse(&PoolSpec, q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Pool(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			want, err := tenants.ListPage(ctx, d.DB, p, klusSelect+poolWhere, []any{regionsOf(ctx)}, scanKlus)
			if err != nil {
				t.Fatal(err)
			}
			var g, w []uuid.UUID
			for _, k := range got.Data {
				g = append(g, k.ID)
			}
			for _, k := range want.Data {
				w = append(w, k.ID)
			}
			if !slices.Equal(g, w) || got.Total != want.Total {
				t.Fatalf("order %s page %d: %v (total %d), want %v (total %d)", order, page, g, got.Total, w, want.Total)
			}
			if len(w) == 0 {
				if page < 3 {
					t.Fatalf("order %s: only %d pages; the test needs a pool", order, page-1)
				}
				break
			}
		}
	}
}

// The pool's read reads no job to count it: its plan as the klusser (the proved actor, row-level
// security) takes the total from klus_pool_tellingen and the page from the pool's own index.
func TestPoolPlanAsKlusser(t *testing.T) {
	d := dbtest.New(t)
	admin := tenants.WithActor(context.Background(), tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	if err := seed.Jobs(admin, d.DB, 2000); err != nil {
		t.Fatal(err)
	}
	a := tenants.Actor{UserID: uuid.New(), Role: tenants.Klusser, Regions: []string{"den-haag"}}
	var plan string
	d.As(t, a, func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `EXPLAIN (COSTS OFF) `+poolCount, a.Regions)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				return err
			}
			plan += line + "\n"
		}
		return rows.Err()
	})
	if !strings.Contains(plan, "klus_pool_tellingen") || strings.Contains(plan, "klussen") {
		t.Errorf("the pool's count reads more than its counters:\n%s", plan)
	}
}

// A job put back in the pool after its klusser started the work order keeps that work order as
// the klusser's record, but in the pool it is nobody's: that klusser's pool shows it like any
// other pool job, without a work order and not as its own, and with the job's own fields. (The
// pool joins no work orders.)
func TestPoolJobShowsNoWorkOrderOfItsFormerKlusser(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	former := tenants.Actor{UserID: uuid.New(), Role: tenants.Klusser, Regions: []string{"den-haag"}}
	var job uuid.UUID
	d.As(t, admin, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO profiles (id, naam, regio) VALUES ($1, 'Eerdere Klusser', '{den-haag}')`, former.UserID); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `
			INSERT INTO klussen (categorie, beschrijving, datum, tijd, naam, telefoon, email, adres, postcode, woonplaats, regio,
			                     status, klusser_id, assignment_type)
			VALUES ('veiligheid', 'Handgreep plaatsen', current_date + 3, 'middag', 'Mevrouw Jansen', '070 123 45 67',
			        'jansen@example.nl', 'Laan 1', '2511 AA', 'Den Haag', 'den-haag', 'ingepland', $1, 'direct')
			RETURNING id`, former.UserID).Scan(&job); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO werkbonnen (klus_id, klusser_id, start_tijd) VALUES ($1, $2, now())`, job, former.UserID); err != nil {
			return err
		}
		// Put back in the pool as the back office does: a started work order stays.
		_, err := tx.Exec(ctx, `UPDATE klussen SET klusser_id = NULL, status = 'open', claimed_at = NULL, assignment_type = 'pool' WHERE id = $1`, job)
		return err
	})
	s := &portaalStore{db: d.DB}
	kctx := tenants.WithActor(ctx, former)
	p, err := list.Parse(&PoolSpec, url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	page, err := s.Pool(kctx, p)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(page.Data, func(k Klus) bool { return k.ID == job })
	if i < 0 {
		t.Fatalf("the job put back in the pool is not in its former klusser's pool (%d jobs)", len(page.Data))
	}
	got := page.Data[i]
	if got.WerkbonID != nil || got.Eigen || got.Klant != nil {
		t.Errorf("pool job: werkbon %v, eigen %v, klant %v; want none, false, none", got.WerkbonID, got.Eigen, got.Klant)
	}
	if got.Categorie.Label == "" || got.Woonplaats != "Den Haag" || got.Beschrijving != "Handgreep plaatsen" {
		t.Errorf("pool job: %+v", got)
	}
	// Its details (the pool's details dialog) name the customer, as for any pool job, and no work
	// order either.
	detail, err := s.Klus(kctx, job)
	if err != nil {
		t.Fatal(err)
	}
	if detail.WerkbonID != nil || detail.Eigen {
		t.Errorf("pool job's details: werkbon %v, eigen %v; want none, false", detail.WerkbonID, detail.Eigen)
	}
	if detail.Klant == nil || detail.Klant.Naam != "Mevrouw Jansen" {
		t.Errorf("pool job's details: klant %+v, want Mevrouw Jansen", detail.Klant)
	}
}
