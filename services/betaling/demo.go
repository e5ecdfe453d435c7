package betaling

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/aanmaning"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// Demo gives the demo's history invoices (tenants/schema/seed, historie.go) what happened to them
// after they were issued, so that `make run` shows an invoice in every state of D30, dated as if
// the platform had run all along (today is the seed's day):
//
//	H1 den-haag   paid by bank, booked by the office 50 days ago
//	H2 utrecht    the betalingsherinnering 24 days ago, the 14-dagenbrief 10 days ago (WIK costs, term)
//	H3 den-haag   the betalingsherinnering 4 days ago
//	H4 utrecht    in dispute, with the office's note
//	H5 den-haag   credited today by a credit invoice in Den Haag's sequence
//	H6 rotterdam  half paid by bank 20 days ago, the reminder for the rest 9 days ago
//	H7 utrecht    no e-mail address: the reminder and the 14-dagenbrief by post, then 'Uit handen geven?'
//
// It runs as the system, after seed.Run. Every step is guarded (a payment or event that exists,
// the unique reminders, an existing credit), so a second run adds nothing; each step is its own
// transaction, so the timeline lists them in this order.
func Demo(ctx context.Context, db *tenants.DB, today calendar.Date) error {
	for _, s := range demoSteps(today) {
		if err := db.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
			f, err := demoInvoice(ctx, tx, s.key)
			if err != nil {
				return err
			}
			return s.do(ctx, tx, f)
		}); err != nil {
			return fmt.Errorf("betaling: demo %s: %w", s.key, err)
		}
	}
	return nil
}

// demoFactuur is what the steps need of a history invoice.
type demoFactuur struct {
	id        uuid.UUID
	totaal    int
	openCents int
}

type demoStep struct {
	key string
	do  func(ctx context.Context, tx pgx.Tx, f demoFactuur) error
}

func demoInvoice(ctx context.Context, tx pgx.Tx, key string) (demoFactuur, error) {
	f := demoFactuur{id: seed.HistorieID(key)}
	err := tx.QueryRow(ctx, `
		SELECT f.totaal_bedrag_cents, s.open_cents FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
		WHERE f.id = $1 AND f.klus_id IS NULL`, f.id).Scan(&f.totaal, &f.openCents)
	if err != nil {
		return f, fmt.Errorf("history invoice %s (run seed.Run first): %w", key, err)
	}
	return f, nil
}

