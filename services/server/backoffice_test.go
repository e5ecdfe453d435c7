package server_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/klant"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/settings"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

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
		{http.MethodPut, "/api/v1/settings/algemeen", settings.Form{SupportPhoneDefault: "070 000 00 00"}},
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

func nieuweKlus(toewijzing string, klusser *uuid.UUID) klus.CreateForm {
	return klus.CreateForm{Form: klus.Form{
		Datum: calendar.System.Today().AddDays(5).String(), Tijd: "09:00", Categorie: "elektra", Beschrijving: "Stopcontact vervangen",
		KlantVoornaam: "Els", KlantAchternaam: "de Vries", Adres: "Kerkstraat 3", Postcode: "2271ab", Woonplaats: "Voorburg",
		Telefoon: "070 123 45 67", Email: "Els@Example.nl",
	}, Toewijzing: toewijzing, KlusserID: klusser}
}
