package factuur

import (
	"context"
	"errors"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The invoice page's CSV (document 001 section 9): comma-separated, every field quoted, dates
// dd-MM-yyyy, amounts in euros with a decimal comma, methods by their labels, and the customer's
// texts defused, as every export is written (exports.Download). Made on the server from the
// list's filters, so the browser never loads the whole table (D25).

// ErrNothingToExport is section 8's message for an empty export.
var ErrNothingToExport = domainerr.NotFound("nothing_to_export", "Geen facturen om te exporteren")

// csvHeader is the first line.
var csvHeader = []string{"Factuurnummer", "Datum", "Klant", "E-mail", "Omschrijving", "Uren", "Uurtarief", "Materiaal",
	"Subtotaal", "BTW", "Totaal", "Betaalmethode", "Betaald", "Staat", "Betaald bedrag", "Open bedrag"}

// exportRows is the most one export holds (a year of a large franchise fits many times over).
const exportRows = 100_000

// ExportCSV writes every invoice of the filter, newest first.
func (s *beheerStore) ExportCSV(ctx context.Context, p list.Params) (*exports.CSVFile, error) {
	var f *exports.CSVFile
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, rowSelect+where+` ORDER BY f.datum DESC, f.factuurnummer LIMIT `+strconv.Itoa(exportRows), s.args(p)...)
		if err != nil {
			return err
		}
		f, err = exports.Download("facturen.csv", csvHeader, rows, csvLine)
		return err
	})
	if errors.Is(err, exports.ErrEmpty) {
		return nil, ErrNothingToExport
	}
	return f, err
}

// csvLine is an invoice's line. A credit invoice's row adds up as its original's: its hours
// count negative, so hours x rate + materials = subtotal on every row.
func csvLine(rows pgx.Rows) ([]string, error) {
	f, err := scan(rows)
	if err != nil {
		return nil, err
	}
	method := ""
	if f.BetaalMethode != nil {
		method = MethodLabels[*f.BetaalMethode]
	}
	betaald := "Nee"
	if f.Betaald {
		betaald = "Ja"
	}
	uren := f.Uren
	if f.CreditVan != nil {
		uren = -uren
	}
	return []string{f.Factuurnummer, calendar.DutchOf(f.Datum), f.KlantNaam, f.KlantEmail, f.Omschrijving, strconv.Itoa(uren),
		exports.Euros(f.UurtariefCents), exports.Euros(f.MateriaalCents), exports.Euros(f.SubtotaalCents), exports.Euros(f.BtwBedragCents),
		exports.Euros(f.TotaalBedragCents), method, betaald, StateLabel(f), exports.Euros(f.BetaaldCents), exports.Euros(f.OpenCents)}, nil
}
