package exports

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	svc "github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// UurTariefCents is the rate of the hours export: the report shows hours x 65 (document 001
// section 9), whatever a job's own rate was.
const UurTariefCents = 6500

// urenHeader is the first line of the hours export.
var urenHeader = []string{"Datum", "Klusser", "Regio", "Woonplaats", "Omschrijving", "Uren", "Uurtarief", "Bedrag (uren x 65)"}

// writeUren writes the hours export: completed work orders made in the period (by the day they
// were made, Dutch time), with the job's date and town and the klusser's name; semicolon-separated,
// dates dd-MM-yyyy (document 001 section 9). It returns the number of rows, or errEmpty.
func writeUren(ctx context.Context, tx pgx.Tx, req svc.Request, out io.Writer) (int, error) {
	// The period's days are Dutch days: from 00:00 Amsterdam time on the first to 00:00 after the
	// last (a range on created_at, so the index serves it).
	van, tot, err := period(req)
	if err != nil {
		return 0, err
	}
	rows, err := tx.Query(ctx, `
		SELECT k.datum, p.naam, r.naam, k.woonplaats, k.beschrijving, w.uren
		FROM werkbonnen w
		JOIN klussen k ON k.id = w.klus_id
		JOIN profiles p ON p.id = w.klusser_id
		JOIN regions r ON r.slug = k.regio
		WHERE w.status = 'completed'
		  AND w.created_at >= $1 AND w.created_at < $2
		  AND ($3 = '' OR k.regio = $3)
		ORDER BY k.datum, p.naam, k.id`, van.Start(), tot.AddDays(1).Start(), req.Regio)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	w := csv.NewWriter(out)
	w.Comma = ';'
	if err := w.Write(urenHeader); err != nil {
		return 0, err
	}
	n := 0
	for rows.Next() {
		var datum time.Time
		var klusser, regio, woonplaats, omschrijving string
		var uren int
		if err := rows.Scan(&datum, &klusser, &regio, &woonplaats, &omschrijving, &uren); err != nil {
			return 0, err
		}
		if err := w.Write([]string{datum.Format("02-01-2006"), cell(klusser), cell(regio), cell(woonplaats), cell(omschrijving),
			fmt.Sprint(uren), Euros(UurTariefCents), Euros(uren * UurTariefCents)}); err != nil {
			return 0, err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, errEmpty
	}
	w.Flush()
	return n, w.Error()
}

// period is a request's first and last day (Dutch calendar days, both included).
func period(req svc.Request) (van, tot calendar.Date, err error) {
	if van, err = calendar.ParseDate(req.Van); err != nil {
		return van, tot, fmt.Errorf("exports: van: %w", err)
	}
	if tot, err = calendar.ParseDate(req.Tot); err != nil {
		return van, tot, fmt.Errorf("exports: tot: %w", err)
	}
	return van, tot, nil
}

// Euros writes cents as the exports do: "172,43" (a decimal comma, no sign, no thousands).
func Euros(cents int) string { return fmt.Sprintf("%d,%02d", cents/100, cents%100) }

// cell defuses spreadsheet formulas: a text cell starting with = + - @ is prefixed with a quote,
// so opening the export in a spreadsheet never runs what a customer typed.
func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
