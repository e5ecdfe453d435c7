// Package aanvraag takes the public job request of the site's wizard (/aanvraag, document 000):
// it checks every rule of the four steps again, finds the job's region from its town or postcode
// (D2), stores the job as open with the customer's name and contact preference (D10) and the
// category by key (D9), and queues the confirmation e-mail in the same transaction when an e-mail
// address was given. It also lists the towns and categories the wizard offers.
//
// The confirmation goes to whatever address the visitor typed, so one address receives at most
// ConfirmationsPerHour of them: beyond that the request is still stored, only the e-mail is not
// sent, and the answer says so (email_verstuurd false), so that the site does not promise one.
package aanvraag

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Service is the public request.
type Service interface {
	// Submit checks and stores a request and returns its id.
	Submit(ctx context.Context, a Aanvraag) (Result, error)
	// Towns lists the towns of active regions, for the town choice (D1).
	Towns(ctx context.Context, p list.Params) (list.Page[Town], error)
	// Categories lists the categories the public form offers (D9).
	Categories(ctx context.Context, p list.Params) (list.Page[Category], error)
}

// Store is the SQL side.
type Store interface {
	// Create stores the job; it refuses a town or category the database does not know as
	// invalid, like the service's own checks.
	Create(ctx context.Context, j Job) error
	Towns(ctx context.Context, p list.Params) (list.Page[Town], error)
	Categories(ctx context.Context, p list.Params) (list.Page[Category], error)
}

// Aanvraag is the wizard's form.
type Aanvraag struct {
	Categorie       string `json:"categorie" doc:"montage, veiligheid, onderhoud, schilderen of digitaal"`
	Beschrijving    string `json:"beschrijving" text:"multiline" maxLength:"200" msg:"Gebruik hoogstens 200 tekens." doc:"hoogstens 200 tekens"`
	Datum           string `json:"datum" doc:"jjjj-mm-dd, vandaag of later"`
	Tijd            string `json:"tijd" doc:"ochtend, middag of avond"`
	Naam            string `json:"naam" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	Telefoon        string `json:"telefoon"`
	Email           string `json:"email,omitempty"`
	Adres           string `json:"adres" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	Postcode        string `json:"postcode"`
	Woonplaats      string `json:"woonplaats" doc:"een woonplaats uit GET /api/v1/public/woonplaatsen"`
	ContactVoorkeur string `json:"contact_voorkeur,omitempty" doc:"bellen (standaard) of whatsapp"`
	// Website is a honeypot: people never see it, so only robots fill it in.
	Website string `json:"website,omitempty"`
}

// Result answers a stored request.
type Result struct {
	ID             uuid.UUID `json:"id"`
	EmailVerstuurd bool      `json:"email_verstuurd" doc:"true: er volgt een bevestiging per e-mail (niet zonder e-mailadres, en niet als dat adres het afgelopen uur al 3 bevestigingen kreeg)"`
}

// Job is a checked request, ready to store.
type Job struct {
	ID                                                 uuid.UUID
	Categorie, Beschrijving, Tijd                      string
	Datum                                              calendar.Date
	Naam, Telefoon, Email, Adres, Postcode, Woonplaats string
	ContactVoorkeur                                    string
	// Bevestigen: queue the confirmation e-mail to Email.
	Bevestigen bool
}

// Town is a place the service works in.
type Town struct {
	Woonplaats string `json:"woonplaats" doc:"sleutel, bijvoorbeeld voorburg"`
	Naam       string `json:"naam" doc:"zoals getoond, bijvoorbeeld Voorburg"`
	Regio      string `json:"regio"`
}

// Category is a kind of job offered on the public form.
type Category struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Slots are the time blocks a customer can choose (document 000 section 3).
var Slots = map[string]string{"ochtend": "ochtend (8:00-12:00)", "middag": "middag (12:00-17:00)", "avond": "avond (17:00-20:00)"}

// MaxBeschrijving is the description's limit (document 000 section 9).
const MaxBeschrijving = 200

// Messages of document 000 section 5, to the letter.
const (
	MsgCategorie    = "Kies een categorie"
	MsgBeschrijving = "Beschrijf uw klus"
	MsgDatumTijd    = "Kies een datum en tijd"
	MsgVerplicht    = "Vul alle verplichte velden in"
)

// ErrRejected: the honeypot was filled in.
var ErrRejected = domainerr.Invalid("rejected", "Uw aanvraag kon niet worden verstuurd. Bel ons gerust, dan helpen wij u verder.", nil)

