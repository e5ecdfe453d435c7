package werkbon_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants/list"
)

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
