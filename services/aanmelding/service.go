// Package aanmelding takes the public application of a would-be klusser (/word-klusser,
// document 000): it checks the form's rules again, stores the application with status nieuw, and
// leaves the rest to the back office.
package aanmelding

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Service is the public application.
type Service interface {
	// Submit checks and stores an application and returns its id.
	Submit(ctx context.Context, a Aanmelding) (Result, error)
}

// Store stores a checked application.
type Store interface {
	Create(ctx context.Context, a Checked) error
}

// Aanmelding is the form of /word-klusser. Leeftijd is whatever the field held: a number, a text
// or nothing.
type Aanmelding struct {
	Naam            string          `json:"naam" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	Leeftijd        json.RawMessage `json:"leeftijd,omitempty" doc:"65 of ouder; leeg of ongeldig wordt 65"`
	Adres           string          `json:"adres,omitempty" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	Postcode        string          `json:"postcode,omitempty"`
	Woonplaats      string          `json:"woonplaats,omitempty" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	Telefoon        string          `json:"telefoon"`
	Email           string          `json:"email,omitempty"`
	Motivatie       string          `json:"motivatie" text:"multiline" maxLength:"2000" msg:"Gebruik hoogstens 2000 tekens."`
	Ervaring        string          `json:"ervaring,omitempty" text:"multiline" maxLength:"2000" msg:"Gebruik hoogstens 2000 tekens."`
	Beschikbaarheid []string        `json:"beschikbaarheid" doc:"Maandag tot en met Zaterdag, minstens één dag"`
	HeeftVOG        bool            `json:"heeft_vog"`
	HeeftVervoer    bool            `json:"heeft_vervoer"`
	// Website is a honeypot: people never see it, so only robots fill it in.
	Website string `json:"website,omitempty"`
}

// Checked is an application ready to store.
type Checked struct {
	ID                                                 uuid.UUID
	Naam, Adres, Postcode, Woonplaats, Telefoon, Email string
	Motivatie, Ervaring                                string
	Leeftijd                                           int
	Beschikbaarheid                                    []string
	HeeftVOG, HeeftVervoer                             bool
}

// Result answers a stored application.
type Result struct {
	ID uuid.UUID `json:"id"`
}

// Weekdays are the days an applicant can offer (document 000 section 3), in order.
var Weekdays = []string{"Maandag", "Dinsdag", "Woensdag", "Donderdag", "Vrijdag", "Zaterdag"}

// MinAge is the youngest a klusser can be (document 000 section 9).
const MinAge = 65

// MsgVerplicht is the form's message of document 000 section 5, to the letter.
const MsgVerplicht = "Vul alle verplichte velden in en selecteer minimaal 1 dag beschikbaarheid"

// ErrRejected: the honeypot was filled in.
var ErrRejected = domainerr.Invalid("rejected", "Er ging iets mis bij het versturen van uw aanmelding. Probeer het opnieuw.", nil)

// NewService returns the service.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

func (s *service) Submit(ctx context.Context, a Aanmelding) (Result, error) {
	if strings.TrimSpace(a.Website) != "" {
		return Result{}, ErrRejected
	}
	c, errs := check(a)
	if len(errs) > 0 {
		return Result{}, invalid(errs)
	}
	if err := s.store.Create(ctx, c); err != nil {
		return Result{}, err
	}
	return Result{ID: c.ID}, nil
}

func check(a Aanmelding) (Checked, validate.Errors) {
	e := validate.Errors{}
	c := Checked{ID: uuid.New(), Naam: validate.Text(a.Naam), Adres: validate.Text(a.Adres),
		Woonplaats: validate.Text(a.Woonplaats), Motivatie: strings.TrimSpace(a.Motivatie),
		Ervaring: strings.TrimSpace(a.Ervaring), HeeftVOG: a.HeeftVOG, HeeftVervoer: a.HeeftVervoer}
	e.Required("naam", c.Naam, MsgVerplicht)
	e.Required("telefoon", a.Telefoon, MsgVerplicht)
	e.Required("motivatie", c.Motivatie, MsgVerplicht)
	for _, d := range a.Beschikbaarheid {
		if !slices.Contains(Weekdays, d) {
			e.Set("beschikbaarheid", "Kies dagen van maandag tot en met zaterdag.")
		} else if !slices.Contains(c.Beschikbaarheid, d) {
			c.Beschikbaarheid = append(c.Beschikbaarheid, d)
		}
	}
	if len(c.Beschikbaarheid) == 0 {
		e.Set("beschikbaarheid", MsgVerplicht)
	}
	slices.SortFunc(c.Beschikbaarheid, func(x, y string) int { return slices.Index(Weekdays, x) - slices.Index(Weekdays, y) })
	c.Telefoon = e.Phone("telefoon", a.Telefoon)
	c.Email = e.Email("email", a.Email)
	c.Postcode = e.Postcode("postcode", a.Postcode)
	for field, v := range map[string]string{"naam": c.Naam, "adres": c.Adres, "woonplaats": c.Woonplaats} {
		e.MaxChars(field, v, 200, "Gebruik hoogstens 200 tekens.")
	}
	e.MaxChars("motivatie", c.Motivatie, 2000, "Gebruik hoogstens 2000 tekens.")
	e.MaxChars("ervaring", c.Ervaring, 2000, "Gebruik hoogstens 2000 tekens.")

	// Document 000 section 5: a missing or invalid age is stored as 65. An age the person did
	// give, below 65, is not invalid but too young: that is refused, not rewritten.
	c.Leeftijd = MinAge
	if age, ok := parseAge(a.Leeftijd); ok {
		switch {
		case age < MinAge:
			e.Set("leeftijd", "Klussers zijn 65 jaar of ouder.")
		case age <= 120:
			c.Leeftijd = age
		}
	}
	return c, e
}

// parseAge reads the age field as a number, or a text holding one.
func parseAge(raw json.RawMessage) (int, bool) {
	var n float64
	if json.Unmarshal(raw, &n) == nil && n == float64(int(n)) {
		return int(n), true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if v, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
			return v, true
		}
	}
	return 0, false
}
