package factuur_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// D28: the invoice of a job in a region with its own business names that business with every
// legal field, the customer, both dates, the lines as quantity x unit price, the VAT and the
// payment term; after a PIN payment the same download says it is paid; a credit invoice corrects
// it in the same sequence with negative amounts and a reference, and the original never changes.
func TestInvoiceMeetsD28AndIsCorrectedByACredit(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Files: true})
	p.Exec(t, `INSERT INTO factuur_uitgevers (id, regio, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
		VALUES ('den-haag', 'den-haag', 'Klusmaat Den Haag B.V.', 'Prinsegracht 10', '2512 GA', 'Den Haag', '87654321',
		        'NL987654321B01', 'NL91ABNA0417164300', 'DH')`)
	admin := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	_, w := p.PlannedJob(t, piet, "Mevrouw Jansen", "")
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Muurplug", BedragCents: 1234}, nil)
	p.StartedAgo(t, piet, w, 90*time.Minute)
	var a werkbon.Afronding
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}
	today := calendar.System.Today()
	nummer := fmt.Sprintf("DH%d-0001", today.Year)
	text := servertest.PDFText(t, p, admin, a.FactuurID)
	// 2 h x 65 = 130,00; materials 12,34; subtotal 142,34; VAT 29,89; total 172,23.
	servertest.WantIn(t, "the invoice", text,
		"Klusmaat Den Haag B.V.", "Prinsegracht 10", "2512 GA Den Haag", "KvK: 87654321", "Btw-nummer: NL987654321B01",
		"IBAN: NL91ABNA0417164300", "Mevrouw Jansen", "Herenstraat 1", "2271 AB Voorburg",
		"Factuurnummer:", nummer, "Factuurdatum:", today.Dutch(), "Datum werkzaamheden:", "Vervaldatum:", today.AddDays(14).Dutch(),
		"Arbeid", "2 uur", "€ 65,00", "€ 130,00", "Muurplug", "€ 12,34", "€ 142,34", "Btw 21%", "€ 29,89", "€ 172,23",
		"Openstaand", fmt.Sprintf("Te betalen binnen 14 dagen, uiterlijk %s, op NL91ABNA0417164300 o.v.v. %s.", today.AddDays(14).Dutch(), nummer))

	// The klusser registers a PIN payment: the next download says so, and asks nothing.
	if s := p.Call(t, piet, http.MethodPost, "/api/v1/klusser/facturen/"+a.FactuurID.String()+"/betaling",
		factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}, nil); s != http.StatusOK {
		t.Fatalf("pin payment: %d", s)
	}
	paid := servertest.PDFText(t, p, admin, a.FactuurID)
	if !regexp.MustCompile(`Betaalwijze:\s+PIN`).MatchString(paid) {
		t.Errorf("the paid invoice does not name the payment method as the screens do (PIN):\n%s", paid)
	}
	servertest.WantIn(t, "the paid invoice", paid, "Deze factuur is betaald.", nummer)
	if strings.Contains(paid, "Te betalen binnen") || strings.Contains(paid, "Openstaand") {
		t.Errorf("the paid invoice still asks for payment:\n%s", paid)
	}

	// A credit needs a reason; then it is the next number of the same issuer, negative, referring
	// to the original.
	var e servertest.APIError
	if s := p.Call(t, admin, http.MethodPost, "/api/v1/facturen/"+a.FactuurID.String()+"/crediteren", factuur.CreditRequest{Reden: "  "}, &e); s != http.StatusBadRequest || e.Error.Fields["reden"] != "Geef de reden van de creditfactuur." {
		t.Fatalf("credit without a reason: %d %+v", s, e)
	}
	var c factuur.Credited
	if s := p.Call(t, admin, http.MethodPost, "/api/v1/facturen/"+a.FactuurID.String()+"/crediteren", factuur.CreditRequest{Reden: "Dubbel gefactureerd"}, &c); s != http.StatusCreated {
		t.Fatalf("credit: %d", s)
	}
	creditNummer := fmt.Sprintf("DH%d-0002", today.Year)
	if c.Data.Factuurnummer != creditNummer || c.Data.TotaalBedragCents != -17223 || c.Data.SubtotaalCents != -14234 ||
		c.Data.BtwBedragCents != -2989 || c.Data.CreditVan == nil || *c.Data.CreditVan != nummer || c.Message != "Creditfactuur gemaakt" {
		t.Fatalf("credit invoice: %+v", c)
	}
	credit := servertest.PDFText(t, p, admin, c.Data.ID)
	servertest.WantIn(t, "the credit invoice", credit, "Creditfactuur", creditNummer, "Crediteert factuur:", nummer, "Dubbel gefactureerd",
		"Klusmaat Den Haag B.V.", "KvK: 87654321", "€ -130,00", "€ -12,34", "€ -29,89", "€ -172,23", "Mevrouw Jansen")
	if s := p.Call(t, admin, http.MethodPost, "/api/v1/facturen/"+a.FactuurID.String()+"/crediteren", factuur.CreditRequest{Reden: "Nog eens"}, &e); s != http.StatusConflict || e.Error.Message != "Deze factuur is al gecrediteerd." {
		t.Errorf("second credit: %d %+v", s, e)
	}
	if s := p.Call(t, admin, http.MethodPost, "/api/v1/facturen/"+c.Data.ID.String()+"/crediteren", factuur.CreditRequest{Reden: "Terug"}, &e); s != http.StatusConflict {
		t.Errorf("credit of a credit: %d %+v", s, e)
	}

	// The list shows both, the totals count the credit, nothing is left open.
	var totals factuur.TotalsAnswer
	p.Call(t, admin, http.MethodGet, "/api/v1/facturen/totalen", nil, &totals)
	if totals.Data.Aantal != 2 || totals.Data.OmzetCents != 0 || totals.Data.BtwCents != 0 || totals.Data.Openstaand != 0 {
		t.Errorf("totals with the credit: %+v", totals.Data)
	}

	// The original is never changed or deleted through the application, not even by an admin.
	for _, sql := range []string{
		`UPDATE facturen SET klant_naam = 'Iemand anders' WHERE id = $1`,
		`UPDATE facturen SET totaal_bedrag_cents = 0, subtotaal_cents = 0, btw_bedrag_cents = 0 WHERE id = $1`,
		`DELETE FROM facturen WHERE id = $1`,
	} {
		err := p.DB.DB.InTx(context.Background(), p.Actor(admin), func(tx pgx.Tx) error {
			_, err := tx.Exec(context.Background(), sql, a.FactuurID)
			return err
		})
		if err == nil {
			t.Errorf("accepted: %s", sql)
		}
	}
	if again := servertest.PDFText(t, p, admin, a.FactuurID); !strings.Contains(again, "Mevrouw Jansen") || !strings.Contains(again, "€ 172,23") {
		t.Errorf("the original changed:\n%s", again)
	}
}