func demoSteps(today calendar.Date) []demoStep {
	day := func(n int) calendar.Date { return today.AddDays(-n) }
	herinnering := func(n int, perPost bool) func(context.Context, pgx.Tx, demoFactuur) error {
		return func(ctx context.Context, tx pgx.Tx, f demoFactuur) error {
			return demoEvent(ctx, tx, f.id, aanmaning.SoortHerinnering,
				map[string]any{"open_cents": f.openCents, "verzonden": day(n).String(), "per_post": perPost})
		}
	}
	// The 14-dagenbrief as the reminder run makes it: the collection costs on the WIK scale and
	// the term from the day after receipt.
	brief := func(n int, perPost bool) func(context.Context, pgx.Tx, demoFactuur) error {
		return func(ctx context.Context, tx pgx.Tx, f demoFactuur) error {
			open := int64(f.openCents)
			return demoEvent(ctx, tx, f.id, aanmaning.SoortBrief, map[string]any{"open_cents": open,
				"incassokosten_cents": aanmaning.Incassokosten(open), "verzonden": day(n).String(),
				"termijn_tot": aanmaning.TermijnTot(day(n), perPost).String(), "per_post": perPost})
		}
	}
	return []demoStep{
		{"H1", func(ctx context.Context, tx pgx.Tx, f demoFactuur) error {
			return demoPayment(ctx, tx, f, f.totaal, day(50), "Overgemaakt, gezien op de rekening.")
		}},
		{"H2", herinnering(24, false)},
		{"H2", brief(10, false)},
		{"H3", herinnering(4, false)},
		{"H4", func(ctx context.Context, tx pgx.Tx, f demoFactuur) error {
			var handled bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM factuur_gebeurtenissen
				WHERE factuur_id = $1 AND soort IN ('bespreking_aan', 'bespreking_uit'))`, f.id).Scan(&handled); err != nil || handled {
				return err
			}
			return demoEvent(ctx, tx, f.id, "bespreking_aan", map[string]any{"notitie": "Klant vindt het aantal uren te hoog; wij bellen terug."})
		}},
		{"H5", func(ctx context.Context, tx pgx.Tx, f demoFactuur) error {
			return demoCredit(ctx, tx, f, today, "De klant had het dakraam al laten repareren; de klus is niet uitgevoerd.")
		}},
		{"H6", func(ctx context.Context, tx pgx.Tx, f demoFactuur) error {
			return demoPayment(ctx, tx, f, f.totaal/2, day(20), "De helft overgemaakt; de rest volgt, zegt de klant.")
		}},
		{"H6", herinnering(9, false)},
		{"H7", herinnering(49, true)},
		{"H7", brief(35, true)},
		{"H7", func(ctx context.Context, tx pgx.Tx, f demoFactuur) error {
			// Never more than the letter announced (as the reminder run).
			var kosten int64
			if err := tx.QueryRow(ctx, `SELECT (gegevens ->> 'incassokosten_cents')::bigint FROM factuur_gebeurtenissen
				WHERE factuur_id = $1 AND soort = 'veertiendagenbrief'`, f.id).Scan(&kosten); err != nil {
				return err
			}
			return demoEvent(ctx, tx, f.id, aanmaning.SoortVoorstel, map[string]any{"open_cents": f.openCents,
				"incassokosten_cents": min(kosten, aanmaning.Incassokosten(int64(f.openCents)))})
		}},
	}
}

// demoPayment books the office's bank payment, unless the office booked one on it already.
func demoPayment(ctx context.Context, tx pgx.Tx, f demoFactuur, cents int, datum calendar.Date, notitie string) error {
	var booked bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM betalingen WHERE factuur_id = $1 AND bron = 'kantoor')`, f.id).Scan(&booked); err != nil || booked {
		return err
	}
	_, err := Insert(ctx, tx, factuur.Payment{FactuurID: f.id, Datum: datum.String(), BedragCents: cents, Methode: "bank",
		Bron: "kantoor", Notitie: notitie})
	return err
}

// demoEvent records a follow-up event; a reminder that exists is left as it is (the unique index
// of migration 038), as the reminder run does.
func demoEvent(ctx context.Context, tx pgx.Tx, id uuid.UUID, soort string, gegevens map[string]any) error {
	raw, err := json.Marshal(gegevens)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO factuur_gebeurtenissen (factuur_id, regio, soort, gegevens, door_rol) VALUES ($1, '', $2, $3, '')
		ON CONFLICT DO NOTHING`, id, soort, raw)
	return err
}

// demoCredit issues the credit invoice of f as the office does today (factuur.IssueCredit), with
// the reason. Made after the jobs' invoices, so that its number follows theirs as its date does.
func demoCredit(ctx context.Context, tx pgx.Tx, f demoFactuur, today calendar.Date, reden string) error {
	var uitgever, prefix string
	var credited bool
	if err := tx.QueryRow(ctx, `
		SELECT f.uitgever_id, f.uitgever->>'nummer_prefix', EXISTS (SELECT 1 FROM facturen c WHERE c.credit_van = f.id)
		FROM facturen f WHERE f.id = $1 FOR UPDATE`, f.id).Scan(&uitgever, &prefix, &credited); err != nil || credited {
		return err
	}
	_, err := factuur.IssueCredit(ctx, tx, f.id, uitgever, prefix, today, reden)
	return err
}
