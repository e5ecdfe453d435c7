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

// PaymentTerms is what the invoice asks of the customer, as of now (D28): the term, due date,
// account and reference of an open invoice; that it is paid, or that a credit is settled.
func PaymentTerms(f Factuur) string {
	switch {
	case f.CreditVan != nil:
		return "Deze creditfactuur corrigeert factuur " + f.CreditVan.Factuurnummer + ". Het bedrag wordt met u verrekend."
	case f.BetaalMethode != nil && *f.BetaalMethode != "niet_betaald":
		return "Deze factuur is betaald. Hartelijk dank."
	}
	due := f.Vervaldatum
	if d, err := calendar.ParseDate(f.Vervaldatum); err == nil {
		due = d.Dutch()
	}
	return fmt.Sprintf("Te betalen binnen 14 dagen, uiterlijk %s, op %s o.v.v. %s.", due, f.Uitgever.IBAN, f.Factuurnummer)
}

// dutch writes an ISO date as the invoice does ("26 november 2026").
func dutch(iso string) string {
	if d, err := calendar.ParseDate(iso); err == nil {
		return d.Dutch()
	}
	return iso
}

// Render draws the invoice as an A4 PDF with go-pdf/fpdf, with every field of D28: the issuing
// business (name, address, KvK and VAT numbers, IBAN), the customer, the number, the invoice date
// and the date of the work, the lines (quantity x unit price), 21 % VAT, the total and the
// payment term; and the payment state as of the moment it is drawn (a download draws it anew).
// Sizes are for print: 10-11 pt body, 20 pt title, 15 mm margins.
func Render(f Factuur, site Site) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	title := "Factuur"
	if f.CreditVan != nil {
		title = "Creditfactuur"
	}
	pdf.SetTitle(title+" "+f.Factuurnummer, true)
	pdf.SetAuthor(f.Uitgever.Naam, true)
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(true, 18)
	// The core fonts speak Windows-1252: translate so that €, ë and é print as themselves.
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.AddPage()

	// The brand, and the issuing business on the right.
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
	u := f.Uitgever
	pdf.SetXY(110, top)
	pdf.SetFont("Helvetica", "B", 10)
	pdf.CellFormat(85, 5, tr(u.Naam), "", 2, "R", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	for _, line := range []string{u.Adres, u.Postcode + " " + u.Plaats, "KvK: " + u.KvKNummer, "Btw-nummer: " + u.BTWNummer, "IBAN: " + u.IBAN} {
		pdf.CellFormat(85, 5, tr(line), "", 2, "R", false, 0, "")
	}
	pdf.SetXY(15, max(left, pdf.GetY())+6)

	pdf.SetFont("Helvetica", "B", 20)
	pdf.CellFormat(0, 10, tr(title), "", 1, "L", false, 0, "")
	label := func(l, v string) {
		pdf.SetFont("Helvetica", "B", 11)
		pdf.CellFormat(48, 6.5, tr(l), "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 11)
		pdf.CellFormat(0, 6.5, tr(v), "", 1, "L", false, 0, "")
	}
	label("Factuurnummer:", f.Factuurnummer)
	label("Factuurdatum:", dutch(f.Datum))
	label("Datum werkzaamheden:", dutch(f.WerkDatum))
	if f.CreditVan != nil {
		label("Crediteert factuur:", f.CreditVan.Factuurnummer)
		if f.CreditReden != nil {
			label("Reden:", *f.CreditReden)
		}
	} else {
		label("Vervaldatum:", dutch(f.Vervaldatum))
		label("Status:", paymentStatus(f.BetaalMethode))
	}
	pdf.Ln(3)

	pdf.SetFont("Helvetica", "B", 12)
	pdf.CellFormat(0, 7, "Aan", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	for _, line := range []string{f.Klant.Naam, f.Klant.Adres, f.Klant.Postcode + " " + f.Klant.Woonplaats} {
		pdf.CellFormat(0, 6, tr(line), "", 1, "L", false, 0, "")
	}
	pdf.Ln(3)

	pdf.SetFont("Helvetica", "B", 12)
	pdf.CellFormat(0, 7, "Werkzaamheden", "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	pdf.MultiCell(0, 6, tr(f.Omschrijving), "", "L", false)
	pdf.Ln(3)

	// The lines: description, quantity, unit price and amount, under a header row.
	const qtyW, priceW, amountW = 25.0, 35.0, 35.0
	descW := 180.0 - qtyW - priceW - amountW
	pdf.SetFillColor(230, 236, 245)
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(descW, 8, "Omschrijving", "B", 0, "L", true, 0, "")
	pdf.CellFormat(qtyW, 8, "Aantal", "B", 0, "R", true, 0, "")
	pdf.CellFormat(priceW, 8, "Prijs", "B", 0, "R", true, 0, "")
	pdf.CellFormat(amountW, 8, "Bedrag", "B", 1, "R", true, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	for _, r := range f.Regels {
		qty := Quantity(r.Aantal, r.Eenheid)
		pdf.CellFormat(descW, 7, tr(r.Omschrijving), "", 0, "L", false, 0, "")
		pdf.CellFormat(qtyW, 7, tr(qty), "", 0, "R", false, 0, "")
		pdf.CellFormat(priceW, 7, tr(Euro(r.PrijsCents)), "", 0, "R", false, 0, "")
		pdf.CellFormat(amountW, 7, tr(Euro(r.BedragCents)), "", 1, "R", false, 0, "")
	}
	pdf.Ln(2)
	total := func(l string, cents int, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, 11)
		pdf.CellFormat(180-amountW, 7, tr(l), "T", 0, "R", false, 0, "")
		pdf.CellFormat(amountW, 7, tr(Euro(cents)), "T", 1, "R", false, 0, "")
	}
	total("Subtotaal (excl. btw)", f.SubtotaalCents, false)
	total("Btw 21% over "+Euro(f.SubtotaalCents), f.BTWCents, false)
	total("Totaal (incl. btw)", f.TotaalCents, true)
	pdf.Ln(6)

	pdf.SetFont("Helvetica", "B", 11)
	pdf.MultiCell(0, 6, tr(PaymentTerms(f)), "", "L", false)
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "", 10)
	thanks := "Hartelijk dank voor uw vertrouwen in " + site.Brand + "."
	if site.Phone != "" {
		thanks += " Vragen over deze factuur? Bel " + site.Phone + "."
	}
	pdf.MultiCell(0, 5, tr(thanks), "", "L", false)
	if f.CreditVan == nil && f.BetaalMethode != nil && *f.BetaalMethode == "niet_betaald" {
		pdf.MultiCell(0, 5, tr("Deze factuur staat nog open. Wij nemen contact met u op over de betaling."), "", "L", false)
	}

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("factuur: render PDF: %w", err)
	}
	return buf.Bytes(), nil
}
