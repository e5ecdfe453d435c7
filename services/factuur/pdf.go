package factuur

import (
	"fmt"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Site is who sends the invoice: the brand and its contact details (D19).
type Site struct {
	Brand, Phone, Email string
}

// Of is the site as a document about invoice f names it: with the support phone of f's region,
// where it has its own (docs/decisions.md D33).
func (s Site) Of(f Factuur) Site {
	if f.SupportPhone != "" {
		s.Phone = f.SupportPhone
	}
	return s
}

// StateLabels are the invoice states in words (docs/decisions.md D30), as every screen, PDF and
// export says them.
var StateLabels = map[string]string{
	"open": "Openstaand", "deels_betaald": "Deels betaald", "betaald": "Betaald", "gecrediteerd": "Gecrediteerd",
	"in_bespreking": "In bespreking", "uit_handen": "Uit handen gegeven", "creditfactuur": "Creditfactuur",
}

// StateLabel says how a row of the list stands: a credited invoice names its credit invoice.
func StateLabel(f ListItem) string {
	if f.Staat == "gecrediteerd" && f.GecrediteerdDoor != nil {
		return "Gecrediteerd door " + *f.GecrediteerdDoor
	}
	return StateLabels[f.Staat]
}

// paymentStatus says in words how the invoice stands now: paid, part paid, credited by its credit
// invoice, or open. How it was paid at the door is a line of its own (Betaalwijze).
func paymentStatus(f Factuur) string {
	switch f.Staat {
	case "gecrediteerd":
		if f.GecrediteerdDoor != nil {
			return "Gecrediteerd door " + *f.GecrediteerdDoor
		}
		return "Gecrediteerd"
	case "betaald":
		return "Betaald"
	case "deels_betaald":
		return "Deels betaald, nog open " + Euro(f.OpenCents)
	case "open", "in_bespreking", "uit_handen":
		if f.BetaalMethode != nil && *f.BetaalMethode == "niet_betaald" {
			return "Openstaand - klant heeft niet betaald"
		}
		return "Openstaand"
	}
	return StateLabels[f.Staat]
}

// PaymentTerms is what the invoice asks of the customer, as of now (D28, D30): the term, due date,
// account and reference of what is open; that it is paid; or that a credit settles it.
func PaymentTerms(f Factuur) string {
	switch {
	case f.CreditVan != nil:
		return "Deze creditfactuur corrigeert factuur " + f.CreditVan.Factuurnummer + ". Het bedrag wordt met u verrekend."
	case f.GecrediteerdDoor != nil:
		return "Deze factuur is gecrediteerd door creditfactuur " + *f.GecrediteerdDoor + ". U hoeft niets te betalen."
	case f.Staat == "betaald":
		return "Deze factuur is betaald. Hartelijk dank."
	}
	due := calendar.DutchOf(f.Vervaldatum)
	if f.Staat == "deels_betaald" {
		return fmt.Sprintf("Wij ontvingen al %s. Nog te betalen: %s, uiterlijk %s, op %s o.v.v. %s.",
			Euro(f.TotaalCents-f.OpenCents), Euro(f.OpenCents), due, f.Uitgever.IBAN, f.Factuurnummer)
	}
	return fmt.Sprintf("Te betalen binnen 14 dagen, uiterlijk %s, op %s o.v.v. %s.", due, f.Uitgever.IBAN, f.Factuurnummer)
}

// Render draws the invoice as an A4 PDF (Page, go-pdf/fpdf), with every field of D28: the issuing
// business (name, address, KvK and VAT numbers, IBAN), the customer, the number, the invoice date
// and the date of the work, the lines (quantity x unit price), 21 % VAT, the total and the
// payment term; and the payment state as of the moment it is drawn (a download draws it anew).
func Render(f Factuur, site Site) ([]byte, error) {
	title := "Factuur"
	if f.CreditVan != nil {
		title = "Creditfactuur"
	}
	site = site.Of(f)
	u := f.Uitgever
	p := NewPage(title+" "+f.Factuurnummer, u.Naam)
	p.Letterhead(site, u.Naam, []string{u.Adres, u.Postcode + " " + u.Plaats, "KvK: " + u.KvKNummer, "Btw-nummer: " + u.BTWNummer, "IBAN: " + u.IBAN}, title)
	p.Label("Factuurnummer:", f.Factuurnummer)
	p.Label("Factuurdatum:", calendar.DutchOf(f.Datum))
	p.Label("Datum werkzaamheden:", calendar.DutchOf(f.WerkDatum))
	if f.CreditVan != nil {
		p.Label("Crediteert factuur:", f.CreditVan.Factuurnummer)
		if f.CreditReden != nil {
			p.Label("Reden:", *f.CreditReden)
		}
	} else {
		p.Label("Vervaldatum:", calendar.DutchOf(f.Vervaldatum))
		p.Label("Status:", paymentStatus(f))
		if m := f.BetaalMethode; f.Staat == "betaald" && m != nil && *m != "niet_betaald" && MethodLabels[*m] != "" {
			p.Label("Betaalwijze:", MethodLabels[*m]) // in the words of every screen (PIN, Contant)
		}
	}
	p.Ln(3)
	aan := []string{f.Klant.Naam, f.Klant.Adres, f.Klant.Postcode + " " + f.Klant.Woonplaats}
	wat := "Werkzaamheden"
	if f.Klant.KvKNummer != nil && f.Klant.BTWNummer != nil {
		aan = append(aan, "KvK: "+*f.Klant.KvKNummer, "Btw-nummer: "+*f.Klant.BTWNummer)
	}
	if f.Soort == "afdracht" {
		wat = "Omschrijving"
	}
	p.Block("Aan", aan...)
	p.Block(wat, f.Omschrijving)
	p.Lines(f.Regels)
	p.Totals(f.SubtotaalCents, f.BTWCents, f.TotaalCents)

	p.SetFont("Helvetica", "B", 11)
	p.MultiCell(0, 6, p.Tr(PaymentTerms(f)), "", "L", false)
	p.Ln(2)
	p.SetFont("Helvetica", "", 10)
	thanks := "Hartelijk dank voor uw vertrouwen in " + site.Brand + "."
	if site.Phone != "" {
		thanks += " Vragen over deze factuur? Bel " + site.Phone + "."
	}
	p.MultiCell(0, 5, p.Tr(thanks), "", "L", false)
	if f.Staat == "open" && f.BetaalMethode != nil && *f.BetaalMethode == "niet_betaald" {
		p.MultiCell(0, 5, p.Tr("Deze factuur staat nog open. Wij nemen contact met u op over de betaling."), "", "L", false)
	}
	data, err := p.Bytes()
	if err != nil {
		return nil, fmt.Errorf("factuur: %w", err)
	}
	return data, nil
}
