package exports

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The CSV conventions of the back office's exports (document 001 section 9), shared by every
// domain that writes one: dates dd-MM-yyyy, amounts with a decimal comma, and text cells defused
// so that a spreadsheet never runs what a customer typed.

// UurTariefCents is the rate of the reports' exports: they show hours x 65 (document 001
// section 9), whatever a job's own rate was.
const UurTariefCents = 6500

// Period is a request's first and last day (Dutch calendar days, both included).
func Period(req Request) (van, tot calendar.Date, err error) {
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

// Cell defuses spreadsheet formulas: a text cell starting with = + - @ (or a tab or carriage
// return) is prefixed with a quote, so opening the export in a spreadsheet never runs what a
// customer typed.
func Cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// DutchDate writes a business date "2026-11-26" as the exports do: "26-11-2026".
func DutchDate(iso string) string {
	t, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	return t.Format("02-01-2006")
}

// WriteRows writes a report: the header, then one line per row that line makes, separated by
// semicolons (quoted only where a field needs it), as the rows arrive, so memory does not grow
// with the period. It closes rows and returns how many lines it wrote, or ErrEmpty for none.
func WriteRows(out io.Writer, header []string, rows pgx.Rows, line func(pgx.Rows) ([]string, error)) (int, error) {
	defer rows.Close()
	w := csv.NewWriter(out)
	w.Comma = ';'
	if err := w.Write(header); err != nil {
		return 0, err
	}
	n := 0
	for rows.Next() {
		fields, err := line(rows)
		if err != nil {
			return 0, err
		}
		if err := w.Write(fields); err != nil {
			return 0, err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, ErrEmpty
	}
	w.Flush()
	return n, w.Error()
}
