package uitbetaling

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// demoKlusser is a demo klusser's pay of last month: who pays it, its bank account, how far the
// office got with it.
type demoKlusser struct {
	email, iban string
	uren        [2]int
	stap        string // concept, goedgekeurd (and in a batch), uitbetaald
}

// The demo's last month (D31), each paid by its region's issuer (Den Haag's own business for Piet,
// the central one for the others): Piet's approved and in a batch not yet carried out; Gerrit's
// paid; Jan's a concept the office has yet to check.
var demoKlussers = []demoKlusser{
	{"piet.bakker@klusmaat.nl", "NL34INGB0417164301", [2]int{2, 3}, "goedgekeurd"},
	{"gerrit.visser@klusmaat.nl", "NL69INGB0123456789", [2]int{1, 4}, "uitbetaald"},
	{"jan.degroot@klusmaat.nl", "NL21INGB0987654321", [2]int{3, 2}, "concept"},
}

// Demo loads last month's statements of the demo klussers, each with its bank account, through
// the service's own approval, batch and confirmation, as the system. The demo's completed work
// orders all lie in this month, so the lines of last month are the statements' own (no work
// order behind them, as a line whose work order was deleted). A klusser with a statement of that
// month already is left as it is: running the seed again changes nothing.
func Demo(ctx context.Context, db *tenants.DB, today calendar.Date, site factuur.Site) error {
	ctx = tenants.WithActor(ctx, tenants.SystemActor())
	month := today.PreviousMonth()
	s := NewService(db, func() time.Time { return today.At(9, 0) }, site)
	for _, k := range demoKlussers {
		made, id, uitgever, err := demoStatement(ctx, db, month, k)
		if err != nil {
			return fmt.Errorf("uitbetaling demo %s: %w", k.email, err)
		}
		if !made || k.stap == "concept" {
			continue
		}
		if _, err := s.Approve(ctx, id); err != nil {
			return fmt.Errorf("uitbetaling demo %s: approve: %w", k.email, err)
		}
		batch, err := s.CreateBatch(ctx, BatchRequest{Uitgever: uitgever})
		if err != nil {
			return fmt.Errorf("uitbetaling demo %s: batch: %w", k.email, err)
		}
		if k.stap == "uitbetaald" {
			if _, err := s.ConfirmBatch(ctx, batch.Data.ID); err != nil {
				return fmt.Errorf("uitbetaling demo %s: confirm: %w", k.email, err)
			}
		}
	}
	return nil
}

// demoStatement makes k's concept statement of month with two lines for the issuer of its region,
// and its bank account; false when it has a statement of month already.
func demoStatement(ctx context.Context, db *tenants.DB, month calendar.Date, k demoKlusser) (bool, uuid.UUID, string, error) {
	var id uuid.UUID
	var uitgever string
	made := false
	err := db.Tx(ctx, func(tx pgx.Tx) error {
		var klusser uuid.UUID
		var naam, woonplaats string
		if err := tx.QueryRow(ctx, `SELECT id, naam, woonplaats, (factuur_uitgever(regio[1])).id FROM profiles WHERE email = $1`, k.email).
			Scan(&klusser, &naam, &woonplaats, &uitgever); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO klusser_bankrekeningen (klusser_id, iban, rekeninghouder) VALUES ($1, $2, $3)
			ON CONFLICT (klusser_id) DO NOTHING`, klusser, k.iban, naam); err != nil {
			return err
		}
		// Numbered as the draft numbers, under its lock (draft.go).
		if err := tenants.Lock(ctx, tx, draftLock); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) + 1 FROM uitbetalingen WHERE maand = $1`, month).Scan(&n); err != nil {
			return err
		}
		nummer := fmt.Sprintf("UB%04d%02d-%04d", month.Year, int(month.Month), n)
		err := tx.QueryRow(ctx, `
			INSERT INTO uitbetalingen (nummer, klusser_id, klusser_naam, uitgever_id, maand) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (klusser_id, uitgever_id, maand) DO NOTHING RETURNING id`, nummer, klusser, naam, uitgever, month).Scan(&id)
		if err == pgx.ErrNoRows {
			return nil
		}
		if err != nil {
			return err
		}
		made = true
		for i, uren := range k.uren {
			if _, err := tx.Exec(ctx, `
				INSERT INTO uitbetaling_regels (uitbetaling_id, soort, datum, klus, woonplaats, uren, tarief_cents, bedrag_cents, omschrijving)
				VALUES ($1, 'werk', $2, '', $3, $4, $5, $4::int * $5::int, $6)`,
				id, month.AddDays(7+13*i), woonplaats, uren, TariefCents, "Klus van vorige maand (demo)"); err != nil {
				return err
			}
		}
		return nil
	})
	return made, id, uitgever, err
}
