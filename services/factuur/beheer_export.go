package factuur

import (
	"bytes"
	"context"
	"net/http"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The invoice page's CSV (document 001 section 9): comma-separated, every field quoted, dates
// dd-MM-yyyy, amounts in euros with a decimal comma, methods by their labels, and the customer's
// texts defused by the exports' one writer (exports.Writer). Made on the server
// from the list's filters, so the browser never loads the whole table (D25).

// ErrNothingToExport is section 8's message for an empty export.
var ErrNothingToExport = domainerr.NotFound("nothing_to_export", "Geen facturen om te exporteren")

// csvHeader is the first line.
var csvHeader = []string{"Factuurnummer", "Datum", "Klant", "E-mail", "Omschrijving", "Uren", "Uurtarief", "Materiaal",
	"Subtotaal", "BTW", "Totaal", "Betaalmethode", "Betaald", "Staat", "Betaald bedrag", "Open bedrag"}

// CSVFile is the export's bytes and name.
type CSVFile struct {
	Name string
	Data []byte
	Rows int
}

// exportRows is the most one export holds (a year of a large franchise fits many times over).
const exportRows = 100_000

// ExportCSV writes every invoice of the filter, newest first.
func (s *beheerStore) ExportCSV(ctx context.Context, p list.Params) (*CSVFile, error) {
	var buf bytes.Buffer
	w := exports.NewWriter(&buf, exports.CommaQuoted)
	if err := w.Write(csvHeader); err != nil {
		return nil, err
	}
	n := 0
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, rowSelect+where+` ORDER BY f.datum DESC, f.factuurnummer LIMIT `+strconv.Itoa(exportRows), s.args(p)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			f, err := scan(rows)
			if err != nil {
				return err
			}
			n++
			method := ""
			if f.BetaalMethode != nil {
				method = MethodLabels[*f.BetaalMethode]
			}
			betaald := "Nee"
			if f.Betaald {
				betaald = "Ja"
			}
			// A credit invoice's row adds up as its original's: its hours count negative, so
			// hours x rate + materials = subtotal on every row.
			uren := f.Uren
			if f.CreditVan != nil {
				uren = -uren
			}
			if err := w.Write([]string{f.Factuurnummer, exports.DutchDate(f.Datum), f.KlantNaam, f.KlantEmail, f.Omschrijving, strconv.Itoa(uren),
				exports.Euros(f.UurtariefCents), exports.Euros(f.MateriaalCents), exports.Euros(f.SubtotaalCents), exports.Euros(f.BtwBedragCents),
				exports.Euros(f.TotaalBedragCents), method, betaald, StateLabel(f), exports.Euros(f.BetaaldCents), exports.Euros(f.OpenCents)}); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNothingToExport
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return &CSVFile{Name: "facturen.csv", Data: buf.Bytes(), Rows: n}, nil
}

// encodeCSV sends the export as a download, never cached.
func encodeCSV(_ context.Context, w http.ResponseWriter, f *CSVFile) error {
	return httpapi.WriteAttachment(w, "text/csv; charset=utf-8", f.Name, f.Data)
}
