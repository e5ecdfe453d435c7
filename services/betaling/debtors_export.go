package betaling

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// DebtorsRequest is GET /api/v1/facturen/debiteuren.csv: one business's open invoices.
type DebtorsRequest struct {
	Uitgever string
}

// ErrNoDebtors: nothing open for the business.
var ErrNoDebtors = domainerr.NotFound("nothing_to_export", "Geen openstaande facturen om te exporteren")

var debtorsHeader = []string{"Factuurnummer", "Factuurdatum", "Vervaldatum", "Dagen over tijd", "Klant", "Adres", "Postcode",
	"Woonplaats", "E-mail", "Regio", "Totaal", "Betaald", "Open", "Staat", "Herinnering", "14-dagenbrief"}

// Debtors is the debtors list of one business as a bookkeeper reads it: every invoice with money
// open, oldest due first, with what was paid and what is open (Totaal = Betaald + Open on every
// row), and which reminders went out. The download is audited, also when it finds nothing.
func (s *store) Debtors(ctx context.Context, req DebtorsRequest) (*exports.CSVFile, error) {
	today := s.clock.Today()
	name := "debiteuren-" + strings.ToLower(req.Uitgever) + "-" + today.String() + ".csv"
	var f *exports.CSVFile
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT f.factuurnummer, f.datum, f.vervaldatum, f.klant_naam, f.klant_adres, f.klant_postcode, f.klant_woonplaats,
			       f.klant_email, f.regio, f.totaal_bedrag_cents, s.betaald_cents, s.open_cents, s.staat,
			       s.herinnering_at, s.brief_at
			FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
			WHERE f.uitgever_id = $1 AND s.staat IN `+factuur.OpenStates+` AND s.open_cents > 0
			ORDER BY f.vervaldatum, f.factuurnummer`, req.Uitgever)
		if err != nil {
			return err
		}
		f, err = exports.Download(name, debtorsHeader, rows, func(rows pgx.Rows) ([]string, error) {
			var nummer, naam, adres, postcode, plaats, email, regio, staat string
			var datum, verval calendar.Date
			var totaal, betaald, open int
			var herinnering, brief *time.Time
			if err := rows.Scan(&nummer, &datum, &verval, &naam, &adres, &postcode, &plaats, &email, &regio, &totaal, &betaald, &open,
				&staat, &herinnering, &brief); err != nil {
				return nil, err
			}
			return []string{nummer, datum.Dutch(), verval.Dutch(), strconv.Itoa(max(0, verval.DaysUntil(today))), naam, adres,
				postcode, plaats, email, regio, exports.Euros(totaal), exports.Euros(betaald), exports.Euros(open),
				factuur.StateLabels[staat], dutchDay(herinnering), dutchDay(brief)}, nil
		})
		n := 0
		switch {
		case err == nil:
			n = f.Rows
		case !errors.Is(err, exports.ErrEmpty):
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: "debiteuren", EntityID: req.Uitgever,
			After: map[string]any{"rijen": n}})
	})
	if err != nil {
		return nil, err
	}
	if f == nil {
		return nil, ErrNoDebtors
	}
	return f, nil
}

// dutchDay is the Amsterdam date of a moment as dd-mm-jjjj, or empty.
func dutchDay(t *time.Time) string {
	if t == nil {
		return ""
	}
	return calendar.DateOf(*t).Dutch()
}
