package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/audit"
	"github.com/klusmaat/klusmaat/services/dashboard"
	"github.com/klusmaat/klusmaat/services/klant"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/settings"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The dashboard counts in SQL without archived jobs; a franchise owner gets its regions only. A
// public request reaches an admin's event stream, on which the console reloads the counts.
func TestDashboardCountsAndAPublicRequestOnTheStream(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Hub: true})
	b.Job(t, servertest.Job{})
	b.Job(t, servertest.Job{Status: "ingepland", Klusser: b.Piet})
	b.Job(t, servertest.Job{Status: "afgerond", Klusser: b.Piet, Woonplaats: "Voorburg"})
	b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Status: "bezig"})
	archived := b.Job(t, servertest.Job{})
	b.Exec(t, `UPDATE klussen SET archived = true WHERE id = $1`, archived)

	var one dashboard.One
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/dashboard", nil, &one); s != http.StatusOK {
		t.Fatalf("dashboard: %d", s)
	}
	d := one.Data
	if d.Statussen != (dashboard.Statussen{Open: 1, Ingepland: 1, Bezig: 1, Afgerond: 1}) || d.Totaal != 4 || len(d.Regios) != 4 {
		t.Errorf("admin dashboard: %+v", d)
	}
	for _, r := range d.Regios {
		want := map[string]int{"den-haag": 3, "utrecht": 1}[r.Regio]
		if r.Totaal != want || (r.Regio == "den-haag" && (r.Naam != "Den Haag" || r.Open != 1 || r.Afgerond != 1)) {
			t.Errorf("region row %+v, want total %d", r, want)
		}
	}
	if len(d.RecenteActiviteit) != 4 || len(d.TopWoonplaatsen) != 2 || d.TopWoonplaatsen[0] != (dashboard.Woonplaats{Woonplaats: "Voorburg", Aantal: 3}) {
		t.Errorf("recent %d, top towns %+v", len(d.RecenteActiviteit), d.TopWoonplaatsen)
	}
	var fo dashboard.One
	s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/dashboard", nil, &fo)
	if f := fo.Data; s != http.StatusOK || f.Totaal != 3 || len(f.Regios) != 1 ||
		f.Regios[0].Regio != "den-haag" || f.Statussen.Bezig != 0 {
		t.Errorf("franchise dashboard: %d %+v", s, f)
	}
	if s := b.Call(t, b.Piet, http.MethodGet, "/api/v1/dashboard", nil, nil); s != http.StatusForbidden {
		t.Errorf("klusser dashboard: %d", s)
	}

	// The admin's stream hears a public request as an INSERT; the dashboard counts it.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, b.URL+"/api/v1/events", nil)
	req.Header.Set("X-Test-User", b.Admin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("stream: %v %v", err, resp)
	}
	stream := readStream(t, resp)
	var created struct {
		ID uuid.UUID `json:"id"`
	}
	if s := b.Call(t, "", http.MethodPost, "/api/v1/public/aanvragen", servertest.ValidRequest(), &created); s != http.StatusCreated {
		t.Fatalf("public request: %d", s)
	}
	deadline := time.After(15 * time.Second)
	for heard := false; !heard; {
		select {
		case e := <-stream.events:
			heard = e.KlusID == created.ID && e.Op == "INSERT" && e.Status == "open" && e.Regio == "den-haag"
		case <-deadline:
			t.Fatal("the admin's stream did not hear the public request")
		}
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/dashboard", nil, &one); s != http.StatusOK || one.Data.Statussen.Open != 2 || one.Data.RecenteActiviteit[0].ID != created.ID {
		t.Errorf("dashboard after the request: %d %+v", s, one.Data.Statussen)
	}
}

