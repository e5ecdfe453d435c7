package klusser

// The klussers as the back office sees them (document 001 section 2: Admin handymen, Franchise
// handymen): admins every klusser, a franchise owner those whose regions overlap its own
// (row-level security, migration 002 and 021). Only admins create, edit, archive and delete
// (policy.csv); a new klusser's account is made by the accounts service in one operation (D14).

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// BeheerService reads and manages klussers.
type BeheerService interface {
	// List is one page of klussers under the list's filters.
	List(ctx context.Context, p list.Params) (list.Page[Klusser], error)
	// Totalen are the four summary cards for the same filters.
	Totalen(ctx context.Context, p list.Params) (TotalenAnswer, error)
	// Get is one klusser with its reviews and hours.
	Get(ctx context.Context, id uuid.UUID) (One, error)
	// Create makes a klusser's account: identity, role and profile (D14).
	Create(ctx context.Context, n CreateForm) (Answer, error)
	// Update saves the profile.
	Update(ctx context.Context, r ProfielRequest) (Answer, error)
	// Archive makes a klusser inactive; its data stay.
	Archive(ctx context.Context, id uuid.UUID) (Answer, error)
	// Delete removes a klusser for good: profile, role, work orders, assignments and identity;
	// issued invoices stay, without the klusser.
	Delete(ctx context.Context, id uuid.UUID) (Message, error)
}

// BeheerStore is the SQL side; store.go and beheer_store.go implement it.
type BeheerStore interface {
	List(ctx context.Context, p list.Params) (list.Page[Klusser], error)
	Totalen(ctx context.Context, p list.Params) (Totalen, error)
	Get(ctx context.Context, id uuid.UUID) (Detail, error)
	Update(ctx context.Context, id uuid.UUID, p Profiel) error
	// ActiveRegions are the slugs of the active regions, which a klusser's regions must be among.
	ActiveRegions(ctx context.Context) ([]string, error)
	Archive(ctx context.Context, id uuid.UUID) error
	// BeforeDelete runs in the deleting transaction: the id must be a klusser's; it records the
	// deletion in the audit log and returns the stored files that go with the klusser.
	BeforeDelete(ctx context.Context, tx pgx.Tx, id uuid.UUID) ([]StoredFile, error)
}

// StoredFile is a file in storage that belongs to a klusser (a document, a showcase photo).
type StoredFile struct {
	Bucket files.Bucket
	Key    string
}

// Blobs removes stored files (files.Storage).
type Blobs interface {
	Delete(ctx context.Context, b files.Bucket, key string) error
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

// Detail is one klusser: the profile, its showcase photos, its reviews and its hours.
type Detail struct {
	Klusser
	Adres              string    `json:"adres"`
	Postcode           string    `json:"postcode"`
	Leeftijd           *int      `json:"leeftijd"`
	HeeftVOG           bool      `json:"heeft_vog"`
	HeeftVervoer       bool      `json:"heeft_vervoer"`
	Motivatie          string    `json:"motivatie"`
	Ervaring           string    `json:"ervaring"`
	Beschikbaarheid    []string  `json:"beschikbaarheid"`
	GepensioneerdSinds *int      `json:"gepensioneerd_sinds"`
	Specialisaties     []string  `json:"specialisaties"`
	IntroTekst         string    `json:"intro_tekst"`
	Fotos              Fotos     `json:"fotos"`
	Beoordelingen      []Review  `json:"beoordelingen" doc:"de afgeronde werkbonnen met een beoordeling, nieuwste eerst (hoogstens 50)"`
	Uren               []Gewerkt `json:"uren" doc:"de afgeronde werkbonnen met hun uren, nieuwste eerst (hoogstens 50)"`
}

// Fotos are the public addresses of the showcase photos; null where there is none.
type Fotos struct {
	Profiel   *string `json:"profiel"`
	Carousel1 *string `json:"carousel_1"`
	Carousel2 *string `json:"carousel_2"`
	Carousel3 *string `json:"carousel_3"`
}

// Totalen are the summary cards of the klussers page.
type Totalen struct {
	Totaal                int      `json:"totaal"`
	Actief                int      `json:"actief"`
	GemiddeldeBeoordeling *float64 `json:"gemiddelde_beoordeling" doc:"gemiddelde van de klussers met een beoordeling, op één decimaal"`
	TotaalUren            float64  `json:"totaal_uren"`
}

// LogAttrs: counts only.
func (t Totalen) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("totaal", t.Totaal)} }

// TotalenAnswer wraps the cards as every answer of the API: {"data": ...}.
type TotalenAnswer = httpapi.One[Totalen]

// Answer is a klusser with the message the console shows.
type Answer = httpapi.Changed[Detail]

