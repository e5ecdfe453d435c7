package klus

import (
	"context"
	"net/url"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/list"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// Issue 39, D26/D33: once the customer accepted a quote, the back office's jobs list and job
// details carry the fixed price of the accepted version (its number, version and amounts), so that
// no screen shows the hourly estimate for it; a job whose quote is only sent, or replaced by a
// version still to be answered, has none.
func TestListAndDetailCarryTheAcceptedFixedPrice(t *testing.T) {
	d := dbtest.New(t)
	actor := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	admin := tenants.WithActor(context.Background(), actor)
	if err := seed.Jobs(admin, d.DB, 2); err != nil {
		t.Fatal(err)
	}
	var accepted, sent uuid.UUID
	d.As(t, actor, func(tx pgx.Tx) error {
		if err := tx.QueryRow(admin, `SELECT id FROM klussen ORDER BY created_at, id LIMIT 1`).Scan(&accepted); err != nil {
			return err
		}
		if err := tx.QueryRow(admin, `SELECT id FROM klussen ORDER BY created_at, id OFFSET 1 LIMIT 1`).Scan(&sent); err != nil {
			return err
		}
		// Version 1 sent and declined, version 2 (hours × rate) sent and accepted; on the other job
		// one version sent, not answered.
		version := func(klus uuid.UUID, uren string, arbeid int, outcome string) error {
			var id uuid.UUID
			if err := tx.QueryRow(admin, `
				INSERT INTO offertes (klus_id, arbeid_wijze, arbeid_omschrijving, arbeid_uren, uurtarief_cents, arbeid_cents,
				                      materialen, materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot,
				                      nummer, versie, regio, created_by)
				VALUES ($1, CASE WHEN $2::text = '' THEN 'vast' ELSE 'uren' END, 'Planken ophangen', nullif($2::text, '')::numeric, 6500, $3::int,
				        '[]', 0, $3::int, round($3::int * 0.21), $3::int + round($3::int * 0.21), current_date + 30, 'O0000-0000', 1, '', actor_id())
				RETURNING id`, klus, uren, arbeid).Scan(&id); err != nil {
				return err
			}
			if _, err := tx.Exec(admin, `UPDATE offertes SET status = 'verstuurd', verstuurd_at = now() WHERE id = $1`, id); err != nil {
				return err
			}
			if outcome == "" {
				return nil
			}
			_, err := tx.Exec(admin, `UPDATE offertes SET status = $2, beslist_at = now() WHERE id = $1`, id, outcome)
			return err
		}
		if err := version(accepted, "", 15000, "niet_akkoord"); err != nil {
			return err
		}
		if err := version(accepted, "3.5", 22750, "akkoord"); err != nil {
			return err
		}
		return version(sent, "", 9000, "")
	})

	s := &beheerStore{db: d.DB}
	want := VastePrijs{Offerte: "", Versie: 2, ExclCents: 22750, InclCents: 22750 + 4778}
	d.As(t, actor, func(tx pgx.Tx) error {
		return tx.QueryRow(admin, `SELECT nummer FROM offertes WHERE klus_id = $1 AND versie = 2`, accepted).Scan(&want.Offerte)
	})
	q, _ := url.ParseQuery("per_page=50&archived=alle")
	p, err := list.Parse(&Spec, q)
	if err != nil {
		t.Fatal(err)
	}
	page, err := s.List(admin, p, FilterOf(p))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[uuid.UUID]ListItem{}
	for _, r := range page.Data {
		rows[r.ID] = r
	}
	if r := rows[accepted]; r.VastePrijs == nil || *r.VastePrijs != want {
		t.Errorf("the list row of the accepted job: %+v, want %+v", r.VastePrijs, want)
	}
	if r := rows[sent]; r.ID != sent || r.VastePrijs != nil {
		t.Errorf("the list row of a job with a quote not yet accepted: %+v", r.VastePrijs)
	}
	detail, err := s.Get(admin, accepted)
	if err != nil {
		t.Fatal(err)
	}
	if detail.VastePrijs == nil || *detail.VastePrijs != want {
		t.Errorf("the accepted job's details: %+v, want %+v", detail.VastePrijs, want)
	}
	if detail, err = s.Get(admin, sent); err != nil || detail.VastePrijs != nil {
		t.Errorf("the details of a job with a quote not yet accepted: %+v %v", detail.VastePrijs, err)
	}
}
