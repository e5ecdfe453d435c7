package klus

import (
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Section 5: an empty rate and duration fall back to 65 euro and 1 hour; a rate goes in steps of
// 5 euro, a duration in steps of half an hour.
func TestCheckDefaultsAndSteps(t *testing.T) {
	in := Form{Datum: "2026-03-10", Tijd: "09:00", Categorie: "elektra", Beschrijving: " Lamp ", KlantVoornaam: "Els",
		KlantAchternaam: "de Vries", Adres: "Kerkstraat  3", Postcode: "2271ab", Woonplaats: "Voorburg", Telefoon: "0701234567"}
	e := validate.Errors{}
	g := Check(in, e)
	if len(e) != 0 || g.TariefCents != 6500 || g.Duur != 1 || g.Postcode != "2271 AB" || g.Adres != "Kerkstraat 3" || g.Beschrijving != "Lamp" {
		t.Errorf("defaults: %+v %v", g, e)
	}
	for _, c := range []struct {
		cents int
		ok    bool
	}{{0, true}, {500, true}, {6500, true}, {6550, false}, {-500, false}, {100_500, false}} {
		in.GeschatTariefCents = &c.cents
		e := validate.Errors{}
		Check(in, e)
		if _, bad := e["geschat_tarief_cents"]; bad == c.ok {
			t.Errorf("rate %d cents: accepted %v, want %v", c.cents, !bad, c.ok)
		}
	}
	in.GeschatTariefCents = nil
	for _, c := range []struct {
		hours float64
		ok    bool
	}{{0.5, true}, {1.5, true}, {100, true}, {0, false}, {0.25, false}, {1.75, false}, {100.5, false}} {
		in.GeschatteDuur = &c.hours
		e := validate.Errors{}
		Check(in, e)
		if _, bad := e["geschatte_duur"]; bad == c.ok {
			t.Errorf("duration %v: accepted %v, want %v", c.hours, !bad, c.ok)
		}
	}
}

func TestValidTijd(t *testing.T) {
	for tijd, want := range map[string]bool{"09:00": true, "00:00": true, "23:59": true, "ochtend": true, "avond": true,
		"9:00": false, "24:00": false, "12:60": false, "09.00": false, "": false, "nacht": false} {
		if ValidTijd(tijd) != want {
			t.Errorf("ValidTijd(%q) = %v", tijd, !want)
		}
	}
}

// The summary above the form: a missing field wins, else the first field's own message in the
// order of the form.
func TestInvalidSummary(t *testing.T) {
	for _, c := range []struct {
		e    validate.Errors
		want string
	}{
		{validate.Errors{"email": "Vul een geldig e-mailadres in.", "adres": MsgVerplicht}, MsgVerplicht},
		{validate.Errors{"email": "e-mail", "postcode": "postcode"}, "postcode"},
		{validate.Errors{"klusser_id": MsgKiesKlusser, "geschatte_duur": "duur"}, "duur"},
	} {
		d := domainerr.As(Invalid(c.e))
		if d == nil || d.Message != c.want || d.Kind != domainerr.KindInvalid {
			t.Errorf("%v: %+v, want %q", c.e, d, c.want)
		}
	}
	if Invalid(validate.Errors{}) != nil {
		t.Error("a form without problems is refused")
	}
}
