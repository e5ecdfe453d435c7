package factuur

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Site is who sends the invoice: the brand and its contact details (D19).
type Site struct {
	Brand, Phone, Email string
}

// paymentStatus says in words how the invoice stands.
func paymentStatus(method *string) string {
	switch {
	case method == nil:
		return "Openstaand"
	case *method == "contant":
		return "Betaald (contant)"
	case *method == "pin":
		return "Betaald (pin)"
	case *method == "bank":
		return "Betaald (bank)"
	default:
		return "Openstaand - klant heeft niet betaald"
	}
}

// Render draws the invoice as an A4 PDF with go-pdf/fpdf: brand and contact details, number and
// date, the customer, the job, labour (hours x rate), materials, subtotal, 21 % VAT, total and the
// payment status. Sizes are for print: 11 pt body, 20 pt title, 15 mm margins.
func Render(f Factuur, site Site) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle("Factuur "+f.Factuurnummer, true)
	pdf.SetAuthor(site.Brand, true)
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(true, 18)
	// The core fonts speak Windows-1252: translate so that €, ë and é print as themselves.
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.AddPage()

	// Brand and contact details, right-aligned under it.
	pdf.SetFont("Helvetica", "B", 22)
	pdf.SetTextColor(30, 64, 120)
	pdf.CellFormat(0, 10, tr(site.Brand), "", 1, "L", false, 0, "")
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont("Helvetica", "", 10)
	contact := "Telefoon: " + site.Phone
	if site.Email != "" {
		contact += "   E-mail: " + site.Email
	}
	pdf.CellFormat(0, 6, tr(contact), "", 1, "L", false, 0, "")
	pdf.Ln(6)

	pdf.SetFont("Helvetica", "B", 20)
	pdf.CellFormat(0, 10, "Factuur", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	datum := f.Datum
	if d, err := calendar.ParseDate(f.Datum); err == nil {
		datum = d.Dutch()
	}
	label := func(l, v string) {
		pdf.SetFont("Helvetica", "B", 11)
		pdf.CellFormat(40, 7, tr(l), "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 11)
		pdf.CellFormat(0, 7, tr(v), "", 1, "L", false, 0, "")
	}
	label("Factuurnummer:", f.Factuurnummer)
	label("Factuurdatum:", datum)
	label("Status:", paymentStatus(f.BetaalMethode))
	pdf.Ln(4)

	pdf.SetFont("Helvetica", "B", 12)
	pdf.CellFormat(0, 7, "Aan", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	for _, line := range []string{f.Klant.Naam, f.Klant.Adres, f.Klant.Postcode + " " + f.Klant.Woonplaats} {
		pdf.CellFormat(0, 6, tr(line), "", 1, "L", false, 0, "")
	}
	pdf.Ln(4)

	pdf.SetFont("Helvetica", "B", 12)
	pdf.CellFormat(0, 7, "Werkzaamheden", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	pdf.MultiCell(0, 6, tr(f.Omschrijving), "", "L", false)
	pdf.Ln(3)

	// The lines: description and amount, in a table with a header row.
	const amountW = 40
	descW := 180.0 - amountW
	pdf.SetFillColor(230, 236, 245)
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(descW, 8, "Omschrijving", "B", 0, "L", true, 0, "")
	pdf.CellFormat(amountW, 8, "Bedrag", "B", 1, "R", true, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	row := func(desc string, cents int) {
		pdf.CellFormat(descW, 7, tr(desc), "", 0, "L", false, 0, "")
		pdf.CellFormat(amountW, 7, tr(Euro(cents)), "", 1, "R", false, 0, "")
	}
	row(fmt.Sprintf("Arbeid: %d uur x %s", f.Uren, Euro(f.UurtariefCents)), f.ArbeidCents)
	for _, m := range f.Materialen {
		row("Materiaal: "+m.Omschrijving, m.BedragCents)
	}
	if len(f.Materialen) == 0 && f.MateriaalCents > 0 {
		row("Materiaal", f.MateriaalCents)
	}
	pdf.Ln(2)
	total := func(l string, cents int, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, 11)
		pdf.CellFormat(descW, 7, tr(l), "T", 0, "R", false, 0, "")
		pdf.CellFormat(amountW, 7, tr(Euro(cents)), "T", 1, "R", false, 0, "")
	}
	total("Subtotaal", f.SubtotaalCents, false)
	total("BTW 21%", f.BTWCents, false)
	total("Totaal", f.TotaalCents, true)
	pdf.Ln(8)

	pdf.SetFont("Helvetica", "", 10)
	pdf.MultiCell(0, 5, tr("Hartelijk dank voor uw vertrouwen in "+site.Brand+". Vragen over deze factuur? Bel "+
		site.Phone+"."), "", "L", false)
	if f.BetaalMethode != nil && *f.BetaalMethode == "niet_betaald" {
		pdf.MultiCell(0, 5, tr("Deze factuur staat nog open. Wij nemen contact met u op over de betaling."), "", "L", false)
	}

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("factuur: render PDF: %w", err)
	}
	return buf.Bytes(), nil
}
