package klussers

// The klussers as the back office sees them (document 001 section 2: Admin handymen, Franchise
// handymen): admins every klusser, a franchise owner those whose regions overlap its own
// (row-level security, migration 002 and 021). Read-only here; creating, archiving and deleting
// klussers is the admin's (issue 15).

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/domainerr"
	"github.com/klusmaat/klusmaat/services/list"
)

// Service reads klussers.
type Service interface {
	List(ctx context.Context, p list.Params) (list.Page[Klusser], error)
	Get(ctx context.Context, id uuid.UUID) (One, error)
}

// Store is the SQL side; store.go implements it.
type Store interface {
	List(ctx context.Context, p list.Params) (list.Page[Klusser], error)
	Get(ctx context.Context, id uuid.UUID) (Detail, error)
}

// Klusser is a row of the list.
type Klusser struct {
	ID                    uuid.UUID `json:"id"`
	Naam                  string    `json:"naam"`
	Email                 string    `json:"email"`
	Telefoon              string    `json:"telefoon"`
	Woonplaats            string    `json:"woonplaats"`
	Regio                 []string  `json:"regio"`
	GemiddeldeBeoordeling *float64  `json:"gemiddelde_beoordeling" doc:"1 tot 5, op één decimaal; leeg: nog geen beoordeling"`
	TotaalUren            float64   `json:"totaal_uren"`
	Actief                bool      `json:"actief"`
	Zichtbaar             bool      `json:"zichtbaar_op_website"`
}

// LogAttrs keeps the id only: names and addresses stay out of the logs.
func (k Klusser) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("klusser_id", k.ID)} }

// Detail is one klusser: the profile, its reviews and its hours.
type Detail struct {
	Klusser
	Leeftijd           *int      `json:"leeftijd"`
	GepensioneerdSinds *int      `json:"gepensioneerd_sinds"`
	Specialisaties     []string  `json:"specialisaties"`
	IntroTekst         string    `json:"intro_tekst"`
	Beoordelingen      []Review  `json:"beoordelingen" doc:"de afgeronde werkbonnen met een beoordeling, nieuwste eerst (hoogstens 50)"`
	Uren               []Gewerkt `json:"uren" doc:"de afgeronde werkbonnen met hun uren, nieuwste eerst (hoogstens 50)"`
}

// Review is the customer's rating of one finished work order.
type Review struct {
	WerkbonID      uuid.UUID `json:"werkbon_id"`
	Datum          string    `json:"datum"`
	Beschrijving   string    `json:"beschrijving"`
	Woonplaats     string    `json:"woonplaats"`
	RatingAlgemeen int       `json:"rating_algemeen" doc:"1 tot 5 sterren"`
	Opmerkingen    string    `json:"opmerkingen"`
}

// Gewerkt is the hours of one finished work order.
type Gewerkt struct {
	WerkbonID    uuid.UUID `json:"werkbon_id"`
	Datum        string    `json:"datum"`
	Beschrijving string    `json:"beschrijving"`
	Woonplaats   string    `json:"woonplaats"`
	Uren         int       `json:"uren"`
}

// One is the answer of GET /api/v1/klussers/{id}.
type One struct {
	Data Detail `json:"data"`
}

// LogAttrs is the klusser's.
func (o One) LogAttrs() []slog.Attr { return o.Data.LogAttrs() }

// ErrNotFound: no such klusser, or one of a region the actor may not see (the same answer).
var ErrNotFound = domainerr.NotFound("klusser_not_found", "Klusser niet gevonden")

// NewService returns the service over s.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

func (s *service) List(ctx context.Context, p list.Params) (list.Page[Klusser], error) {
	return s.store.List(ctx, p)
}

func (s *service) Get(ctx context.Context, id uuid.UUID) (One, error) {
	d, err := s.store.Get(ctx, id)
	return One{Data: d}, err
}
