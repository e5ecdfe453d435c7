package aanmelding

import "github.com/klusmaat/klusmaat/services/platform/validate"

// invalid is the refusal of an application with field messages f: the form's message on top is
// the spec's text when a required field is missing, else a pointer to the marked fields.
func invalid(f validate.Errors) error {
	summary := "Controleer de gemarkeerde velden."
	for _, field := range []string{"naam", "telefoon", "motivatie", "beschikbaarheid"} {
		if f[field] == MsgVerplicht {
			summary = MsgVerplicht
			break
		}
	}
	return f.Invalid("invalid_aanmelding", summary)
}
