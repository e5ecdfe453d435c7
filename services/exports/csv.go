package exports

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The CSV conventions of the back office's exports (document 001 section 9), shared by every
// domain that writes one: dates dd-MM-yyyy, amounts with a decimal comma, and every file through
// WriteRows and its Writer, which defuses what a spreadsheet would run. A domain says only its
// header, its query and how a row becomes a line: the reports page's exports as a Kind (worker.go,
// made in the background), the invoice page's as a Download (made while the request waits).

// UurTariefCents is the rate of the hours export: it shows hours x 65 (document 001 section 9),
// whatever a job's own rate was. The invoices export bills each invoice's own rate.
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

// Euros writes cents as the exports do: "172,43", and a credit invoice's "-172,43" (a decimal
// comma, no currency sign, no thousands separator).
func Euros(cents int) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d,%02d", sign, cents/100, cents%100)
}

// WriteRows writes an export in format f: the header, then one line per row that line makes, as
// the rows arrive, so memory does not grow with the period. It closes rows and returns how many
// lines it wrote, or ErrEmpty for none. Every export goes through it: the reports' (Semicolon, to
// a file, by the worker) and the invoice page's (CommaQuoted, in memory, by Download).
func WriteRows(out io.Writer, f Format, header []string, rows pgx.Rows, line func(pgx.Rows) ([]string, error)) (int, error) {
	defer rows.Close()
	w := NewWriter(out, f)
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
	return n, w.Flush()
}

// CSVFile is an export made while the request waits (the invoice page's CSV, the debtors list):
// its name, bytes and number of rows.
type CSVFile struct {
	Name string
	Data []byte
	Rows int
}

// Download writes rows as the CSV file name in the invoice page's format (CommaQuoted), in
// memory: the header, then a line per row (see WriteRows). No row: ErrEmpty, which the domain
// answers with its own message.
func Download(name string, header []string, rows pgx.Rows, line func(pgx.Rows) ([]string, error)) (*CSVFile, error) {
	var buf bytes.Buffer
	n, err := WriteRows(&buf, CommaQuoted, header, rows, line)
	if err != nil {
		return nil, err
	}
	return &CSVFile{Name: name, Data: buf.Bytes(), Rows: n}, nil
}

// EncodeCSV sends f as a download, never cached (a route's Encode: httpapi.Encoder(EncodeCSV)).
func EncodeCSV(_ context.Context, w http.ResponseWriter, f *CSVFile) error {
	return httpapi.WriteAttachment(w, "text/csv; charset=utf-8", f.Name, f.Data)
}
