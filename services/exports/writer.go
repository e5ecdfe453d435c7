package exports

import (
	"encoding/csv"
	"io"
	"regexp"
	"strings"
)

// Format is how a CSV file separates and quotes its fields.
type Format struct {
	Comma    rune
	QuoteAll bool // every field in double quotes; otherwise only where a field needs them
	CRLF     bool // lines end in \r\n; otherwise \n
}

var (
	// Semicolon is the reports' format (document 001 section 9): semicolons, quotes only where
	// a field needs them.
	Semicolon = Format{Comma: ';'}
	// CommaQuoted is the invoice page's format: commas, every field quoted, \r\n.
	CommaQuoted = Format{Comma: ',', QuoteAll: true, CRLF: true}
)

// Writer is the one CSV writer of every export: whatever the format, each field that is not a
// plain number and begins with = + - @ (or a tab or carriage return) is defused with a leading
// quote, so that opening the file in a spreadsheet never runs what a customer typed. Callers pass
// the texts as they are.
type Writer struct {
	out    io.Writer
	format Format
	std    *csv.Writer // quoting only where needed: the standard library's rules
	err    error
}

// NewWriter writes to out in format f. Call Flush at the end.
func NewWriter(out io.Writer, f Format) *Writer {
	w := &Writer{out: out, format: f}
	if !f.QuoteAll {
		w.std = csv.NewWriter(out)
		w.std.Comma = f.Comma
		w.std.UseCRLF = f.CRLF
	}
	return w
}

// Write writes one line.
func (w *Writer) Write(fields []string) error {
	safe := make([]string, len(fields))
	for i, f := range fields {
		safe[i] = defuse(f)
	}
	if w.std != nil {
		return w.std.Write(safe)
	}
	if w.err != nil {
		return w.err
	}
	var b strings.Builder
	for i, f := range safe {
		if i > 0 {
			b.WriteRune(w.format.Comma)
		}
		b.WriteString(`"` + strings.ReplaceAll(f, `"`, `""`) + `"`)
	}
	if w.format.CRLF {
		b.WriteString("\r\n")
	} else {
		b.WriteString("\n")
	}
	_, w.err = io.WriteString(w.out, b.String())
	return w.err
}

// Flush writes what is buffered and reports the first error.
func (w *Writer) Flush() error {
	if w.std != nil {
		w.std.Flush()
		return w.std.Error()
	}
	return w.err
}

// number is an amount or count as the exports write them ("-12,50", "3"): never a formula, and
// left as it is so that the spreadsheet reads it as a number.
var number = regexp.MustCompile(`^-?[0-9]+(,[0-9]+)?$`)

// defuse prefixes a text that a spreadsheet would take for a formula with a quote.
func defuse(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) && !number.MatchString(s) {
		return "'" + s
	}
	return s
}
