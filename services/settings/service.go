// Package settings is the back office's settings (document 001 section 2, Admin settings):
// the platform's default support phone and, per region, the franchise support phone and e-mail.
// One record with the id "algemeen", as react-admin edits a singleton. Admins only.
package settings

import (
	"context"
	"log/slog"
	"strings"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// ID is the settings record's id.
const ID = "algemeen"

// Service is the settings.
type Service interface {
	// Get returns the settings.
	Get(ctx context.Context, id string) (One, error)
	// Update saves the default phone and the regions given (a region left out stays as it is).
	Update(ctx context.Context, r UpdateRequest) (Saved, error)
}

// Store is the SQL side; store.go implements it.
type Store interface {
	Get(ctx context.Context) (Settings, error)
	Update(ctx context.Context, w Wijziging) (Settings, error)
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

// One is the settings as one record.
type One struct {
	Data Settings `json:"data"`
}

// LogAttrs keeps nothing.
func (One) LogAttrs() []slog.Attr { return nil }

// Saved answers a save with the message of document 001 section 8.
type Saved struct {
	Data    Settings `json:"data"`
	Message string   `json:"message"`
}

// LogAttrs keeps nothing.
func (Saved) LogAttrs() []slog.Attr { return nil }

// Wijziging is the form.
type Wijziging struct {
	SupportPhoneDefault string           `json:"support_phone_default"`
	Regios              []RegioWijziging `json:"regios,omitempty"`
}

// RegioWijziging is one region's part of the form.
type RegioWijziging struct {
	Regio        string `json:"regio"`
	SupportPhone string `json:"support_phone"`
	SupportEmail string `json:"support_email"`
}

// UpdateRequest is the record's id and the form.
type UpdateRequest struct {
	ID string
	Wijziging
}

// LogAttrs keeps how many regions were sent.
func (r UpdateRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("regios", len(r.Regios))} }

// MsgOpgeslagen is the message of a save (section 8).
const MsgOpgeslagen = "Opgeslagen"

// ErrNotFound: the settings have one id.
var ErrNotFound = domainerr.NotFound("settings_not_found", "Deze instellingen bestaan niet.")

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
	st, err := s.store.Get(ctx)
	return One{Data: st}, err
}

func (s *service) Update(ctx context.Context, r UpdateRequest) (Saved, error) {
	if r.ID != ID {
		return Saved{}, ErrNotFound
	}
	e := validate.Errors{}
	w := Wijziging{SupportPhoneDefault: e.Phone("support_phone_default", r.SupportPhoneDefault)}
	seen := map[string]bool{}
	for _, rg := range r.Regios {
		slug := strings.TrimSpace(rg.Regio)
		if seen[slug] {
			e.Set("regios."+slug+".regio", "Deze regio staat er twee keer in.")
		}
		seen[slug] = true
		w.Regios = append(w.Regios, RegioWijziging{
			Regio:        slug,
			SupportPhone: e.Phone("regios."+slug+".support_phone", rg.SupportPhone),
			SupportEmail: e.Email("regios."+slug+".support_email", rg.SupportEmail),
		})
	}
	if err := e.Invalid("invalid_settings", firstMessage(e)); err != nil {
		return Saved{}, err
	}
	st, err := s.store.Update(ctx, w)
	return Saved{Data: st, Message: MsgOpgeslagen}, err
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
