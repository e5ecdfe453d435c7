// Package klant is the back office's customers (document 001 section 2, Admin customers and
// Customer card; D11): customers are not stored, they are the jobs grouped by e-mail address, in
// SQL (D25). An admin lists them, opens a card (overview, jobs, invoices, reviews), creates one
// (with a first job, or the placeholder job of section 4) and deletes one with all its jobs in one
// transaction; invoices stay (D8). The id of a customer is its e-mail address.
package klant

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Service is the customers of the back office.
type Service interface {
	Lists
	// Get returns a customer's card.
	Get(ctx context.Context, email string) (One, error)
	// Create makes a customer: its first job, or the placeholder job of section 4.
	Create(ctx context.Context, n CreateForm) (Created, error)
	// Delete removes a customer's jobs with their work orders, photos and history (D11).
	Delete(ctx context.Context, email string) (Deleted, error)
}

// Lists are the customer list and the card's tabs: pages the store reads and the service passes on
// as they are.
type Lists interface {
	// List returns a page of customers, the one with the newest job first unless p sorts otherwise.
	List(ctx context.Context, p list.Params) (list.Page[Klant], error)
	// Klussen, Facturen and Reviews are the card's tabs.
	Klussen(ctx context.Context, r TabRequest) (list.Page[klus.ListItem], error)
	Facturen(ctx context.Context, r TabRequest) (list.Page[Factuur], error)
	Reviews(ctx context.Context, r TabRequest) (list.Page[Review], error)
}

// Store is the SQL side; store.go implements it.
type Store interface {
	Lists
	Get(ctx context.Context, email string) (Detail, error)
	Create(ctx context.Context, g klus.Gegevens) (Detail, error)
	Delete(ctx context.Context, email string) (int, error)
}

// Klant is a row of the customer list.
type Klant struct {
	ID            string    `json:"id" doc:"het e-mailadres"`
	Email         string    `json:"email"`
	Naam          string    `json:"naam" doc:"het deel van het e-mailadres voor de @"`
	Telefoon      string    `json:"telefoon" doc:"van de nieuwste klus"`
	Woonplaats    string    `json:"woonplaats" doc:"van de nieuwste klus"`
	AantalKlussen int       `json:"aantal_klussen"`
	LaatsteKlus   time.Time `json:"laatste_klus" doc:"aangemaakt op, van de nieuwste klus"`
}

// LogAttrs keeps nothing of the customer: its id is its e-mail address.
func (k Klant) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("klussen", k.AantalKlussen)} }

// Detail is the customer card's overview.
type Detail struct {
	Klant
	Adres                  string         `json:"adres"`
	Postcode               string         `json:"postcode"`
	KlantVoornaam          string         `json:"klant_voornaam"`
	KlantAchternaam        string         `json:"klant_achternaam"`
	EersteKlus             time.Time      `json:"eerste_klus"`
	PerStatus              klus.PerStatus `json:"per_status"`
	GemiddeldeTevredenheid *float64       `json:"gemiddelde_tevredenheid" doc:"gemiddelde algemene beoordeling (1-5) van de werkbonnen, op 1 decimaal"`
	AantalFacturen         int            `json:"aantal_facturen"`
	OpenstaandCents        int            `json:"openstaand_cents" doc:"totaal van de facturen die nog niet betaald zijn"`
}

// One is a customer card as one record.
type One = httpapi.One[Detail]

// Factuur is an invoice issued to the customer's address.
type Factuur struct {
	ID            uuid.UUID `json:"id"`
	Factuurnummer string    `json:"factuurnummer"`
	Datum         string    `json:"datum"`
	Omschrijving  string    `json:"omschrijving"`
	factuur.Bedragen
	BetaalMethode    *string `json:"betaal_methode"`
	Betaald          bool    `json:"betaald"`
	CreditVan        *string `json:"credit_van" doc:"bij een creditfactuur: het nummer van de gecrediteerde factuur (D28)"`
	GecrediteerdDoor *string `json:"gecrediteerd_door" doc:"het nummer van de creditfactuur die deze factuur corrigeert"`
}

// LogAttrs keeps the id.
func (f Factuur) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("factuur_id", f.ID)} }

