package uitbetaling_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/uitbetaling"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// The demo's last month: Piet's statement approved and in Den Haag's batch, Gerrit's paid,
// Jan's a concept, each with its bank account; loading it again changes nothing.
func TestDemoStatements(t *testing.T) {
	d := dbtest.New(t)
	ids := seed.IDs{}
	for _, u := range seed.Users {
		ids[u.Email] = uuid.New()
	}
	today, _ := calendar.ParseDate("2026-11-27")
	if err := seed.Run(context.Background(), d.DB, today, ids); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := uitbetaling.Demo(context.Background(), d.DB, today, factuur.Site{}); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string]string{}
	var accounts, batches int
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		ctx := context.Background()
		rows, err := tx.Query(ctx, `SELECT p.email, u.status || ' ' || u.maand::text || ' ' || u.uitgever_id || ' ' || u.totaal_cents::text ||
			' ' || (u.batch_id IS NOT NULL)::text FROM uitbetalingen u JOIN profiles p ON p.id = u.klusser_id`)
		if err != nil {
			return err
		}
		for rows.Next() {
			var email, row string
			if err := rows.Scan(&email, &row); err != nil {
				return err
			}
			got[email] = row
		}
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM klusser_bankrekeningen`).Scan(&accounts); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT count(*) FROM betaalbatches`).Scan(&batches)
	})
	want := map[string]string{
		"piet.bakker@klusmaat.nl":   "goedgekeurd 2026-10-01 den-haag 17500 true",
		"gerrit.visser@klusmaat.nl": "uitbetaald 2026-10-01 centraal 17500 true",
		"jan.degroot@klusmaat.nl":   "concept 2026-10-01 centraal 17500 false",
	}
	for email, w := range want {
		if got[email] != w {
			t.Errorf("%s: %q, want %q", email, got[email], w)
		}
	}
	if len(got) != 3 || accounts != 3 || batches != 2 {
		t.Errorf("%d statements, %d bank accounts, %d batches; want 3, 3, 2", len(got), accounts, batches)
	}
}