// Message is the answer of a deletion.
type Message struct {
	Message string `json:"message"`
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
type One = httpapi.One[Detail]

// ErrNotFound: no such klusser, or one of a region the actor may not see (the same answer).
var ErrNotFound = notfound.Klusser

// NewBeheerService returns the service over s; a makes and removes accounts (nil: no creating or
// deleting, e.g. without Kratos); publicURL turns a stored photo's key into its address.
func NewBeheerService(s BeheerStore, a accounts.Service, blobs Blobs, clock calendar.Clock, publicURL func(key string) string) BeheerService {
	return &beheerService{store: s, accounts: a, blobs: blobs, clock: clock, publicURL: publicURL}
}

type beheerService struct {
	store     BeheerStore
	accounts  accounts.Service
	blobs     Blobs
	clock     calendar.Clock
	publicURL func(string) string
}

// errNoAccounts: the server runs without Kratos, so accounts cannot be made or removed.
var errNoAccounts = domainerr.Unavailable("accounts_unavailable", "Accounts kunnen nu niet worden beheerd. Probeer het later opnieuw.")

func (s *beheerService) List(ctx context.Context, p list.Params) (list.Page[Klusser], error) {
	return s.store.List(ctx, p)
}

func (s *beheerService) Totalen(ctx context.Context, p list.Params) (TotalenAnswer, error) {
	return httpapi.OneOf(s.store.Totalen(ctx, p))
}

func (s *beheerService) Get(ctx context.Context, id uuid.UUID) (One, error) {
	return httpapi.OneOf(s.get(ctx, id))
}

// get reads a klusser and turns its photo keys into addresses.
func (s *beheerService) get(ctx context.Context, id uuid.UUID) (Detail, error) {
	d, err := s.store.Get(ctx, id)
	if err != nil {
		return d, err
	}
	for _, u := range []**string{&d.Fotos.Profiel, &d.Fotos.Carousel1, &d.Fotos.Carousel2, &d.Fotos.Carousel3} {
		if *u != nil && s.publicURL != nil {
			url := s.publicURL(**u)
			*u = &url
		}
	}
	return d, nil
}

func (s *beheerService) Create(ctx context.Context, n CreateForm) (Answer, error) {
	regios, err := s.store.ActiveRegions(ctx)
	if err != nil {
		return Answer{}, err
	}
	n, err = checkCreateForm(n, regios)
	if err != nil {
		return Answer{}, err
	}
	if s.accounts == nil {
		return Answer{}, errNoAccounts
	}
	id, err := s.accounts.Create(ctx, accounts.NewAccount{Email: n.Email, Naam: n.Naam, Password: n.Password,
		Role: tenants.Klusser, Regions: n.Regio, Telefoon: n.Telefoon, Adres: n.Adres, Postcode: n.Postcode,
		Woonplaats: n.Woonplaats, Leeftijd: n.Leeftijd, HeeftVOG: n.HeeftVOG, HeeftVervoer: n.HeeftVervoer,
		Motivatie: n.Motivatie, Ervaring: n.Ervaring,
		After: func(ctx context.Context, tx pgx.Tx, id uuid.UUID) error {
			return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "create", Entity: "klusser", EntityID: id.String(),
				After: map[string]any{"regio": n.Regio, "actief": true}})
		}})
	if err != nil {
		return Answer{}, err
	}
	d, err := s.get(ctx, id)
	return Answer{Data: d, Message: MsgAangemaakt}, err
}

func (s *beheerService) Update(ctx context.Context, r ProfielRequest) (Answer, error) {
	regios, err := s.store.ActiveRegions(ctx)
	if err != nil {
		return Answer{}, err
	}
	p, err := checkProfiel(r.Profiel, s.clock.Today().Year, regios)
	if err != nil {
		return Answer{}, err
	}
	if err := s.store.Update(ctx, r.ID, p); err != nil {
		return Answer{}, err
	}
	d, err := s.get(ctx, r.ID)
	return Answer{Data: d, Message: MsgOpgeslagen}, err
}

func (s *beheerService) Archive(ctx context.Context, id uuid.UUID) (Answer, error) {
	if err := s.store.Archive(ctx, id); err != nil {
		return Answer{}, err
	}
	d, err := s.get(ctx, id)
	return Answer{Data: d, Message: MsgGearchiveerd}, err
}

func (s *beheerService) Delete(ctx context.Context, id uuid.UUID) (Message, error) {
	if s.accounts == nil {
		return Message{}, errNoAccounts
	}
	var stored []StoredFile
	err := s.accounts.Remove(ctx, id, func(ctx context.Context, tx pgx.Tx) (err error) {
		stored, err = s.store.BeforeDelete(ctx, tx, id)
		return err
	})
	if err != nil {
		return Message{}, err
	}
	// The rows are gone; now their files. A file left behind is unreachable (no row names it), so
	// a failure here is logged, not the user's.
	if s.blobs != nil {
		for _, f := range stored {
			if err := s.blobs.Delete(context.WithoutCancel(ctx), f.Bucket, f.Key); err != nil {
				slog.WarnContext(ctx, "klussers: file of a deleted klusser not removed", "bucket", f.Bucket, "key", f.Key, "err", err)
			}
		}
	}
	return Message{Message: MsgVerwijderd}, nil
}
