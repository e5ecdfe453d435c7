package klant_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/klant"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Customers are the jobs grouped by e-mail (D11): the list, search, the card and its tabs; create
// with a first job or the placeholder job; delete with every job in one transaction, invoices kept.
func TestCustomers(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	jan := "jan-" + uuid.NewString()[:6] + "@example.nl"
	var jobs []uuid.UUID
	for i := 0; i < 3; i++ {
		jobs = append(jobs, b.Job(t, servertest.Job{Email: jan}))
	}
	b.Exec(t, `UPDATE klussen SET created_at = now() - interval '3 days', klusser_id = $2 WHERE id = $1`, jobs[0], b.ID(b.Piet))
	b.Exec(t, `UPDATE klussen SET status = 'afgerond' WHERE id = $1`, jobs[0])
	b.Exec(t, `UPDATE klussen SET telefoon = '06 99 88 77 66', woonplaats = 'Leidschendam' WHERE id = $1`, jobs[2])
	b.Exec(t, `INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren, handtekening, rating_algemeen, rating_netheid,
	           rating_vriendelijkheid, rating_vakmanschap, zou_aanbevelen) VALUES ($1, $2, 'completed', now() - interval '1 hour', now(), 1, 'x', 4, 4, 5, 5, true)`,
		jobs[0], b.ID(b.Piet))
	b.Exec(t, `INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, klant_email, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
	           VALUES ($1, $2, 'den-haag', '2026-0007', $3, 6500, 1365, 7865)`, jobs[0], b.ID(b.Piet), jan)
	b.Job(t, servertest.Job{Email: "els@example.nl"})
	b.Job(t, servertest.Job{}) // no e-mail: no customer

	type page = list.Page[klant.Klant]
	var p page
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klanten", nil, &p); s != http.StatusOK || p.Total != 2 {
		t.Fatalf("customers: %d %+v", s, p)
	}
	var k klant.Klant
	for _, r := range p.Data {
		if r.ID == jan {
			k = r
		}
	}
	if k.AantalKlussen != 3 || k.Telefoon != "06 99 88 77 66" || k.Woonplaats != "Leidschendam" || k.Naam != jan[:len(jan)-len("@example.nl")] {
		t.Errorf("jan's row: %+v", k)
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klanten?q=leidschendam", nil, &p); s != http.StatusOK || p.Total != 1 || p.Data[0].ID != jan {
		t.Errorf("search by town: %d %+v", s, p)
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klanten?sort=aantal_klussen&order=desc&per_page=1", nil, &p); s != http.StatusOK || p.Total != 2 || p.Data[0].ID != jan {
		t.Errorf("sorted by count: %d %+v", s, p)
	}

	path := "/api/v1/klanten/" + url.PathEscape(jan)
	var card klant.One
	if s := b.Call(t, b.Admin, http.MethodGet, path, nil, &card); s != http.StatusOK {
		t.Fatalf("card: %d", s)
	}
	if c := card.Data; c.AantalKlussen != 3 || c.PerStatus.Afgerond != 1 || c.PerStatus.Open != 2 || c.GemiddeldeTevredenheid == nil ||
		*c.GemiddeldeTevredenheid != 4 || c.AantalFacturen != 1 || c.OpenstaandCents != 7865 {
		t.Errorf("card: %+v", c)
	}
	var kp list.Page[klus.ListItem]
	if s := b.Call(t, b.Admin, http.MethodGet, path+"/klussen?status=open", nil, &kp); s != http.StatusOK || kp.Total != 2 {
		t.Errorf("jobs tab: %d %+v", s, kp)
	}
	var fp list.Page[klant.Factuur]
	if s := b.Call(t, b.Admin, http.MethodGet, path+"/facturen?betaald=nee", nil, &fp); s != http.StatusOK || fp.Total != 1 || fp.Data[0].Betaald {
		t.Errorf("invoices tab: %d %+v", s, fp)
	}
	var rp list.Page[klant.Review]
	if s := b.Call(t, b.Admin, http.MethodGet, path+"/reviews", nil, &rp); s != http.StatusOK || rp.Total != 1 || *rp.Data[0].RatingAlgemeen != 4 ||
		rp.Data[0].Klusser != "Piet Bakker" {
		t.Errorf("reviews tab: %d %+v", s, rp)
	}
	var e servertest.APIError
	for _, pth := range []string{"/api/v1/klanten/niemand%40example.nl", "/api/v1/klanten/niemand%40example.nl/klussen"} {
		if s := b.Call(t, b.Admin, http.MethodGet, pth, nil, &e); s != http.StatusNotFound || e.Error.Message != "Klant niet gevonden" {
			t.Errorf("%s: %d %+v", pth, s, e)
		}
	}

	// Delete: every job of the address in one transaction; the invoice stays without its job.
	var del klant.Deleted
	if s := b.Call(t, b.Admin, http.MethodDelete, path, nil, &del); s != http.StatusOK || del.Message != "Klant en 3 klussen verwijderd" || del.Data.VerwijderdeKlussen != 3 {
		t.Fatalf("delete: %d %+v", s, del)
	}
	var left, invoices, werkbonnenLeft int
	b.Query(t, &left, `SELECT count(*) FROM klussen WHERE email = $1`, jan)
	b.Query(t, &invoices, `SELECT count(*) FROM facturen WHERE klant_email = $1 AND klus_id IS NULL`, jan)
	b.Query(t, &werkbonnenLeft, `SELECT count(*) FROM werkbonnen WHERE klus_id = ANY ($1)`, jobs)
	if left != 0 || invoices != 1 || werkbonnenLeft != 0 {
		t.Errorf("after deletion: %d jobs, %d unlinked invoices, %d work orders", left, invoices, werkbonnenLeft)
	}
	if a := b.Audit(t, jan); len(a) != 1 || a[0].Action != "klant_delete" || a[0].Before["aantal_klussen"] != float64(3) {
		t.Errorf("audit of the deletion: %+v", a)
	}
	if s := b.Call(t, b.Admin, http.MethodDelete, path, nil, &e); s != http.StatusNotFound || e.Error.Message != "Klant niet gevonden" {
		t.Errorf("second delete: %d %+v", s, e)
	}
}

