package factuur

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"
)

// Page is an A4 document in the platform's layout, shared by the invoice and the quote (package
// offerte): the brand and the issuing business at the top, labelled facts, a table of lines and
// the totals with VAT. Sizes are for print: 10-11 pt body, 20 pt title, 15 mm margins.
type Page struct {
	*fpdf.Fpdf
	// Tr translates UTF-8 for the core fonts, which speak Windows-1252 (€, ë and é print as themselves).
	Tr func(string) string
}

// NewPage starts a document with its title and author.
func NewPage(title, author string) Page {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(title, true)
	pdf.SetAuthor(author, true)
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(true, 18)
	p := Page{Fpdf: pdf, Tr: pdf.UnicodeTranslatorFromDescriptor("")}
	pdf.AddPage()
	return p
}

// Letterhead draws the brand with its contact details on the left and the business on the right
// (its name in bold, then lines), then the document's title below both.
func (p Page) Letterhead(site Site, name string, lines []string, title string) {
	top := p.GetY()
	p.SetFont("Helvetica", "B", 22)
	p.SetTextColor(30, 64, 120)
	p.CellFormat(95, 10, p.Tr(site.Brand), "", 1, "L", false, 0, "")
	p.SetTextColor(0, 0, 0)
	p.SetFont("Helvetica", "", 10)
	if site.Phone != "" {
		p.CellFormat(95, 5, p.Tr("Telefoon: "+site.Phone), "", 1, "L", false, 0, "")
	}
	if site.Email != "" {
		p.CellFormat(95, 5, p.Tr("E-mail: "+site.Email), "", 1, "L", false, 0, "")
	}
	left := p.GetY()
	p.SetXY(110, top)
	p.SetFont("Helvetica", "B", 10)
	p.CellFormat(85, 5, p.Tr(name), "", 2, "R", false, 0, "")
	p.SetFont("Helvetica", "", 10)
	for _, line := range lines {
		p.CellFormat(85, 5, p.Tr(line), "", 2, "R", false, 0, "")
	}
	p.SetXY(15, max(left, p.GetY())+6)
	p.SetFont("Helvetica", "B", 20)
	p.CellFormat(0, 10, p.Tr(title), "", 1, "L", false, 0, "")
}

// Label writes one fact: a bold label and its value.
func (p Page) Label(label, value string) {
	p.SetFont("Helvetica", "B", 11)
	p.CellFormat(48, 6.5, p.Tr(label), "", 0, "L", false, 0, "")
	p.SetFont("Helvetica", "", 11)
	p.CellFormat(0, 6.5, p.Tr(value), "", 1, "L", false, 0, "")
}

// Block writes a heading and its lines (the customer's address, the job's description).
func (p Page) Block(heading string, lines ...string) {
	p.SetFont("Helvetica", "B", 12)
	p.CellFormat(0, 7, p.Tr(heading), "", 1, "L", false, 0, "")
	p.SetFont("Helvetica", "", 11)
	for _, line := range lines {
		p.MultiCell(0, 6, p.Tr(line), "", "L", false)
	}
	p.Ln(3)
}

// Lines draws the lines under a header row: description, quantity, unit price and amount. A line
// that does not fit above the page's bottom margin starts a new page, under the header row again.
func (p Page) Lines(lines []Regel) {
	const qtyW, priceW, amountW, rowH = 25.0, 35.0, 35.0, 7.0
	descW := 180.0 - qtyW - priceW - amountW
	header := func() {
		p.SetFillColor(230, 236, 245)
		p.SetFont("Helvetica", "B", 11)
		p.CellFormat(descW, 8, "Omschrijving", "B", 0, "L", true, 0, "")
		p.CellFormat(qtyW, 8, "Aantal", "B", 0, "R", true, 0, "")
		p.CellFormat(priceW, 8, "Prijs", "B", 0, "R", true, 0, "")
		p.CellFormat(amountW, 8, "Bedrag", "B", 1, "R", true, 0, "")
		p.SetFont("Helvetica", "", 11)
	}
	header()
	_, pageH := p.GetPageSize()
	_, bottom := p.GetAutoPageBreak()
	for _, r := range lines {
		// A description longer than its column wraps onto more lines (a fee line names its
		// month, percentage and turnover) instead of running into the quantity; the other
		// columns stand on its first line. The whole line goes to the next page when it does not
		// fit: the description's own page break would leave the numbers behind.
		desc := p.Tr(r.Omschrijving)
		if p.GetY()+rowH*float64(len(p.SplitLines([]byte(desc), descW))) > pageH-bottom {
			p.AddPage()
			header()
		}
		x, y := p.GetXY()
		p.MultiCell(descW, rowH, desc, "", "L", false)
		below := p.GetY()
		p.SetXY(x+descW, y)
		p.CellFormat(qtyW, rowH, p.Tr(Quantity(r.Aantal, r.Eenheid)), "", 0, "R", false, 0, "")
		p.CellFormat(priceW, rowH, p.Tr(Euro(r.PrijsCents)), "", 0, "R", false, 0, "")
		p.CellFormat(amountW, rowH, p.Tr(Euro(r.BedragCents)), "", 0, "R", false, 0, "")
		p.SetXY(x, below)
	}
	p.Ln(2)
}

// Totals writes the subtotal, the 21 % VAT over it and the total (bold).
func (p Page) Totals(subtotal, vat, total int) {
	const amountW = 35.0
	row := func(l string, cents int, style string) {
		p.SetFont("Helvetica", style, 11)
		p.CellFormat(180-amountW, 7, p.Tr(l), "T", 0, "R", false, 0, "")
		p.CellFormat(amountW, 7, p.Tr(Euro(cents)), "T", 1, "R", false, 0, "")
	}
	row("Subtotaal (excl. btw)", subtotal, "")
	row("Btw 21% over "+Euro(subtotal), vat, "")
	row("Totaal (incl. btw)", total, "B")
	p.Ln(6)
}

// Bytes finishes the document.
func (p Page) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		return nil, fmt.Errorf("render PDF: %w", err)
	}
	return buf.Bytes(), nil
}
