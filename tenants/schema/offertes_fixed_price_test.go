package schema_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// A klusser reads the accepted quote of a job it sees, its own or one in its regions' pool, and no
// other quote: not of another klusser's job, not of another region's pool, not of a request not yet
// in the pool, and not a quote that is only sent (migration 034's rule; migration 053 asks the
// job's visibility through klus_visible() instead of a subquery, with the same answers). The
// franchise owner reads the quotes of its region, the admin all.
func TestKlusserReadsTheFixedPriceOfVisibleJobsOnly(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	quotes := map[uuid.UUID]string{}
	d.As(t, actors["admin"], func(tx pgx.Tx) error {
		for _, q := range []struct{ job, status string }{
			{"dh_pool", "akkoord"}, {"dh_new", "akkoord"}, {"dh_kdh", "akkoord"}, {"dh_kdh2", "verstuurd"},
			{"ut_pool", "akkoord"}, {"ut_kut", "akkoord"},
		} {
			var qid uuid.UUID
			if err := tx.QueryRow(ctx, `
				INSERT INTO offertes (klus_id, arbeid_wijze, arbeid_omschrijving, uurtarief_cents, arbeid_cents, materialen,
				                      materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot, nummer, versie, regio, created_by)
				VALUES ($1, 'vast', 'Planken ophangen', 6500, 10000, '[]', 0, 10000, 2100, 12100, current_date + 30, 'O0000-0000', 1, '', actor_id())
				RETURNING id`, id(q.job)).Scan(&qid); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE offertes SET status = 'verstuurd', verstuurd_at = now() WHERE id = $1`, qid); err != nil {
				return err
			}
			if q.status == "akkoord" {
				if _, err := tx.Exec(ctx, `UPDATE offertes SET status = 'akkoord', beslist_at = now() WHERE id = $1`, qid); err != nil {
					return err
				}
			}
			quotes[qid] = q.job
		}
		return nil
	})
	for name, want := range map[string][]string{
		"anon":  nil,
		"kdh":   {"dh_kdh", "dh_pool"},
		"kut":   {"ut_kut", "ut_pool"},
		"fdh":   {"dh_kdh", "dh_kdh2", "dh_new", "dh_pool"},
		"fut":   {"ut_kut", "ut_pool"},
		"admin": {"dh_kdh", "dh_kdh2", "dh_new", "dh_pool", "ut_kut", "ut_pool"},
	} {
		var got []string
		d.As(t, actors[name], func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `SELECT id FROM offertes`)
			if err != nil {
				return err
			}
			ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
			for _, q := range ids {
				got = append(got, quotes[q])
			}
			return err
		})
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s reads the quotes of %v, want %v", name, got, want)
		}
	}
}
