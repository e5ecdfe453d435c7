package afdracht

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Args is the monthly fee run; the worker finds what is due itself.
type Args struct{}

// Kind names the job.
func (Args) Kind() string { return "afdrachten" }

// Every is how often the run looks; from the 1st of a month (Amsterdam) it drafts the month
// before, once.
const Every = time.Hour

// Periodic is the run every hour and at start, on the queue's leader alone (River).
func Periodic() *river.PeriodicJob {
	return jobs.Periodic(Every, Args{})
}

// Worker drafts the fee statements and invoices.
type Worker struct{ jobs.Due[Args] }

// NewWorker is the run on db, dated by clock (nil: the real clock).
func NewWorker(db *tenants.DB, clock calendar.Clock) *Worker {
	return &Worker{jobs.Due[Args]{DB: db, Clock: clock}}
}

// Work runs with the client that runs it.
func (w *Worker) Work(ctx context.Context, _ *river.Job[Args]) error {
	return jobs.RunDue(ctx, w.Run)
}

// business is a franchise business with what its fee statement needs.
type business struct {
	id, regio, naam, adres, postcode, plaats, kvk, btw, percentage string
}

// Run drafts last month's fee statement of every franchise business that has none yet, and
// issues the central business's invoice for each fee above zero, e-mailed to the franchise owner
// (its PDF job, queued with enqueue). The unique statement per business and month makes a second
// run, on another server or after a restart, add nothing. It returns how many it drafted.
func (w *Worker) Run(ctx context.Context, enqueue jobs.Enqueue) (int, error) {
	clock := w.Clock.OrSystem()
	today := clock.Today()
	month := today.PreviousMonth()
	drafted := 0
	err := w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT u.id, u.regio, u.naam, u.adres, u.postcode, u.plaats, u.kvk_nummer, u.btw_nummer,
			       coalesce(p.percentage, `+DefaultPercentage+`)::text
			FROM factuur_uitgevers u LEFT JOIN afdracht_percentages p ON p.regio = u.regio
			WHERE u.id <> 'centraal' AND u.regio IS NOT NULL
			  AND NOT EXISTS (SELECT 1 FROM afdrachten a WHERE a.uitgever_id = u.id AND a.maand = $1)
			ORDER BY u.id`, month)
		if err != nil {
			return err
		}
		list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (business, error) {
			var b business
			return b, r.Scan(&b.id, &b.regio, &b.naam, &b.adres, &b.postcode, &b.plaats, &b.kvk, &b.btw, &b.percentage)
		})
		if err != nil {
			return err
		}
		for _, b := range list {
			ok, err := draft(ctx, tx, enqueue, today, month, b)
			if err != nil {
				return fmt.Errorf("afdracht %s %s: %w", b.id, month, err)
			}
			if ok {
				drafted++
			}
		}
		return nil
	})
	return drafted, err
}

// draft records one business's statement of month and its invoice; false when another run did.
func draft(ctx context.Context, tx pgx.Tx, enqueue jobs.Enqueue, today, month calendar.Date, b business) (bool, error) {
	// The month's invoices of the business to its customers, its credit invoices counting
	// negative: the revenue excluding VAT (D32).
	var id uuid.UUID
	var omzet, fee int
	err := tx.QueryRow(ctx, `
		WITH m AS (
			SELECT coalesce(sum(f.subtotaal_cents), 0) AS omzet,
			       coalesce(array_agg(f.factuurnummer ORDER BY f.factuurnummer), '{}') AS nummers
			FROM facturen f
			WHERE f.uitgever_id = $1 AND f.soort = 'klant' AND f.datum >= $2::date AND f.datum < ($2::date + interval '1 month'))
		INSERT INTO afdrachten (uitgever_id, regio, maand, omzet_cents, percentage, bedrag_cents, facturen)
		SELECT $1, $3, $2, m.omzet, $4::numeric, round(m.omzet * $4::numeric / 100), m.nummers FROM m
		ON CONFLICT (uitgever_id, maand) DO NOTHING
		RETURNING id, omzet_cents, bedrag_cents`, b.id, month, b.regio, b.percentage).Scan(&id, &omzet, &fee)
	if err == pgx.ErrNoRows {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if fee > 0 {
		if err := invoice(ctx, tx, enqueue, today, month, b, id, omzet, fee); err != nil {
			return false, err
		}
	}
	return true, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "afdracht", Entity: "afdracht", EntityID: id.String(), Region: &b.regio,
		After: map[string]any{"maand": month.String(), "omzet_cents": omzet, "percentage": b.percentage, "bedrag_cents": fee}})
}

// invoice issues the central business's invoice for a fee: numbered in its sequence of today's
// year, to the franchise business (KvK, VAT), one line, 21 % VAT, e-mailed to the franchise owner.
func invoice(ctx context.Context, tx pgx.Tx, enqueue jobs.Enqueue, today, month calendar.Date, b business, afdracht uuid.UUID, omzet, fee int) error {
	nummer, err := factuur.NextNumber(ctx, tx, "centraal", "", today.Year)
	if err != nil {
		return err
	}
	var email string
	if err := tx.QueryRow(ctx, `
		SELECT coalesce((SELECT p.email FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'franchise'
		                 WHERE $1 = ANY (p.regio) AND p.email <> '' ORDER BY p.created_at, p.id LIMIT 1), '')`, b.regio).Scan(&email); err != nil {
		return err
	}
	naam := month.MonthInWords()
	line := fmt.Sprintf("Franchisefee %s: %s%% van %s omzet excl. btw", naam, dutchPercentage(b.percentage), factuur.Euro(omzet))
	regels, err := json.Marshal([]map[string]any{{"omschrijving": line, "aantal": 1, "eenheid": "maand", "prijs_cents": fee, "bedrag_cents": fee}})
	if err != nil {
		return err
	}
	var nummers []string
	if err := tx.QueryRow(ctx, `SELECT facturen FROM afdrachten WHERE id = $1`, afdracht).Scan(&nummers); err != nil {
		return err
	}
	omschrijving := "Franchisefee " + naam + " over de facturen " + joinNumbers(nummers) + "."
	var id uuid.UUID
	if err := tx.QueryRow(ctx, `
		INSERT INTO facturen (soort, regio, factuurnummer, datum, klant_naam, klant_email, klant_adres, klant_postcode, klant_woonplaats,
		                      klant_kvk, klant_btw_nummer, omschrijving, uren, uurtarief_cents, materiaal_cents, subtotaal_cents,
		                      btw_bedrag_cents, totaal_bedrag_cents, regels)
		VALUES ('afdracht', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, 0, 0, $12::int, round($12::int * 0.21), $12::int + round($12::int * 0.21), $13)
		RETURNING id`,
		b.regio, nummer, today, b.naam, email, b.adres, b.postcode, b.plaats, b.kvk, b.btw,
		omschrijving, fee, regels).Scan(&id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE afdrachten SET factuur_id = $2 WHERE id = $1`, afdracht, id); err != nil {
		return err
	}
	return enqueue(ctx, tx, factuur.PDFArgs{FactuurID: id, Mail: email != ""})
}

// dutchPercentage writes 8.00 as 8 and 7.50 as 7,5.
func dutchPercentage(p string) string {
	if strings.Contains(p, ".") {
		p = strings.TrimRight(strings.TrimRight(p, "0"), ".")
	}
	return strings.ReplaceAll(p, ".", ",")
}

func joinNumbers(n []string) string {
	switch len(n) {
	case 0:
		return "(geen)"
	case 1:
		return n[0]
	}
	out := ""
	for i, x := range n {
		switch {
		case i == 0:
		case i == len(n)-1:
			out += " en "
		default:
			out += ", "
		}
		out += x
	}
	return out
}
