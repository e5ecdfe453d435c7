package seed

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// quoteStates are the demo's quotes (D26), one per state, each on an open request without one (a
// request without an e-mail address gets the concept, the others were sent):
// a concept being written, one sent and awaiting the customer, one accepted (its job in the pool,
// where the klusser sees the fixed price), one declined with the customer's reason, and one sent
// whose validity date has passed.
var quoteStates = []struct {
	state, reason string
	validDays     int
	pool          bool
}{
	{state: "concept", validDays: 30},
	{state: "akkoord", validDays: 20, pool: true}, // second: the first den-haag request with an address, in Piet's pool
	{state: "verstuurd", validDays: 25},
	{state: "niet_akkoord", validDays: 20, reason: "Ik vind het te duur; mijn buurman helpt me misschien."},
	{state: "verlopen", validDays: -3},
}

// seedOffertes writes the demo's quotes once: a second run finds the requests quoted already.
func seedOffertes(ctx context.Context, tx pgx.Tx, today calendar.Date) error {
	var quoted bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM offertes)`).Scan(&quoted); err != nil || quoted {
		return err
	}
	rows, err := tx.Query(ctx, `
		SELECT id FROM klussen
		WHERE status = 'open' AND klusser_id IS NULL AND assignment_type IS NULL AND NOT archived
		ORDER BY email <> '', regio = 'den-haag' DESC, created_at, id LIMIT $1`, len(quoteStates))
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[[16]byte])
	if err != nil {
		return err
	}
	for i, id := range ids {
		q := quoteStates[i]
		// Labour at a fixed price, one or two material lines; the database numbers it (O<year>-<nnnn>).
		var offerte [16]byte
		err := tx.QueryRow(ctx, `
			INSERT INTO offertes (klus_id, arbeid_wijze, arbeid_omschrijving, uurtarief_cents, arbeid_cents, materialen,
			                      materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot, nummer, versie, regio, created_at)
			SELECT k.id, 'vast', 'Werkzaamheden volgens de schouw', k.geschat_tarief_cents, a.arbeid, m.lines, m.total,
			       a.arbeid + m.total, round((a.arbeid + m.total) * 0.21), a.arbeid + m.total + round((a.arbeid + m.total) * 0.21),
			       $2::date, 'O0000-0000', 1, '', now()
			FROM klussen k,
			     LATERAL (SELECT 9500 + 2500 * $3::int AS arbeid) a,
			     LATERAL (SELECT jsonb_build_array(jsonb_build_object('omschrijving', 'Bevestigingsmateriaal', 'aantal', 1, 'prijs_cents', 850),
			                                       jsonb_build_object('omschrijving', 'Plank eiken 80 cm', 'aantal', 2, 'prijs_cents', 1250)) AS lines,
			                     850 + 2 * 1250 AS total) m
			WHERE k.id = $1
			RETURNING id`, id, today.AddDays(q.validDays).String(), i).Scan(&offerte)
		if err != nil {
			return fmt.Errorf("seed quote %d: %w", i, err)
		}
		if q.state == "concept" {
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE offertes SET status = 'verstuurd', verstuurd_at = now() - interval '2 days' WHERE id = $1`, offerte); err != nil {
			return fmt.Errorf("seed quote %d sent: %w", i, err)
		}
		if q.state == "akkoord" || q.state == "niet_akkoord" {
			if _, err := tx.Exec(ctx, `UPDATE offertes SET status = $2, beslist_at = now() - interval '1 day', reden = $3 WHERE id = $1`,
				offerte, q.state, q.reason); err != nil {
				return fmt.Errorf("seed quote %d decided: %w", i, err)
			}
		}
		if q.pool {
			if _, err := tx.Exec(ctx, `UPDATE klussen SET assignment_type = 'pool' WHERE id = $1`, id); err != nil {
				return fmt.Errorf("seed quoted job %d to the pool: %w", i, err)
			}
		}
	}
	return nil
}