// Section 4 and 5: a new customer without a job gets the placeholder job; with a job that job; the
// form's rules with their messages; an address that is a customer already is refused.
func TestNewCustomer(t *testing.T) {
	clock := calendar.Fixed(time.Date(2026, 3, 10, 23, 30, 0, 0, calendar.Zone)) // late evening in Amsterdam
	b := servertest.NewBackOffice(t, servertest.Options{Clock: clock})
	form := func(email string, eerste *klant.EersteKlus) klant.CreateForm {
		return klant.CreateForm{Email: email, Telefoon: "070 123 45 67", Woonplaats: "Voorburg", Adres: "Kerkstraat 3", Postcode: "2271 AB", Klus: eerste}
	}
	var c klant.Created
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klanten", form("Nieuw@Example.nl", nil), &c); s != http.StatusCreated || c.Message != "Klant aangemaakt" ||
		c.Data.ID != "nieuw@example.nl" || c.Data.AantalKlussen != 1 {
		t.Fatalf("create without job: %d %+v", s, c)
	}
	var st, cat, tijd, beschrijving, datum string
	var assignment *string
	b.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT status, categorie, tijd, beschrijving, datum::text, assignment_type FROM klussen WHERE email = 'nieuw@example.nl'`).
			Scan(&st, &cat, &tijd, &beschrijving, &datum, &assignment)
	})
	if st != "open" || cat != "overig" || tijd != "00:00" || beschrijving != "Klant registratie - nog geen specifieke klus" || datum != "2026-03-10" || assignment != nil {
		t.Errorf("placeholder job: %s %s %s %q %s %v", st, cat, tijd, beschrijving, datum, assignment)
	}
	// Section 5 asks e-mail, phone and town only: without address and postcode the customer is made,
	// its placeholder job stored with empty ones, in the region of its town.
	kaal := klant.CreateForm{Email: "zonder-adres@example.nl", Telefoon: "070 123 45 68", Woonplaats: "Voorburg"}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klanten", kaal, &c); s != http.StatusCreated || c.Data.AantalKlussen != 1 {
		t.Errorf("create with e-mail, phone and town only: %d %+v", s, c)
	}
	var adres string
	b.Query(t, &adres, `SELECT adres || '|' || postcode || '|' || regio FROM klussen WHERE email = 'zonder-adres@example.nl'`)
	if parts := strings.Split(adres, "|"); len(parts) != 3 || parts[0] != "" || parts[1] != "" || parts[2] != "den-haag" {
		t.Errorf("the placeholder job without an address: %q", adres)
	}
	eerste := &klant.EersteKlus{Datum: "2026-03-20", Tijd: "10:30", Categorie: "houtwerk", Beschrijving: "Deur schaven"}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klanten", form("met-klus@example.nl", eerste), &c); s != http.StatusCreated || c.Message != "Klant aangemaakt met klus" {
		t.Errorf("create with job: %d %+v", s, c)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klanten", form("nieuw@example.nl", nil), &e); s != http.StatusConflict || e.Error.Message != "Er bestaat al een klant met dit e-mailadres" {
		t.Errorf("existing customer: %d %+v", s, e)
	}
	for _, c := range []struct {
		name, field, want string
		n                 klant.CreateForm
	}{
		{"no e-mail", "email", "Vul alle verplichte velden in", form("", nil)},
		{"no phone", "telefoon", "Vul alle verplichte velden in", func() klant.CreateForm { n := form("a@example.nl", nil); n.Telefoon = ""; return n }()},
		{"no town", "woonplaats", "Vul alle verplichte velden in", func() klant.CreateForm { n := form("a@example.nl", nil); n.Woonplaats = ""; return n }()},
		{"job without description", "klus.beschrijving", "Vul alle klus gegevens in", form("a@example.nl", &klant.EersteKlus{Datum: "2026-03-20", Tijd: "10:30", Categorie: "houtwerk"})},
		{"job without date", "klus.datum", "Vul alle klus gegevens in", form("a@example.nl", &klant.EersteKlus{Tijd: "10:30", Categorie: "houtwerk", Beschrijving: "x"})},
		{"bad e-mail", "email", "Vul een geldig e-mailadres in.", form("a@", nil)},
		{"bad postcode", "postcode", "Vul een geldige postcode in, bijvoorbeeld 2271 AB.", func() klant.CreateForm { n := form("a@example.nl", nil); n.Postcode = "12"; return n }()},
	} {
		var e servertest.APIError
		if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klanten", c.n, &e); s != http.StatusBadRequest || e.Error.Message != c.want || e.Error.Fields[c.field] != c.want {
			t.Errorf("%s: %d %+v, want %s %q", c.name, s, e.Error, c.field, c.want)
		}
	}
}