// The work order overview: cards, filters, search, and one work order in full.
func TestWorkOrderOverview(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	piet, gerrit := b.ID(b.Piet), b.ID(b.Gerrit)
	signed := b.Job(t, servertest.Job{Status: "afgerond", Klusser: b.Piet, Naam: "Mevrouw Jansen"})
	running := b.Job(t, servertest.Job{Status: "bezig", Klusser: b.Piet})
	other := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Status: "ingepland", Klusser: b.Gerrit})
	var wSigned uuid.UUID
	b.Query(t, &wSigned, `
		INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren, handtekening, opmerkingen,
		                        rating_algemeen, rating_netheid, rating_vriendelijkheid, rating_vakmanschap, klant_tevreden, zou_aanbevelen)
		VALUES ($1, $2, 'running', now() - interval '90 minutes', now(), 2, 'data:image/png;base64,AAAA', 'Netjes gedaan', 5, 4, 5, 4, true, true)
		RETURNING id`, signed, piet)
	b.Exec(t, `INSERT INTO work_order_items (work_order_id, description, unit_price_cents, total_cents) VALUES ($1, 'Kit', 1250, 1250)`, wSigned)
	var foto uuid.UUID
	b.Query(t, &foto, `INSERT INTO work_order_photos (work_order_id, type, url) VALUES ($1, 'after', 'fotos/x.jpg') RETURNING id`, wSigned)
	b.Exec(t, `UPDATE werkbonnen SET status = 'completed' WHERE id = $1`, wSigned) // items and photos came before the lock
	b.Exec(t, `INSERT INTO werkbonnen (klus_id, klusser_id, start_tijd) VALUES ($1, $2, now())`, running, piet)
	b.Exec(t, `INSERT INTO werkbonnen (klus_id, klusser_id) VALUES ($1, $2)`, other, gerrit)

	var c werkbon.CountsAnswer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/werkbonnen/counts", nil, &c); s != http.StatusOK || c.Data != (werkbon.Counts{Totaal: 3, Ondertekend: 1, NietOndertekend: 2}) {
		t.Errorf("cards: %d %+v", s, c)
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/werkbonnen/counts?klusser_id="+piet.String(), nil, &c); s != http.StatusOK || c.Data.Totaal != 2 {
		t.Errorf("cards of piet: %d %+v", s, c)
	}
	type page = list.Page[werkbon.ListItem]
	for q, want := range map[string]int{
		"": 3, "ondertekend=ja": 1, "ondertekend=nee": 2, "klusser_id=" + gerrit.String(): 1, "q=jansen": 1, "status=running": 2,
		"klusser_id=niet-een-id": 0,
	} {
		var p page
		if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/werkbonnen?"+q, nil, &p); s != http.StatusOK || p.Total != want || len(p.Data) != want {
			t.Errorf("?%s: %d total %d, want %d", q, s, p.Total, want)
		}
	}
	var one werkbon.One
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/werkbonnen/"+wSigned.String(), nil, &one); s != http.StatusOK {
		t.Fatalf("detail: %d", s)
	}
	w := one.Data
	if !w.Ondertekend || w.Handtekening == nil || w.Ratings == nil || *w.Ratings != (werkbon.Ratings{Algemeen: 5, Netheid: 4, Vriendelijkheid: 5, Vakmanschap: 4}) ||
		len(w.Materialen) != 1 || w.MateriaalTotaalCents != 1250 || len(w.Fotos) != 1 || w.Fotos[0].URL != "/api/v1/werkbon-fotos/"+foto.String() ||
		w.Klus.ID != signed || w.Klusser != "Piet Bakker" || w.Uren == nil || *w.Uren != 2 || w.Opmerkingen != "Netjes gedaan" || w.Klant != "Mevrouw Jansen" {
		t.Errorf("detail: %+v", w)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/werkbonnen/"+uuid.NewString(), nil, &e); s != http.StatusNotFound || e.Error.Message != "Werkbon niet gevonden" {
		t.Errorf("unknown work order: %d %+v", s, e)
	}
}

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

