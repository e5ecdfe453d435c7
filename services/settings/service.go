// Package settings is the back office's settings (document 001 section 2): the support contacts
// customers see (docs/decisions.md D33). Two audiences edit them:
//
//   - the admin's settings (Admin settings): the platform's default support phone and, per
//     region, the franchise support phone and e-mail; one record with the id "algemeen", as
//     react-admin edits a singleton;
//   - a franchise owner's own regions (Franchise settings): the phone and e-mail of its regions
//     only, the record "mijn"; an admin may use the same route for every region. Row-level
//     security (migration 006) holds the same line.
//
// Both write franchise_settings, which is why they are one package; the regions themselves (the
// list, a town's region) are services/regio and tenants/regions.go. ContactOf (store.go) reads the
// contact for the e-mails and the site.
package settings

import (
	"context"
	"strings"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Service is the settings.
type Service interface {
	// Get returns the settings.
	Get(ctx context.Context, id string) (One, error)
	// Update saves the default phone and the regions given (a region left out stays as it is).
	Update(ctx context.Context, r UpdateRequest) (Saved, error)
	// GetRegio returns the support contact of the actor's regions (an admin's: every active one).
	GetRegio(ctx context.Context) (RegioOne, error)
	// UpdateRegio saves the support contact of the actor's regions given; another region is refused.
	UpdateRegio(ctx context.Context, w RegiosForm) (RegioSaved, error)
}

// Store is the SQL side; store.go implements it.
type Store interface {
	Get(ctx context.Context) (Settings, error)
	Update(ctx context.Context, w Form) (Settings, error)
	// OwnRegios reads the actor's active regions with their contact (an admin's: all), by name.
	OwnRegios(ctx context.Context) ([]Regio, error)
	// UpdateOwnRegios saves regios, each of which must be one of OwnRegios (else ErrNotYourRegion),
	// and returns OwnRegios after.
	UpdateOwnRegios(ctx context.Context, regios []RegioForm) ([]Regio, error)
}

// Settings are the support contacts.
type Settings struct {
	ID                  string  `json:"id"`
	SupportPhoneDefault string  `json:"support_phone_default"`
	Regios              []Regio `json:"regios"`
}

// Regio is one region's franchise support contact.
type Regio struct {
	Regio        string `json:"regio"`
	Naam         string `json:"naam"`
	SupportPhone string `json:"support_phone"`
	SupportEmail string `json:"support_email"`
}

// RegioSettings is the support contact of the actor's regions.
type RegioSettings struct {
	ID     string  `json:"id"`
	Regios []Regio `json:"regios" doc:"de regio's van de franchisenemer (een admin: alle), op naam; leeg: geen regio toegewezen"`
}

// ID is the settings record's id.
const ID = "algemeen"

// OwnID is the record's id of the actor's own regions, for react-admin's <Edit id="mijn">.
const OwnID = "mijn"

// MsgOpgeslagen is the message of a save (section 8).
const MsgOpgeslagen = "Opgeslagen"

// ErrNotFound: the settings have one id.
var ErrNotFound = domainerr.NotFound("settings_not_found", "Deze instellingen bestaan niet.")

// ErrNotYourRegion refuses a region the franchise owner does not run.
var ErrNotYourRegion = domainerr.Forbidden("not_your_region", "Dit is niet uw regio.")

// MsgOnbekendeRegio refuses a region that is not an active one.
const MsgOnbekendeRegio = "Onbekende regio."

// AuditAction is the audit log's action of a settings change.
const AuditAction = "settings"

// NewService returns the service over s.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

func (s *service) Get(ctx context.Context, id string) (One, error) {
	if id != ID {
		return One{}, ErrNotFound
	}
	return httpapi.OneOf(s.store.Get(ctx))
}

func (s *service) Update(ctx context.Context, r UpdateRequest) (Saved, error) {
	if r.ID != ID {
		return Saved{}, ErrNotFound
	}
	e := validate.Errors{}
	w := Form{SupportPhoneDefault: e.Phone("support_phone_default", r.SupportPhoneDefault), Regios: checkRegios(e, r.Regios)}
	seen := map[string]bool{}
	for _, rg := range w.Regios {
		if seen[rg.Regio] {
			e.Set("regios."+rg.Regio+".regio", "Deze regio staat er twee keer in.")
		}
		seen[rg.Regio] = true
	}
	if err := e.Invalid("invalid_settings", firstMessage(e)); err != nil {
		return Saved{}, err
	}
	st, err := s.store.Update(ctx, w)
	return Saved{Data: st, Message: MsgOpgeslagen}, err
}

func (s *service) GetRegio(ctx context.Context) (RegioOne, error) {
	regios, err := s.store.OwnRegios(ctx)
	return RegioOne{Data: RegioSettings{ID: OwnID, Regios: regios}}, err
}

func (s *service) UpdateRegio(ctx context.Context, in RegiosForm) (RegioSaved, error) {
	e := validate.Errors{}
	w := checkRegios(e, in.Regios)
	if err := e.Invalid("invalid_settings", firstMessage(e)); err != nil {
		return RegioSaved{}, err
	}
	regios, err := s.store.UpdateOwnRegios(ctx, w)
	return RegioSaved{Data: RegioSettings{ID: OwnID, Regios: regios}, Message: MsgOpgeslagen}, err
}

// checkRegios checks each region's phone and e-mail into e (fields regios.<slug>.support_phone
// and .support_email) and returns them trimmed, as both forms send them.
func checkRegios(e validate.Errors, in []RegioForm) []RegioForm {
	var out []RegioForm
	for _, rg := range in {
		slug := strings.TrimSpace(rg.Regio)
		out = append(out, RegioForm{
			Regio:        slug,
			SupportPhone: e.Phone("regios."+slug+".support_phone", rg.SupportPhone),
			SupportEmail: e.Email("regios."+slug+".support_email", rg.SupportEmail),
		})
	}
	return out
}

// firstMessage is one of the messages, the default phone's first.
func firstMessage(e validate.Errors) string {
	if m, ok := e["support_phone_default"]; ok {
		return m
	}
	for _, m := range e {
		return m
	}
	return ""
}
