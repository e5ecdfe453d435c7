package offerte

import (
	"bytes"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Document is a quote with what its PDF shows around it.
type Document struct {
	Offerte      Offerte
	Uitgever     factuur.Uitgever
	Klant        factuur.Klant
	Omschrijving string
	Datum        time.Time // the day it was sent (or written, for a concept)
}

// Render draws the quote as an A4 PDF in the invoice's layout (go-pdf/fpdf): the business that
// will invoice, the customer, number and version, date and validity, the lines, 21 % VAT, the
// total, and how to accept: through the personal status link the e-mail carries.
func Render(d Document, site factuur.Site) ([]byte, error) {
	o := d.Offerte
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(fmt.Sprintf("Offerte %s versie %d", o.Nummer, o.Versie), true)
	pdf.SetAuthor(d.Uitgever.Naam, true)
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(true, 18)
	// The core fonts speak Windows-1252: translate so that €, ë and é print as themselves.
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.AddPage()

	top := pdf.GetY()
	pdf.SetFont("Helvetica", "B", 22)
	pdf.SetTextColor(30, 64, 120)
	pdf.CellFormat(95, 10, tr(site.Brand), "", 1, "L", false, 0, "")
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont("Helvetica", "", 10)
	if site.Phone != "" {
		pdf.CellFormat(95, 5, tr("Telefoon: "+site.Phone), "", 1, "L", false, 0, "")
	}
	if site.Email != "" {
		pdf.CellFormat(95, 5, tr("E-mail: "+site.Email), "", 1, "L", false, 0, "")
	}
	left := pdf.GetY()
	u := d.Uitgever
	pdf.SetXY(110, top)
	pdf.SetFont("Helvetica", "B", 10)
	pdf.CellFormat(85, 5, tr(u.Naam), "", 2, "R", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	for _, line := range []string{u.Adres, u.Postcode + " " + u.Plaats, "KvK: " + u.KvKNummer, "Btw-nummer: " + u.BTWNummer} {
		pdf.CellFormat(85, 5, tr(line), "", 2, "R", false, 0, "")
	}
	pdf.SetXY(15, max(left, pdf.GetY())+6)

	pdf.SetFont("Helvetica", "B", 20)
	pdf.CellFormat(0, 10, "Offerte", "", 1, "L", false, 0, "")
	label := func(l, v string) {
		pdf.SetFont("Helvetica", "B", 11)
		pdf.CellFormat(48, 6.5, tr(l), "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 11)
		pdf.CellFormat(0, 6.5, tr(v), "", 1, "L", false, 0, "")
	}
	label("Offertenummer:", fmt.Sprintf("%s (versie %d)", o.Nummer, o.Versie))
	label("Datum:", calendar.DateOf(d.Datum).Dutch())
	geldig := o.GeldigTot
	if g, err := calendar.ParseDate(o.GeldigTot); err == nil {
		geldig = g.Dutch()
	}
	label("Geldig tot en met:", geldig)
	pdf.Ln(3)

	pdf.SetFont("Helvetica", "B", 12)
	pdf.CellFormat(0, 7, "Aan", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	for _, line := range []string{d.Klant.Naam, d.Klant.Adres, d.Klant.Postcode + " " + d.Klant.Woonplaats} {
		pdf.CellFormat(0, 6, tr(line), "", 1, "L", false, 0, "")
	}
	pdf.Ln(3)
	pdf.SetFont("Helvetica", "B", 12)
	pdf.CellFormat(0, 7, "De klus", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	pdf.MultiCell(0, 6, tr(d.Omschrijving), "", "L", false)
	pdf.Ln(3)

	const qtyW, priceW, amountW = 25.0, 35.0, 35.0
	descW := 180.0 - qtyW - priceW - amountW
	pdf.SetFillColor(230, 236, 245)
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(descW, 8, "Omschrijving", "B", 0, "L", true, 0, "")
	pdf.CellFormat(qtyW, 8, "Aantal", "B", 0, "R", true, 0, "")
	pdf.CellFormat(priceW, 8, "Prijs", "B", 0, "R", true, 0, "")
	pdf.CellFormat(amountW, 8, "Bedrag", "B", 1, "R", true, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	for _, r := range o.Regels {
		pdf.CellFormat(descW, 7, tr(r.Omschrijving), "", 0, "L", false, 0, "")
		pdf.CellFormat(qtyW, 7, tr(factuur.Quantity(r.Aantal, r.Eenheid)), "", 0, "R", false, 0, "")
		pdf.CellFormat(priceW, 7, tr(factuur.Euro(r.PrijsCents)), "", 0, "R", false, 0, "")
		pdf.CellFormat(amountW, 7, tr(factuur.Euro(r.BedragCents)), "", 1, "R", false, 0, "")
	}
	pdf.Ln(2)
	total := func(l string, cents int, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, 11)
		pdf.CellFormat(180-amountW, 7, tr(l), "T", 0, "R", false, 0, "")
		pdf.CellFormat(amountW, 7, tr(factuur.Euro(cents)), "T", 1, "R", false, 0, "")
	}
	total("Subtotaal (excl. btw)", o.SubtotaalCents, false)
	total("Btw 21% over "+factuur.Euro(o.SubtotaalCents), o.BTWCents, false)
	total("Totaal (incl. btw)", o.TotaalCents, true)
	pdf.Ln(6)

	pdf.SetFont("Helvetica", "B", 11)
	pdf.MultiCell(0, 6, tr("Dit is een vaste prijs. Gaat u akkoord? Druk dan op 'Akkoord' op uw persoonlijke pagina; "+
		"de link staat in onze e-mail. Daarna plannen wij de klus en ziet u wie er komt."), "", "L", false)
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "", 10)
	more := "Materiaal dat tijdens de klus extra nodig blijkt, rekenen wij alleen als meerwerk als u dat op de werkbon heeft getekend."
	if site.Phone != "" {
		more += " Vragen over deze offerte? Bel " + site.Phone + "."
	}
	pdf.MultiCell(0, 5, tr(more), "", "L", false)

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("offerte: render PDF: %w", err)
	}
	return buf.Bytes(), nil
}