// Settings: the default support phone and per region phone and e-mail, validated, audited.
func TestBackOfficeSettings(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	var one settings.One
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/settings/algemeen", nil, &one); s != http.StatusOK || one.Data.ID != "algemeen" || len(one.Data.Regios) != 4 {
		t.Fatalf("get: %d %+v", s, one)
	}
	w := settings.Wijziging{SupportPhoneDefault: "070 123 45 67", Regios: []settings.RegioWijziging{
		{Regio: "den-haag", SupportPhone: "070 765 43 21", SupportEmail: "DenHaag@Klusmaat.nl"}}}
	var saved settings.Saved
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/settings/algemeen", w, &saved); s != http.StatusOK || saved.Message != "Opgeslagen" ||
		saved.Data.SupportPhoneDefault != "070 123 45 67" {
		t.Fatalf("save: %d %+v", s, saved)
	}
	for _, r := range saved.Data.Regios {
		if r.Regio == "den-haag" && (r.SupportPhone != "070 765 43 21" || r.SupportEmail != "denhaag@klusmaat.nl" || r.Naam != "Den Haag") {
			t.Errorf("den-haag: %+v", r)
		}
	}
	// The klusser's support card now reads the region's number.
	var sup struct {
		Telefoon string `json:"telefoon"`
	}
	if s := b.Call(t, b.Piet, http.MethodGet, "/api/v1/klusser/support", nil, &sup); s != http.StatusOK || sup.Telefoon != "070 765 43 21" {
		t.Errorf("klusser support: %d %+v", s, sup)
	}
	for _, c := range []struct {
		field, want string
		w           settings.Wijziging
	}{
		{"support_phone_default", "Vul een geldig telefoonnummer in, bijvoorbeeld 070 123 45 67.", settings.Wijziging{SupportPhoneDefault: "bel ons"}},
		{"regios.utrecht.support_email", "Vul een geldig e-mailadres in.", settings.Wijziging{Regios: []settings.RegioWijziging{{Regio: "utrecht", SupportEmail: "utrecht@"}}}},
		{"regios.utrecht.support_phone", "Vul een geldig telefoonnummer in, bijvoorbeeld 070 123 45 67.", settings.Wijziging{Regios: []settings.RegioWijziging{{Regio: "utrecht", SupportPhone: "12"}}}},
		{"regios.groningen.regio", "Onbekende regio.", settings.Wijziging{Regios: []settings.RegioWijziging{{Regio: "groningen"}}}},
	} {
		var e servertest.APIError
		if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/settings/algemeen", c.w, &e); s != http.StatusBadRequest || e.Error.Fields[c.field] != c.want || e.Error.Message != c.want {
			t.Errorf("%s: %d %+v", c.field, s, e.Error)
		}
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/settings/anders", nil, nil); s != http.StatusNotFound {
		t.Errorf("another settings id: %d", s)
	}
	if a := b.Audit(t, "algemeen"); len(a) != 1 || a[0].Action != "settings" || a[0].After["support_phone_default"] != "070 123 45 67" {
		t.Errorf("settings audit: %+v", a)
	}
}

