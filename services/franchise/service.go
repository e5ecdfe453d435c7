package franchise

// Franchise owners and their regions (D3, D14): an admin lists the owners, creates an
// owner's account (identity, role and profile in one operation) and sets the regions an owner
// runs. The owner's next request sees the change: the session cache forgets the owner at once.

import (
	"context"
	"log/slog"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Service manages franchise owners.
type Service interface {
	List(ctx context.Context, p list.Params) (list.Page[Eigenaar], error)
	Create(ctx context.Context, n CreateForm) (Answer, error)
	SetRegions(ctx context.Context, id uuid.UUID, r RegiosForm) (Answer, error)
}

// Store is the SQL side; store.go implements it.
type Store interface {
	List(ctx context.Context, p list.Params) (list.Page[Eigenaar], error)
	Get(ctx context.Context, id uuid.UUID) (Eigenaar, error)
	KnownRegions(ctx context.Context) ([]string, error)
	SetRegions(ctx context.Context, id uuid.UUID, regions []string) (Eigenaar, error)
}

// Eigenaar is a franchise owner.
type Eigenaar struct {
	ID    uuid.UUID `json:"id"`
	Naam  string    `json:"naam"`
	Email string    `json:"email"`
	Regio []string  `json:"regio" doc:"de regio's die de franchisenemer runt; leeg: nog geen regio"`
}

// LogAttrs keeps the id and the regions: no name or address in the logs.
func (e Eigenaar) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("user_id", e.ID), slog.Any("regio", e.Regio)}
}

// CreateForm is the form of a new franchise owner.
type CreateForm struct {
	Naam     string   `json:"naam"`
	Email    string   `json:"email"`
	Password string   `json:"password" doc:"minstens 10 tekens"`
	Regio    []string `json:"regio"`
}

// LogAttrs keeps the regions; never the password.
func (n CreateForm) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("regio", n.Regio)} }

// RegiosForm is the form that sets an owner's regions.
type RegiosForm struct {
	Regio []string `json:"regio" doc:"de regio's; leeg: geen regio (het portaal zegt dan dat de regio nog niet is toegewezen)"`
}

// LogAttrs keeps the regions.
func (f RegiosForm) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("regio", f.Regio)} }

// Answer is an owner with the message the console shows.
type Answer = httpapi.Changed[Eigenaar]

// The messages of this module.
const (
	MsgAangemaakt       = "Franchisenemer aangemaakt"
	MsgRegiosOpgeslagen = "Regio's opgeslagen"
	MsgOnbekendeRegio   = "Onbekende regio."
)

// ErrNotFound: no franchise owner with this id.
var ErrNotFound = domainerr.NotFound("franchise_not_found", "Franchisenemer niet gevonden")

// NewService returns the service; forget drops an owner's cached sessions (nil: none cached).
func NewService(s Store, a accounts.Service, forget func(uuid.UUID)) Service {
	return &service{store: s, accounts: a, forget: forget}
}

type service struct {
	store    Store
	accounts accounts.Service
	forget   func(uuid.UUID)
}

func (s *service) List(ctx context.Context, p list.Params) (list.Page[Eigenaar], error) {
	return s.store.List(ctx, p)
}

// regions checks the slugs against the active regions; fields holds what is wrong.
func (s *service) regions(ctx context.Context, in []string) ([]string, error) {
	known, err := s.store.KnownRegions(ctx)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, r := range in {
		r = strings.TrimSpace(r)
		if !slices.Contains(known, r) {
			return nil, domainerr.Invalid("invalid_regio", MsgOnbekendeRegio, map[string]string{"regio": MsgOnbekendeRegio})
		}
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return out, nil
}

func (s *service) Create(ctx context.Context, n CreateForm) (Answer, error) {
	regions, err := s.regions(ctx, n.Regio)
	if err != nil {
		return Answer{}, err
	}
	id, err := s.accounts.Create(ctx, accounts.NewAccount{Email: n.Email, Naam: n.Naam, Password: n.Password,
		Role: tenants.Franchise, Regions: regions})
	if err != nil {
		return Answer{}, err
	}
	e, err := s.store.Get(ctx, id)
	return Answer{Data: e, Message: MsgAangemaakt}, err
}

func (s *service) SetRegions(ctx context.Context, id uuid.UUID, r RegiosForm) (Answer, error) {
	regions, err := s.regions(ctx, r.Regio)
	if err != nil {
		return Answer{}, err
	}
	e, err := s.store.SetRegions(ctx, id, regions)
	if err != nil {
		return Answer{}, err
	}
	if s.forget != nil {
		s.forget(id)
	}
	return Answer{Data: e, Message: MsgRegiosOpgeslagen}, nil
}
