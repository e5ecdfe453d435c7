package offerte

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/pdftest"
)

// The quote's PDF names the business that will invoice, the customer, the number and version, the
// date and validity, each line (hours as '2,5 uur'), VAT and the total, and how to accept.
func TestQuotePDFCarriesWhatTheCustomerDecidesOn(t *testing.T) {
	uren := 2.5
	in := Inhoud{ArbeidWijze: "uren", ArbeidOmschrijving: "Planken ophangen", ArbeidUren: &uren, UurtariefCents: 6500,
		Materialen: []Materiaal{{Omschrijving: "Plank eiken 80 cm", Aantal: 3, PrijsCents: 1250}}, GeldigTot: "2026-12-24"}
	in.Reken(0)
	sent := time.Date(2026, 11, 24, 23, 30, 0, 0, time.UTC) // 25 November in Amsterdam
	doc := Document{
		Offerte:      Offerte{Nummer: "O2026-0007", Versie: 2, Inhoud: in, Regels: in.Regels(), VerstuurdOp: &sent},
		Uitgever:     factuur.Uitgever{Naam: "Klusmaat Den Haag B.V.", Adres: "Prinsegracht 10", Postcode: "2512 GA", Plaats: "Den Haag", KvKNummer: "87654321", BTWNummer: "NL987654321B01"},
		Klant:        factuur.Klant{Naam: "Mevrouw Jansen", Adres: "Herenstraat 1", Postcode: "2271 AB", Woonplaats: "Voorburg"},
		Omschrijving: "Montage & Ophangwerk: Drie planken in de woonkamer",
		Datum:        sent,
	}
	pdf, err := Render(doc, factuur.Site{Brand: "Klusmaat", Phone: "070 300 40 50"})
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("KLUSMAAT_KEEP_PDF"); dir != "" { // to look at it: pdftoppm -png
		_ = os.WriteFile(filepath.Join(dir, "offerte.pdf"), pdf, 0o644)
	}
	text := pdftest.Words(t, pdf)
	for _, want := range []string{"Klusmaat Den Haag B.V.", "KvK: 87654321", "Offerte", "O2026-0007 (versie 2)", "Datum: 25-11-2026",
		"Geldig tot en met: 24-12-2026", "Mevrouw Jansen", "2271 AB Voorburg", "Planken ophangen 2,5 uur € 65,00 € 162,50",
		"Plank eiken 80 cm 3 € 12,50 € 37,50", "Subtotaal (excl. btw) € 200,00", "Btw 21% over € 200,00 € 42,00",
		"Totaal (incl. btw) € 242,00", "'Akkoord'", "meerwerk", "070 300 40 50"} {
		if !strings.Contains(text, want) {
			t.Errorf("the quote PDF lacks %q:\n%s", want, text)
		}
	}
}
