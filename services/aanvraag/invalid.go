package aanvraag

import "github.com/klusmaat/klusmaat/services/platform/validate"

// invalid is the refusal of a request with field messages f, with the message of the earliest
// wizard step that has a problem on top.
func invalid(f validate.Errors) error {
	return f.Invalid("invalid_aanvraag", firstMessage(f))
}

// firstMessage is the message of the earliest wizard step that has a problem.
func firstMessage(f validate.Errors) string {
	for _, field := range []string{"categorie", "beschrijving", "datum", "tijd", "naam", "telefoon", "adres", "postcode", "woonplaats", "email", "contact_voorkeur"} {
		if m, ok := f[field]; ok {
			return m
		}
	}
	return MsgVerplicht
}