// The audit page: filters on who, what, when and job (D22, D25).
func TestAuditList(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Work: false})
	jobID := b.Job(t, servertest.Job{})
	other := b.Job(t, servertest.Job{})
	for _, st := range []string{"bezig", "afgerond"} {
		b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+jobID.String()+"/status", klus.StatusForm{Status: st}, nil)
	}
	b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+other.String()+"/archive", nil, nil)
	type page = list.Page[audit.Entry]
	today := calendar.System.Today()
	for q, want := range map[string]int{
		"":                                   3,
		"entity_id=" + jobID.String():        2,
		"action=archive":                     1,
		"actor_id=" + b.ID(b.Admin).String(): 3,
		"actor_id=" + uuid.NewString():       0,
		"q=anna":                             3,
		"van=" + today.String() + "&tot=" + today.String(): 3,
		"van=" + today.AddDays(1).String():                 0,
	} {
		var p page
		if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/audit?"+q, nil, &p); s != http.StatusOK || p.Total != want {
			t.Errorf("?%s: %d total %d, want %d", q, s, p.Total, want)
		}
	}
	var p page
	b.Call(t, b.Admin, http.MethodGet, "/api/v1/audit?entity_id="+jobID.String(), nil, &p)
	if len(p.Data) != 2 || p.Data[0].Action != "status" || p.Data[0].ActorNaam == nil || *p.Data[0].ActorNaam != "Anna Admin" ||
		string(p.Data[0].After) == "null" || p.Data[0].OccurredAt.Before(p.Data[1].OccurredAt) {
		t.Errorf("job history: %+v", p.Data)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/audit?van=gisteren", nil, &e); s != http.StatusBadRequest || e.Error.Fields["van"] == "" {
		t.Errorf("bad date: %d %+v", s, e)
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/audit", nil, nil); s != http.StatusForbidden {
		t.Errorf("franchise reads the audit log: %d", s)
	}
}

// D4: every back-office write is the admin's. A franchise owner and a klusser are refused by the
// policy (403) whatever they send, and nothing changes; what a franchise owner may read it reads
// in its own regions only (another region's job: 404).
func TestBackOfficeWritesAreAdminOnly(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	jobID := b.Job(t, servertest.Job{Assignment: "pool"})
	utrecht := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA"})
	email := "klant@example.nl"
	b.Job(t, servertest.Job{Email: email})
	k := "/api/v1/klussen/" + jobID.String()
	writes := []struct {
		method, path string
		body         any
	}{
		{http.MethodPost, "/api/v1/klussen", nieuweKlus("pool", nil)},
		{http.MethodPut, k, nieuweKlus("", nil).Form},
		{http.MethodPost, k + "/status", klus.StatusForm{Status: "afgerond"}},
		{http.MethodPost, k + "/assign", klus.AssignForm{KlusserID: b.ID(b.Piet)}},
		{http.MethodPost, k + "/pool", nil},
		{http.MethodPost, k + "/unassign", nil},
		{http.MethodPost, k + "/archive", nil},
		{http.MethodDelete, k, nil},
		{http.MethodPost, "/api/v1/klanten", klant.CreateForm{Email: "x@example.nl"}},
		{http.MethodDelete, "/api/v1/klanten/" + url.PathEscape(email), nil},
		{http.MethodPut, "/api/v1/settings/algemeen", settings.Wijziging{SupportPhoneDefault: "070 000 00 00"}},
	}
	reads := []string{"/api/v1/klanten", "/api/v1/klanten/" + url.PathEscape(email), "/api/v1/werkbonnen", "/api/v1/werkbonnen/counts",
		"/api/v1/audit", "/api/v1/settings/algemeen", "/api/v1/klussen/klussers"}
	for _, who := range []string{b.Franchise, b.Piet} {
		for _, w := range writes {
			if s := b.Call(t, who, w.method, w.path, w.body, nil); s != http.StatusForbidden {
				t.Errorf("%s as %s: %d, want 403", w.method+" "+w.path, b.Actor(who).Role, s)
			}
		}
		for _, r := range reads {
			if s := b.Call(t, who, http.MethodGet, r, nil, nil); s != http.StatusForbidden {
				t.Errorf("GET %s as %s: %d, want 403", r, b.Actor(who).Role, s)
			}
		}
	}
	var n, audited int
	b.Query(t, &n, `SELECT count(*) FROM klussen WHERE archived OR status <> 'open' OR klusser_id IS NOT NULL`)
	b.Query(t, &audited, `SELECT count(*) FROM audit_log`)
	if n != 0 || audited != 0 {
		t.Errorf("refused writes changed %d jobs, wrote %d audit rows", n, audited)
	}
	// The franchise owner reads its own region's job, not another's; a klusser reads neither here.
	if s := b.Call(t, b.Franchise, http.MethodGet, k, nil, nil); s != http.StatusOK {
		t.Errorf("franchise reads its region's job: %d", s)
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussen/"+utrecht.String(), nil, nil); s != http.StatusNotFound {
		t.Errorf("franchise reads another region's job: %d", s)
	}
	if s := b.Call(t, b.Piet, http.MethodGet, k, nil, nil); s != http.StatusForbidden {
		t.Errorf("klusser reads the back office's job: %d", s)
	}
}