// ConfirmationsPerHour is how many confirmation e-mails one address receives in an hour.
const ConfirmationsPerHour = 3

// NewService returns the service. now tells today's Dutch date (the wizard accepts today or
// later); tests fix it.
func NewService(s Store, now calendar.Clock) Service {
	return &service{store: s, now: now, confirmations: NewConfirmationLimiter()}
}

// NewConfirmationLimiter is the limit of confirmation e-mails per recipient address
// (ConfirmationsPerHour), counted in this process until the server shares it.
func NewConfirmationLimiter() *httpapi.Limiter {
	return httpapi.NewLimiter(ConfirmationsPerHour, time.Hour)
}

type service struct {
	store Store
	now   calendar.Clock
	// confirmations counts e-mails per recipient address.
	confirmations *httpapi.Limiter
}

func (s *service) Submit(ctx context.Context, a Aanvraag) (Result, error) {
	if strings.TrimSpace(a.Website) != "" {
		return Result{}, ErrRejected
	}
	j, errs := s.check(a)
	if len(errs) > 0 {
		return Result{}, invalid(errs)
	}
	j.Bevestigen = j.Email != "" && s.confirmations.Allow(ctx, j.Email)
	if err := s.store.Create(ctx, j); err != nil {
		return Result{}, err
	}
	return Result{ID: j.ID, EmailVerstuurd: j.Bevestigen}, nil
}

// check applies the rules of the wizard's four steps (document 000 section 5) and more that the
// browser cannot be trusted with.
func (s *service) check(a Aanvraag) (Job, validate.Errors) {
	e := validate.Errors{}
	j := Job{ID: uuid.New(), Categorie: strings.TrimSpace(a.Categorie), ContactVoorkeur: a.ContactVoorkeur}

	// Step 1.
	e.Required("categorie", j.Categorie, MsgCategorie)
	// Step 2.
	j.Beschrijving = strings.TrimSpace(a.Beschrijving)
	if e.Required("beschrijving", j.Beschrijving, MsgBeschrijving) {
		e.MaxChars("beschrijving", j.Beschrijving, MaxBeschrijving, "Gebruik hoogstens 200 tekens.")
	}
	// Step 3: both required; no date before today (Dutch time); one of the three blocks.
	today := s.now.Today()
	if strings.TrimSpace(a.Datum) == "" || strings.TrimSpace(a.Tijd) == "" {
		e.Set("datum", MsgDatumTijd)
	} else if d, err := calendar.ParseDate(a.Datum); err != nil {
		e.Set("datum", MsgDatumTijd)
	} else if d.Before(today) {
		e.Set("datum", "Kies een datum vanaf vandaag.")
	} else if d.After(today.AddYears(1)) {
		e.Set("datum", "Kies een datum binnen een jaar.")
	} else {
		j.Datum = d
	}
	if _, ok := Slots[a.Tijd]; !ok && strings.TrimSpace(a.Tijd) != "" {
		e.Set("tijd", "Kies ochtend, middag of avond.")
	}
	j.Tijd = a.Tijd
	// Step 4: naam, telefoon, adres, postcode, woonplaats required; e-mail optional.
	j.Naam, j.Adres = validate.Text(a.Naam), validate.Text(a.Adres)
	j.Woonplaats = validate.Text(a.Woonplaats)
	for field, v := range map[string]string{"naam": j.Naam, "telefoon": a.Telefoon, "adres": j.Adres, "postcode": a.Postcode, "woonplaats": j.Woonplaats} {
		e.Required(field, v, MsgVerplicht)
	}
	e.MaxChars("naam", j.Naam, 200, "Gebruik hoogstens 200 tekens.")
	e.MaxChars("adres", j.Adres, 200, "Gebruik hoogstens 200 tekens.")
	j.Telefoon = e.Phone("telefoon", a.Telefoon)
	j.Postcode = e.Postcode("postcode", a.Postcode)
	j.Email = e.Email("email", a.Email)
	if j.ContactVoorkeur == "" {
		j.ContactVoorkeur = "bellen"
	}
	if j.ContactVoorkeur != "bellen" && j.ContactVoorkeur != "whatsapp" {
		e.Set("contact_voorkeur", "Kies bellen of WhatsApp.")
	}
	return j, e
}

func (s *service) Towns(ctx context.Context, p list.Params) (list.Page[Town], error) {
	return s.store.Towns(ctx, p)
}

func (s *service) Categories(ctx context.Context, p list.Params) (list.Page[Category], error) {
	return s.store.Categories(ctx, p)
}