// Review is the customer's rating of a completed work order.
type Review struct {
	ID             uuid.UUID `json:"id" doc:"de werkbon"`
	KlusID         uuid.UUID `json:"klus_id"`
	Datum          string    `json:"datum"`
	Beschrijving   string    `json:"beschrijving"`
	Klusser        string    `json:"klusser"`
	RatingAlgemeen *int      `json:"rating_algemeen" doc:"1 tot 5 sterren"`
	Ratings        *Ratings  `json:"ratings"`
	KlantTevreden  *bool     `json:"klant_tevreden"`
	ZouAanbevelen  *bool     `json:"zou_aanbevelen"`
	Opmerkingen    string    `json:"opmerkingen"`
}

// LogAttrs keeps the id.
func (r Review) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("werkbon_id", r.ID)} }

// Ratings are the four ratings of 1 to 5 stars.
type Ratings struct {
	Algemeen        int `json:"algemeen"`
	Netheid         int `json:"netheid"`
	Vriendelijkheid int `json:"vriendelijkheid"`
	Vakmanschap     int `json:"vakmanschap"`
}

// TabRequest is a tab of a customer's card: the customer and the list's page.
type TabRequest struct {
	Email string
	list.Params
}

// LogAttrs keeps the list's shape, not the address.
func (r TabRequest) LogAttrs() []slog.Attr { return r.Params.LogAttrs() }

// CreateForm is the 'Nieuwe Klant' form (document 001 section 5, new customer).
type CreateForm struct {
	Email           string      `json:"email"`
	Telefoon        string      `json:"telefoon"`
	Woonplaats      string      `json:"woonplaats"`
	Adres           string      `json:"adres"`
	Postcode        string      `json:"postcode"`
	KlantVoornaam   string      `json:"klant_voornaam,omitempty"`
	KlantAchternaam string      `json:"klant_achternaam,omitempty"`
	Regio           string      `json:"regio,omitempty" doc:"leeg: de regio van de woonplaats of postcode (D2)"`
	Klus            *EersteKlus `json:"klus,omitempty" doc:"de eerste klus; zonder: een registratieklus (sectie 4)"`
}

// LogAttrs keeps whether a job came with it.
func (n CreateForm) LogAttrs() []slog.Attr { return []slog.Attr{slog.Bool("met_klus", n.Klus != nil)} }

// EersteKlus is the optional first job of a new customer.
type EersteKlus struct {
	Datum              string   `json:"datum"`
	Tijd               string   `json:"tijd"`
	Categorie          string   `json:"categorie"`
	Beschrijving       string   `json:"beschrijving" text:"multiline"`
	GeschatTariefCents *int     `json:"geschat_tarief_cents,omitempty"`
	GeschatteDuur      *float64 `json:"geschatte_duur,omitempty"`
}

// Created answers a new customer.
type Created = httpapi.Changed[Detail]

// Deleted answers a deleted customer.
type Deleted = httpapi.Changed[DeletedKlant]

// DeletedKlant says how many jobs went.
type DeletedKlant struct {
	ID                 string `json:"id"`
	VerwijderdeKlussen int    `json:"verwijderde_klussen"`
}

// LogAttrs keeps the count.
func (d DeletedKlant) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("verwijderde_klussen", d.VerwijderdeKlussen)}
}

// The placeholder job of section 4, for a customer created without a job.
const (
	PlaceholderBeschrijving = "Klant registratie - nog geen specifieke klus"
	PlaceholderCategorie    = "overig"
	PlaceholderTijd         = "00:00"
)

// The messages of document 001 sections 5 and 8.
const (
	MsgVerplicht     = "Vul alle verplichte velden in"
	MsgKlusGegevens  = "Vul alle klus gegevens in"
	MsgAangemaakt    = "Klant aangemaakt"
	MsgMetKlus       = "Klant aangemaakt met klus"
	msgDeletedFormat = "Klant en %d klussen verwijderd"
)

// The refusals of this domain.
var (
	ErrNotFound = notfound.Klant
	ErrExists   = domainerr.Conflict("klant_exists", "Er bestaat al een klant met dit e-mailadres")
)

// NewService returns the service over s, with today's Dutch date from clock (the placeholder job).
func NewService(s Store, clock calendar.Clock) Service {
	return &service{Lists: s, store: s, clock: clock}
}

type service struct {
	Lists // the store's
	store Store
	clock calendar.Clock
}

