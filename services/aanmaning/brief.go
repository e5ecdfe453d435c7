package aanmaning

import (
	"fmt"
	"strings"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Brief is a letter as it went out, from its event (factuur_gebeurtenissen.gegevens): the amounts
// and dates it states, never recomputed, so a letter printed later says what was recorded.
type Brief struct {
	Soort     string // SoortHerinnering or SoortBrief
	Verzonden calendar.Date
	OpenCents int64
	// The 14-dagenbrief's collection costs (Incassokosten) and last day to pay (TermijnTot).
	IncassokostenCents int64
	TermijnTot         calendar.Date
	// PerPost: the customer has no e-mail address; the office prints and posts the letter.
	PerPost bool
}

// FileName is the name a downloaded letter gets.
func FileName(b Brief, factuurnummer string) string {
	if b.Soort == SoortBrief {
		return "aanmaning-" + factuurnummer + ".pdf"
	}
	return "herinnering-" + factuurnummer + ".pdf"
}

// The window of a Dutch window envelope (NEN 1026, window on the left): where the customer's
// address must stand on the folded A4, in mm from the page's top left corner.
const (
	windowX, windowY, windowW = 22.0, 50.0, 85.0
)

// BriefPDF draws letter b about invoice f as an A4 letter for a window envelope: the brand and the
// issuing business at the top (factuur.Page, as the invoice), the return address and the
// customer's address in the window, the date and subject, the text, the amounts, and the account
// with the invoice number as the payment reference. Plain words in a large type: the customers
// are mostly seniors.
func BriefPDF(f factuur.Factuur, b Brief, site factuur.Site) ([]byte, error) {
	site = site.Of(f) // the region's support phone (docs/decisions.md D33)
	var subject string
	switch b.Soort {
	case SoortHerinnering:
		subject = "Herinnering: factuur " + f.Factuurnummer + " is nog niet betaald"
	case SoortBrief:
		subject = "Aanmaning: factuur " + f.Factuurnummer + " is nog niet betaald"
	default:
		return nil, fmt.Errorf("aanmaning: no letter for %q", b.Soort)
	}
	u := f.Uitgever
	p := factuur.NewPage(subject, u.Naam)
	// The letterhead without a title: the window takes the place the title would have.
	p.Letterhead(site, u.Naam, []string{u.Adres, u.Postcode + " " + u.Plaats, "KvK: " + u.KvKNummer,
		"Btw-nummer: " + u.BTWNummer, "IBAN: " + u.IBAN}, "")

	p.SetXY(windowX, windowY)
	p.SetFont("Helvetica", "", 7)
	p.CellFormat(windowW, 4, p.Tr(strings.Join([]string{u.Naam, u.Adres, u.Postcode + " " + u.Plaats}, ", ")), "", 2, "L", false, 0, "")
	p.Ln(1)
	p.SetFont("Helvetica", "", 12)
	for _, line := range []string{f.Klant.Naam, f.Klant.Adres, f.Klant.Postcode + "  " + strings.ToUpper(f.Klant.Woonplaats)} {
		p.SetX(windowX)
		p.CellFormat(windowW, 6, p.Tr(line), "", 2, "L", false, 0, "")
	}

	l := letter{p}
	p.SetXY(15, 92)
	l.fact("Datum:", b.Verzonden.Dutch())
	l.fact("Factuurnummer:", f.Factuurnummer)
	l.fact("Factuurdatum:", calendar.DutchOf(f.Datum))
	p.Ln(3)
	p.SetFont("Helvetica", "B", 13)
	p.MultiCell(0, 7, p.Tr(subject), "", "L", false)
	p.Ln(2)

	l.para("Beste " + naam(f) + ",")
	part := ""
	if betaald := int64(f.TotaalCents) - b.OpenCents; betaald > 0 {
		part = fmt.Sprintf(" Van het factuurbedrag van %s heeft u %s al betaald. Hartelijk dank daarvoor.", factuur.Euro(f.TotaalCents), factuur.Euro(betaald))
	}
	phone := "Bel ons gerust"
	if site.Phone != "" {
		phone += " op " + site.Phone
	}
	if b.Soort == SoortHerinnering {
		l.para(fmt.Sprintf("Misschien is het u ontschoten: wij hebben de betaling van factuur %s van %s nog niet ontvangen. "+
			"De betaaltermijn is verlopen op %s.%s", f.Factuurnummer, calendar.DutchOf(f.Datum), calendar.DutchOf(f.Vervaldatum), part))
		l.para("Wilt u het bedrag dat nog openstaat zo snel mogelijk overmaken?")
		l.payment(f, b, calendar.Date{})
		l.para("Heeft u inmiddels betaald? Dan hoeft u niets meer te doen.")
		l.para("Heeft u vragen over de factuur, of lukt het betalen niet? " + phone + ", dan zoeken we samen naar een oplossing.")
	} else {
		l.para(fmt.Sprintf("Wij hebben de betaling van factuur %s van %s nog steeds niet ontvangen, ook niet na onze herinnering. "+
			"Er staat nog %s open.%s", f.Factuurnummer, calendar.DutchOf(f.Datum), factuur.Euro(b.OpenCents), part))
		l.para(fmt.Sprintf("Wij vragen u dit bedrag binnen 14 dagen te betalen. Die 14 dagen gaan in op de dag nadat u deze brief "+
			"heeft ontvangen. Betaal daarom uiterlijk op %s.", b.TermijnTot.Dutch()))
		l.payment(f, b, b.TermijnTot)
		l.bold(fmt.Sprintf("Betaalt u niet op tijd? Dan moeten wij incassokosten in rekening brengen: %s. Over deze kosten "+
			"rekenen wij geen btw. U betaalt dan in totaal %s.", factuur.Euro(b.IncassokostenCents), factuur.Euro(b.OpenCents+b.IncassokostenCents)))
		l.para("Betaalt u binnen de termijn, dan betaalt u geen incassokosten. De hoogte van de incassokosten staat in de wet " +
			"(Besluit vergoeding voor buitengerechtelijke incassokosten).")
		l.para("Heeft u inmiddels betaald? Dan hoeft u niets meer te doen. Kunt u niet in één keer betalen, of bent u het niet " +
			"eens met de factuur? " + phone + " vóór " + b.TermijnTot.Dutch() + ". Samen zoeken we een oplossing, bijvoorbeeld een betalingsregeling.")
	}
	l.para("Met vriendelijke groet,\n" + site.Brand + "\nnamens " + u.Naam)
	data, err := p.Bytes()
	if err != nil {
		return nil, fmt.Errorf("aanmaning: %w", err)
	}
	return data, nil
}

// letter writes the body of a letter on a factuur.Page, in 12 pt (the page's helpers are sized
// for an invoice's tables).
type letter struct{ p factuur.Page }

func (l letter) para(text string) { l.write("", text) }

func (l letter) bold(text string) { l.write("B", text) }

// write sets a paragraph; an amount is never split over two lines (a no-break space after €).
func (l letter) write(style, text string) {
	l.p.SetFont("Helvetica", style, 12)
	l.p.MultiCell(0, 5.5, l.p.Tr(strings.ReplaceAll(text, "€ ", "€\u00a0")), "", "L", false)
	l.p.Ln(2.5)
}

// fact writes a label and its value on one line.
func (l letter) fact(label, value string) {
	l.p.SetFont("Helvetica", "B", 12)
	l.p.CellFormat(60, 6, l.p.Tr(label), "", 0, "L", false, 0, "")
	l.p.SetFont("Helvetica", "", 12)
	l.p.CellFormat(0, 6, l.p.Tr(value), "", 1, "L", false, 0, "")
}

// payment writes how to pay, set apart in a shaded block: the amount, the last day (a
// 14-dagenbrief), the account and the invoice number as the reference.
func (l letter) payment(f factuur.Factuur, b Brief, uiterlijk calendar.Date) {
	l.p.SetFillColor(240, 244, 249)
	rows := [][2]string{{"Te betalen:", factuur.Euro(b.OpenCents)}}
	if !uiterlijk.IsZero() {
		rows = append(rows, [2]string{"Uiterlijk op:", uiterlijk.Dutch()})
	}
	rows = append(rows, [2]string{"Rekeningnummer (IBAN):", f.Uitgever.IBAN}, [2]string{"Ten name van:", f.Uitgever.Naam},
		[2]string{"Onder vermelding van:", f.Factuurnummer})
	for _, r := range rows {
		l.p.SetFont("Helvetica", "B", 12)
		l.p.CellFormat(60, 6.5, l.p.Tr(r[0]), "", 0, "L", true, 0, "")
		l.p.SetFont("Helvetica", "", 12)
		l.p.CellFormat(0, 6.5, l.p.Tr(r[1]), "", 1, "L", true, 0, "")
	}
	l.p.Ln(3)
}
