package uitbetaling

import (
	"fmt"
	"strings"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Render draws a statement as an A4 PDF in the platform's layout (factuur.Page, as the invoice):
// the paying business as the sender, the klusser, the month, the state (Concept, Goedgekeurd,
// Uitbetaald op ...), a line per work order (date, job, town, hours, 35 euro an hour, amount) and
// per correction, and the total. Drawn on each download, so the state is today's; the lines never
// change after approval.
func Render(d Detail, sender factuur.Uitgever, klusserAdres []string, site factuur.Site) ([]byte, error) {
	maand, ok := ParseMaand(d.Maand)
	if !ok {
		return nil, fmt.Errorf("uitbetaling: statement %s has month %q", d.Nummer, d.Maand)
	}
	title := "Uitbetaling " + d.Nummer
	p := factuur.NewPage(title, sender.Naam)
	var lines []string
	if sender.Adres != "" {
		lines = append(lines, sender.Adres, strings.TrimSpace(sender.Postcode+" "+sender.Plaats))
	}
	if sender.KvKNummer != "" {
		lines = append(lines, "KvK: "+sender.KvKNummer)
	}
	p.Letterhead(site, sender.Naam, lines, title)
	p.Ln(2)

	p.Block("Aan", append([]string{d.KlusserNaam}, klusserAdres...)...)
	p.Label("Maand:", maand.MonthInWords())
	p.Label("Nummer:", d.Nummer)
	p.Label("Status:", d.StatusTekst)
	if d.IBANGemaskeerd != nil {
		holder := ""
		if d.Rekeninghouder != nil {
			holder = " t.n.v. " + *d.Rekeninghouder
		}
		p.Label("Rekening:", *d.IBANGemaskeerd+holder)
	} else if d.Status != "concept" {
		p.Label("Rekening:", "IBAN ontbreekt")
	}
	p.Ln(4)

	// The lines: date, job (its invoice number), town, hours, rate, amount; a correction says
	// what it corrects on a line of its own under it.
	const dateW, jobW, townW, hoursW, rateW, amountW = 24.0, 36.0, 46.0, 18.0, 26.0, 30.0
	p.SetFillColor(230, 236, 245)
	p.SetFont("Helvetica", "B", 10.5)
	for _, h := range []struct {
		w     float64
		text  string
		align string
	}{{dateW, "Datum", "L"}, {jobW, "Klus", "L"}, {townW, "Woonplaats", "L"}, {hoursW, "Uren", "R"}, {rateW, "Tarief", "R"}, {amountW, "Bedrag", "R"}} {
		ln := 0
		if h.text == "Bedrag" {
			ln = 1
		}
		p.CellFormat(h.w, 8, p.Tr(h.text), "B", ln, h.align, true, 0, "")
	}
	p.SetFont("Helvetica", "", 10.5)
	for _, r := range d.Regels {
		datum, _ := calendar.ParseDate(r.Datum)
		job := r.Klus
		p.CellFormat(dateW, 6.5, p.Tr(datum.Dutch()), "", 0, "L", false, 0, "")
		p.CellFormat(jobW, 6.5, p.Tr(job), "", 0, "L", false, 0, "")
		p.CellFormat(townW, 6.5, p.Tr(clip(r.Woonplaats, 26)), "", 0, "L", false, 0, "")
		p.CellFormat(hoursW, 6.5, fmt.Sprint(r.Uren), "", 0, "R", false, 0, "")
		p.CellFormat(rateW, 6.5, p.Tr(factuur.Euro(r.TariefCents)+"/u"), "", 0, "R", false, 0, "")
		p.CellFormat(amountW, 6.5, p.Tr(factuur.Euro(r.BedragCents)), "", 1, "R", false, 0, "")
		if r.Soort == "correctie" && r.Omschrijving != "" {
			p.SetFont("Helvetica", "I", 9)
			p.SetX(15 + dateW)
			p.MultiCell(180-dateW-amountW, 5, p.Tr(r.Omschrijving), "", "L", false)
			p.SetFont("Helvetica", "", 10.5)
		}
	}
	p.SetFont("Helvetica", "B", 11)
	p.CellFormat(180-amountW, 8, p.Tr("Totaal"), "T", 0, "R", false, 0, "")
	p.CellFormat(amountW, 8, p.Tr(factuur.Euro(d.TotaalCents)), "T", 1, "R", false, 0, "")
	p.Ln(6)

	p.SetFont("Helvetica", "", 10)
	note := fmt.Sprintf("U ontvangt %s per gewerkt uur van elke afgeronde werkbon; de uren komen van de timer van de werkbon. "+
		"Is er na een uitbetaling iets aan een werkbon veranderd, dan staat het verschil als correctie op een latere uitbetaling.",
		factuur.Euro(TariefCents))
	if d.Status == "concept" {
		note += " Deze uitbetaling is nog een concept: het kantoor controleert haar voordat zij wordt goedgekeurd."
	}
	p.MultiCell(0, 5, p.Tr(note), "", "L", false)
	data, err := p.Bytes()
	if err != nil {
		return nil, fmt.Errorf("uitbetaling: %w", err)
	}
	return data, nil
}

// clip cuts s to n characters for a table cell.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