func (s *service) Get(ctx context.Context, email string) (One, error) {
	return httpapi.OneOf(s.store.Get(ctx, email))
}

func (s *service) Create(ctx context.Context, n CreateForm) (Created, error) {
	g, err := s.check(n)
	if err != nil {
		return Created{}, err
	}
	d, err := s.store.Create(ctx, g)
	msg := MsgAangemaakt
	if n.Klus != nil {
		msg = MsgMetKlus
	}
	return Created{Data: d, Message: msg}, err
}

// check applies section 5 (new customer): e-mail, phone and town required, nothing else; with a
// job also its date, time, category and description. Address and postcode may be empty, also on
// the first job or the placeholder (stored empty); given, they must be valid. The job's own rules
// (klussen.Check) apply to what is given. The console's form (NieuweKlantDialog) asks the same,
// with the same messages.
func (s *service) check(n CreateForm) (klus.Gegevens, error) {
	e := validate.Errors{}
	for field, v := range map[string]string{"email": n.Email, "telefoon": n.Telefoon, "woonplaats": n.Woonplaats} {
		e.Required(field, v, MsgVerplicht)
	}
	if len(e) > 0 {
		return klus.Gegevens{}, e.Invalid("invalid_klant", MsgVerplicht)
	}
	in := klus.Form{
		Datum: s.clock.Today().String(), Tijd: PlaceholderTijd, Categorie: PlaceholderCategorie, Beschrijving: PlaceholderBeschrijving,
		KlantVoornaam: n.KlantVoornaam, KlantAchternaam: n.KlantAchternaam, Adres: n.Adres, Postcode: n.Postcode,
		Woonplaats: n.Woonplaats, Telefoon: n.Telefoon, Email: n.Email, Regio: n.Regio,
	}
	if k := n.Klus; k != nil {
		for field, v := range map[string]string{"klus.datum": k.Datum, "klus.tijd": k.Tijd, "klus.categorie": k.Categorie, "klus.beschrijving": k.Beschrijving} {
			e.Required(field, v, MsgKlusGegevens)
		}
		if len(e) > 0 {
			return klus.Gegevens{}, e.Invalid("invalid_klant", MsgKlusGegevens)
		}
		in.Datum, in.Tijd, in.Categorie, in.Beschrijving = k.Datum, k.Tijd, k.Categorie, k.Beschrijving
		in.GeschatTariefCents, in.GeschatteDuur = k.GeschatTariefCents, k.GeschatteDuur
	}
	g := klus.Check(in, e)
	// The customer's name and address are optional (section 5); the job form's requirement does not
	// apply to them.
	for _, f := range []string{"klant_voornaam", "klant_achternaam", "adres", "postcode"} {
		if e[f] == klus.MsgVerplicht {
			delete(e, f)
		}
	}
	// A job field's message is shown under the job's part of the form.
	for _, f := range []string{"datum", "tijd", "categorie", "beschrijving", "geschat_tarief_cents", "geschatte_duur"} {
		if m, ok := e[f]; ok {
			delete(e, f)
			e["klus."+f] = m
		}
	}
	if g.Email == "" && len(e) == 0 {
		e.Set("email", "Vul een geldig e-mailadres in.")
	}
	if len(e) > 0 {
		return g, e.Invalid("invalid_klant", firstOf(e))
	}
	return g, nil
}

// firstOf is the message of the first field on the form that has one.
func firstOf(e validate.Errors) string {
	for _, f := range []string{"email", "telefoon", "woonplaats", "adres", "postcode", "klant_voornaam", "klant_achternaam", "regio",
		"klus.datum", "klus.tijd", "klus.categorie", "klus.beschrijving", "klus.geschat_tarief_cents", "klus.geschatte_duur"} {
		if m, ok := e[f]; ok {
			return m
		}
	}
	return MsgVerplicht
}

func (s *service) Delete(ctx context.Context, email string) (Deleted, error) {
	n, err := s.store.Delete(ctx, email)
	if err != nil {
		return Deleted{}, err
	}
	return Deleted{Data: DeletedKlant{ID: email, VerwijderdeKlussen: n}, Message: fmt.Sprintf(msgDeletedFormat, n)}, nil
}

// Normalize is how a customer's e-mail address is compared: jobs store it in lower case.
func Normalize(email string) string { return strings.ToLower(strings.TrimSpace(email)) }
