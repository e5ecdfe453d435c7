package offerte

import (
	"fmt"
	"time"

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
	// SupportPhone is the support phone of the job's region, else the default (docs/decisions.md
	// D33); empty: the configured one.
	SupportPhone string
}

// Render draws the quote in the invoice's layout (factuur.Page): the business that will invoice,
// the customer, number and version, date and validity, the lines, 21 % VAT, the total, and how to
// accept: through the personal status link the e-mail carries.
func Render(d Document, site factuur.Site) ([]byte, error) {
	o := d.Offerte
	u := d.Uitgever
	if d.SupportPhone != "" {
		site.Phone = d.SupportPhone
	}
	p := factuur.NewPage(fmt.Sprintf("Offerte %s versie %d", o.Nummer, o.Versie), u.Naam)
	p.Letterhead(site, u.Naam, []string{u.Adres, u.Postcode + " " + u.Plaats, "KvK: " + u.KvKNummer, "Btw-nummer: " + u.BTWNummer}, "Offerte")
	p.Label("Offertenummer:", fmt.Sprintf("%s (versie %d)", o.Nummer, o.Versie))
	p.Label("Datum:", calendar.DateOf(d.Datum).Dutch())
	p.Label("Geldig tot en met:", calendar.DutchOf(o.GeldigTot))
	p.Ln(3)
	p.Block("Aan", d.Klant.Naam, d.Klant.Adres, d.Klant.Postcode+" "+d.Klant.Woonplaats)
	p.Block("De klus", d.Omschrijving)
	lines := make([]factuur.Regel, len(o.Regels))
	for i, r := range o.Regels {
		lines[i] = factuur.Regel{Omschrijving: r.Omschrijving, Aantal: r.Aantal, Eenheid: r.Eenheid, PrijsCents: r.PrijsCents, BedragCents: r.BedragCents}
	}
	p.Lines(lines)
	p.Totals(o.SubtotaalCents, o.BTWCents, o.TotaalCents)

	p.SetFont("Helvetica", "B", 11)
	p.MultiCell(0, 6, p.Tr("Dit is een vaste prijs. Gaat u akkoord? Druk dan op 'Akkoord' op uw persoonlijke pagina; "+
		"de link staat in onze e-mail. Daarna plannen wij de klus en ziet u wie er komt."), "", "L", false)
	p.Ln(2)
	p.SetFont("Helvetica", "", 10)
	more := "Materiaal dat tijdens de klus extra nodig blijkt, rekenen wij alleen als meerwerk als u dat op de werkbon heeft getekend."
	if site.Phone != "" {
		more += " Vragen over deze offerte? Bel " + site.Phone + "."
	}
	p.MultiCell(0, 5, p.Tr(more), "", "L", false)
	data, err := p.Bytes()
	if err != nil {
		return nil, fmt.Errorf("offerte: %w", err)
	}
	return data, nil
}