// D28: an issuer's numbers are validated as a bookkeeper would (KvK, VAT number, IBAN checksum),
// with Dutch messages per field, and an admin's change reaches the next invoice only.
func TestIssuerSettings(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Files: true})
	admin := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	franchise := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"utrecht"}})
	good := factuur.Uitgever{Naam: "Klusmaat Utrecht B.V.", Adres: "Oudegracht 1", Postcode: "3511ab", Plaats: "Utrecht",
		KvKNummer: "1234 5678", BTWNummer: "nl123456789b02", IBAN: "NL91 ABNA 0417 1643 00", NummerPrefix: "ut"}
	bad := good
	bad.KvKNummer, bad.BTWNummer, bad.IBAN, bad.NummerPrefix = "1234", "NL12345", "NL92 ABNA 0417 1643 00", ""
	var e servertest.APIError
	if s := p.Call(t, admin, http.MethodPut, "/api/v1/factuur-uitgevers/utrecht", bad, &e); s != http.StatusBadRequest ||
		e.Error.Fields["kvk_nummer"] != "Vul een KvK-nummer van 8 cijfers in." || e.Error.Fields["btw_nummer"] == "" ||
		!strings.HasPrefix(e.Error.Fields["iban"], "Dit IBAN klopt niet") || e.Error.Fields["nummer_prefix"] == "" {
		t.Fatalf("invalid issuer: %d %+v", s, e)
	}
	if s := p.Call(t, franchise, http.MethodPut, "/api/v1/factuur-uitgevers/utrecht", good, nil); s != http.StatusForbidden {
		t.Errorf("a franchise owner saves its issuer: %d", s)
	}
	var saved factuur.UitgeverSaved
	if s := p.Call(t, admin, http.MethodPut, "/api/v1/factuur-uitgevers/utrecht", good, &saved); s != http.StatusOK ||
		saved.Data.KvKNummer != "12345678" || saved.Data.BTWNummer != "NL123456789B02" || saved.Data.IBAN != "NL91ABNA0417164300" ||
		saved.Data.Postcode != "3511 AB" || saved.Data.NummerPrefix != "UT" || saved.Message != "Factuurgegevens opgeslagen" {
		t.Fatalf("save: %d %+v", s, saved)
	}
	var issuers list.Page[factuur.UitgeverRow]
	p.Call(t, franchise, http.MethodGet, "/api/v1/factuur-uitgevers", nil, &issuers)
	if issuers.Total != 2 || issuers.Data[0].ID != "centraal" || issuers.Data[1].ID != "utrecht" {
		t.Errorf("the franchise owner of utrecht reads: %+v", issuers.Data)
	}
	other := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}})
	p.Call(t, other, http.MethodGet, "/api/v1/factuur-uitgevers", nil, &issuers)
	if issuers.Total != 1 || issuers.Data[0].ID != "centraal" {
		t.Errorf("the franchise owner of den-haag reads: %+v", issuers.Data)
	}
	taken := good
	taken.NummerPrefix = "UT"
	if s := p.Call(t, admin, http.MethodPut, "/api/v1/factuur-uitgevers/den-haag", taken, &e); s != http.StatusBadRequest ||
		e.Error.Fields["nummer_prefix"] != "Dit voorvoegsel gebruikt een andere regio al." {
		t.Errorf("a prefix taken: %d %+v", s, e)
	}
	if s := p.Call(t, admin, http.MethodPut, "/api/v1/factuur-uitgevers/atlantis", good, &e); s != http.StatusNotFound {
		t.Errorf("an unknown region: %d %+v", s, e)
	}
}
