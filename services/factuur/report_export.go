package factuur

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
)

// MethodLabels are the payment methods as people read them (exports show labels, not keys).
var MethodLabels = map[string]string{"contant": "Contant", "pin": "PIN", "bank": "Bank", "niet_betaald": "Niet betaald"}

// ReportExport is the reports page's 'Facturen Export': the invoices dated in a period.
var ReportExport = exports.Kind{Write: writeFacturen,
	Empty: "Geen facturen gevonden voor deze periode", Fault: "Fout bij exporteren facturen"}

// facturenHeader is the first line of the invoices export of the reports page.
var facturenHeader = []string{"Factuurnummer", "Datum", "Klant", "E-mail", "Regio", "Woonplaats", "Omschrijving", "Uren",
	"Uurtarief", "Arbeid", "Materiaal", "Subtotaal", "BTW", "Totaal", "Betaalmethode"}

// writeFacturen writes the invoices dated in the period (Dutch calendar days, inclusive):
// semicolon-separated, dates dd-MM-yyyy, labour as the invoice bills it (hours x the invoice's own
// rate, negative on a credit invoice, so that labour and material add up to the subtotal whatever
// the job's rate), regions
// and payment methods by their labels; an invoice without a registered payment says 'Openstaand'.
// Rows are written as they are read, so memory does not grow with the period.
func writeFacturen(ctx context.Context, tx pgx.Tx, req exports.Request, out io.Writer) (int, error) {
	van, tot, err := exports.Period(req)
	if err != nil {
		return 0, err
	}
	rows, err := tx.Query(ctx, `
		SELECT f.factuurnummer, f.datum, f.klant_naam, f.klant_email, r.naam, f.klant_woonplaats, f.omschrijving, f.uren, f.uurtarief_cents,
		       CASE WHEN f.credit_van IS NULL THEN 1 ELSE -1 END,
		       f.materiaal_cents, f.subtotaal_cents, f.btw_bedrag_cents, f.totaal_bedrag_cents, f.betaal_methode
		FROM facturen f JOIN regions r ON r.slug = f.regio
		WHERE f.datum >= $1 AND f.datum <= $2 AND ($3 = '' OR f.regio = $3)
		ORDER BY f.datum, f.factuurnummer`, van.String(), tot.String(), req.Regio)
	if err != nil {
		return 0, err
	}
	return exports.WriteRows(out, exports.Semicolon, facturenHeader, rows, func(rows pgx.Rows) ([]string, error) {
		var nummer, klant, email, regio, woonplaats, omschrijving string
		var datum time.Time
		var uren, tarief, teken, materiaal, subtotaal, btw, totaal int
		var methode *string
		if err := rows.Scan(&nummer, &datum, &klant, &email, &regio, &woonplaats, &omschrijving, &uren, &tarief, &teken,
			&materiaal, &subtotaal, &btw, &totaal, &methode); err != nil {
			return nil, err
		}
		label := "Openstaand"
		if methode != nil {
			label = MethodLabels[*methode]
		}
		return []string{nummer, datum.Format("02-01-2006"), klant, email, regio, woonplaats,
			omschrijving, fmt.Sprint(uren), exports.Euros(tarief), exports.Euros(teken * uren * tarief), exports.Euros(materiaal),
			exports.Euros(subtotaal), exports.Euros(btw), exports.Euros(totaal), label}, nil
	})
}