// Migration 026: the counts the dashboard and the customer list read follow every kind of change
// of the jobs, and equal a fresh count of the table afterwards.
func TestCountsFollowEveryChange(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	var ids []uuid.UUID
	for i := 0; i < 6; i++ {
		ids = append(ids, b.Job(t, servertest.Job{Email: fmt.Sprintf("klant%d@example.nl", i%3)}))
	}
	b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Email: "klant0@example.nl"})
	b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+ids[0].String()+"/status", klus.StatusForm{Status: "bezig"}, nil)
	b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+ids[1].String()+"/archive", nil, nil)
	b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+ids[2].String()+"/assign", klus.AssignForm{KlusserID: b.ID(b.Piet)}, nil)
	b.Call(t, b.Admin, http.MethodDelete, "/api/v1/klussen/"+ids[3].String(), nil, nil)
	b.Call(t, b.Admin, http.MethodDelete, "/api/v1/klanten/klant1%40example.nl", nil, nil)
	b.Exec(t, `UPDATE klussen SET regio = 'rotterdam', woonplaats = 'Schiedam', telefoon = '010 111 22 33' WHERE id = $1`, ids[5])
	b.Exec(t, `UPDATE klussen SET email = 'verhuisd@example.nl' WHERE id = $1`, ids[0])
	b.Exec(t, `UPDATE klussen SET status = 'ingepland'`) // one statement, many rows

	var stale int
	b.Query(t, &stale, `
		SELECT count(*) FROM (
		    (SELECT regio, status, woonplaats, archived::text, aantal::text FROM klus_tellingen WHERE aantal <> 0
		     EXCEPT SELECT regio, status, woonplaats, archived::text, count(*)::text FROM klussen GROUP BY 1, 2, 3, 4)
		    UNION ALL
		    (SELECT regio, status, woonplaats, archived::text, count(*)::text FROM klussen GROUP BY 1, 2, 3, 4
		     EXCEPT SELECT regio, status, woonplaats, archived::text, aantal::text FROM klus_tellingen WHERE aantal <> 0)
		    UNION ALL
		    (SELECT email, telefoon, woonplaats, aantal_klussen::text, laatste_klus::text FROM klant_overzicht
		     EXCEPT SELECT * FROM (
		         SELECT DISTINCT ON (email) email, telefoon, woonplaats, (count(*) OVER (PARTITION BY email))::text, created_at::text
		         FROM klussen WHERE email <> '' ORDER BY email, created_at DESC, id) fresh)
		    UNION ALL
		    (SELECT 'week', regio, week::text, status, aantal::text FROM klus_week_tellingen WHERE aantal <> 0
		     EXCEPT SELECT 'week', regio, date_trunc('week', datum)::date::text, status, count(*)::text FROM klussen WHERE NOT archived GROUP BY 2, 3, 4)
		    UNION ALL
		    (SELECT 'week', regio, date_trunc('week', datum)::date::text, status, count(*)::text FROM klussen WHERE NOT archived GROUP BY 2, 3, 4
		     EXCEPT SELECT 'week', regio, week::text, status, aantal::text FROM klus_week_tellingen WHERE aantal <> 0)) x`)
	if stale != 0 {
		t.Errorf("%d count rows differ from a fresh count of the jobs", stale)
	}
	var p list.Page[klant.Klant]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klanten", nil, &p); s != http.StatusOK || p.Total != 3 {
		t.Errorf("customers after the changes: %d %+v", s, p) // klant0, klant2, verhuisd; klant1 deleted
	}
}
