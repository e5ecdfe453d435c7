package servertest

import (
	"encoding/json"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// ValidRequest is a job request the public wizard accepts, to change with With.
func ValidRequest() map[string]any {
	return map[string]any{
		"categorie": "veiligheid", "beschrijving": "Twee handgrepen in de badkamer plaatsen.",
		"datum": calendar.System.Today().AddDays(3).String(), "tijd": "middag",
		"naam": "Mevrouw Van Dijk", "telefoon": "070 386 12 01", "email": "", "adres": "Herenstraat 21",
		"postcode": "2271cb", "woonplaats": "Voorburg", "contact_voorkeur": "whatsapp",
	}
}

// ValidApplication is a klusser's application the public form accepts, with changes (see With).
func ValidApplication(changes map[string]any) []byte {
	base := map[string]any{
		"naam": "Kees de Vries", "leeftijd": 67, "adres": "", "postcode": "", "woonplaats": "Voorburg",
		"telefoon": "06 12345678", "email": "", "motivatie": "Ik help graag mensen in de buurt.", "ervaring": "",
		"beschikbaarheid": []string{"Woensdag", "Maandag"}, "heeft_vog": true, "heeft_vervoer": false,
	}
	return With(base, changes)
}

// With is base with changes (a nil value removes the key), as JSON.
func With(base map[string]any, changes map[string]any) []byte {
	m := map[string]any{}
	for k, v := range base {
		m[k] = v
	}
	for k, v := range changes {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	b, _ := json.Marshal(m)
	return b
}
