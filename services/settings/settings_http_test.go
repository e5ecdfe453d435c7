package settings_test

import (
	"net/http"
	"testing"

	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/settings"
)

// Settings: the default support phone and per region phone and e-mail, validated, audited.
func TestBackOfficeSettings(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	var one settings.One
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/settings/algemeen", nil, &one); s != http.StatusOK || one.Data.ID != "algemeen" || len(one.Data.Regios) != 4 {
		t.Fatalf("get: %d %+v", s, one)
	}
	w := settings.Form{SupportPhoneDefault: "070 123 45 67", Regios: []settings.RegioForm{
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
		w           settings.Form
	}{
		{"support_phone_default", "Vul een geldig telefoonnummer in, bijvoorbeeld 070 123 45 67.", settings.Form{SupportPhoneDefault: "bel ons"}},
		{"regios.utrecht.support_email", "Vul een geldig e-mailadres in.", settings.Form{Regios: []settings.RegioForm{{Regio: "utrecht", SupportEmail: "utrecht@"}}}},
		{"regios.utrecht.support_phone", "Vul een geldig telefoonnummer in, bijvoorbeeld 070 123 45 67.", settings.Form{Regios: []settings.RegioForm{{Regio: "utrecht", SupportPhone: "12"}}}},
		{"regios.groningen.regio", "Onbekende regio.", settings.Form{Regios: []settings.RegioForm{{Regio: "groningen"}}}},
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
