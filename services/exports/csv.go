package exports

import (
	"fmt"
	"strings"
	"time"

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
