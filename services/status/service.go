// Package status is the customer's status page without an account (D24): one link shows
// where a request stands, who comes and when (the klusser's first name and photo only, D5), the
// region's support phone and afterwards the invoice; an open, unplanned request can be cancelled.
package status

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/offerte"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Status is everything the page shows, and nothing more (D5, D24).
type Status struct {
	Categorie    string `json:"categorie"`
	Beschrijving string `json:"beschrijving"`
	Datum        string `json:"datum" doc:"gewenste datum, JJJJ-MM-DD"`
	Tijd         string `json:"tijd" doc:"gewenst dagdeel (ochtend, middag, avond) of tijd"`
	Woonplaats   string `json:"woonplaats"`
	// Stand is the status in plain Dutch: Aanvraag ontvangen, Ingepland, Bezig, Afgerond or Geannuleerd.
	Stand        string     `json:"stand"`
	Status       string     `json:"status" doc:"open, ingepland, bezig, afgerond of geannuleerd"`
	GeplandOp    *time.Time `json:"gepland_op"`
	Klusser      *Klusser   `json:"klusser" doc:"zodra de klus is ingepland: voornaam en foto, niets meer (D5)"`
	SupportPhone string     `json:"support_telefoon"`
	Annuleerbaar bool       `json:"annuleerbaar"`
	FactuurPDF   string     `json:"factuur_pdf" doc:"download van de factuur zodra de klus is afgerond; anders leeg"`
	Schouw       *Schouw    `json:"schouw" doc:"de gratis schouw zodra die is gepland (D26); anders null"`
	// Offerte is the latest sent version of the quote (D26), with 'Akkoord' and 'Niet akkoord'.
	Offerte *offerte.Klantversie `json:"offerte" doc:"de offerte zodra die is verstuurd (D26); anders null"`
	// Factuur is how the invoice stands (D30): what is open, by when and how to pay, or that it
	// is paid or credited.
	Factuur *Factuur `json:"factuur" doc:"de factuur zodra de klus is afgerond; anders null"`
}

// Factuur is the invoice as the customer's status page shows it.
type Factuur struct {
	Factuurnummer    string  `json:"factuurnummer"`
	TotaalCents      int     `json:"totaal_cents"`
	OpenCents        int     `json:"open_cents"`
	Vervaldatum      string  `json:"vervaldatum" doc:"JJJJ-MM-DD"`
	IBAN             string  `json:"iban"`
	Uitgever         string  `json:"uitgever" doc:"de naam van het bedrijf dat de factuur uitgeeft (tenaamstelling van de rekening)"`
	Staat            string  `json:"staat" doc:"open, deels_betaald, betaald, gecrediteerd, in_bespreking of uit_handen"`
	GecrediteerdDoor *string `json:"gecrediteerd_door"`
}

// Schouw is the survey appointment as the customer sees it: when, who comes, and whether it
// took place.
type Schouw struct {
	Start      time.Time `json:"start"`
	Opnemer    string    `json:"opnemer"`
	Uitgevoerd bool      `json:"uitgevoerd"`
}

// Klusser is who comes: a first name and the showcase photo.
type Klusser struct {
	Voornaam string `json:"voornaam"`
	Foto     string `json:"foto"`
}

// The plain-Dutch states (D24).
var stand = map[string]string{"open": "Aanvraag ontvangen", "ingepland": "Ingepland", "bezig": "Bezig",
	"afgerond": "Afgerond", "geannuleerd": "Geannuleerd"}

// Errors. A wrong, revoked or expired link is "not found", like any unknown page (D21).
var (
	ErrNotFound     = domainerr.NotFound("not_found", "Deze pagina bestaat niet (meer).")
	ErrNotCancelled = domainerr.Conflict("not_cancellable", "Deze aanvraag kan niet meer worden geannuleerd: er is al een klusser voor ingepland. Bel ons als u de afspraak wilt wijzigen.")
	ErrNoInvoice    = domainerr.NotFound("no_invoice", "Er is (nog) geen factuur voor deze klus.")
	ErrNoOfferte    = domainerr.NotFound("no_offerte", "Er is (nog) geen offerte voor deze klus.")
	ErrGewijzigd    = domainerr.Conflict("offerte_changed", "De offerte is intussen gewijzigd. Bekijk de nieuwe offerte hieronder.")
	ErrBeslist      = domainerr.Conflict("offerte_decided", "U heeft al gekozen over deze offerte.")
	ErrVerlopen     = domainerr.Conflict("offerte_expired", "Deze offerte is verlopen. Bel ons, dan maken wij een nieuwe offerte voor u.")
)

// The customer's answers on a quote.
const (
	Akkoord     = "akkoord"
	NietAkkoord = "niet_akkoord"
	MsgBesluit  = "Kies 'Akkoord' of 'Niet akkoord'."
	MsgReden    = "De reden mag hoogstens 1000 tekens lang zijn."
)

// Besluit is the customer's answer on the version they read: akkoord or niet_akkoord, with an
// optional reason for the latter.
type Besluit struct {
	Versie  int    `json:"versie" doc:"de versie die de klant las"`
	Besluit string `json:"besluit" doc:"akkoord of niet_akkoord"`
	Reden   string `json:"reden" text:"multiline" maxLength:"1000" msg:"De reden mag hoogstens 1000 tekens lang zijn." doc:"optioneel, bij niet akkoord"`
}

// DecisionRequest is the answer through the link's token.
type DecisionRequest struct {
	Token string
	Besluit
}

// LogAttrs names the version and the answer, never the token.
func (r DecisionRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("versie", r.Versie), slog.String("besluit", r.Besluit.Besluit)}
}

// Row is what the database gives for a job (klus_status).
type Row struct {
	Categorie, Beschrijving, Datum, Tijd, Woonplaats, Status, Regio string
	Geannuleerd, Toegewezen                                         bool
	GeplandOp                                                       *time.Time
	KlusserVoornaam, KlusserFoto                                    *string
	SupportPhone                                                    string
	FactuurID                                                       *uuid.UUID
	FactuurPDF                                                      *string
	Schouw                                                          *Schouw
	Offerte                                                         *offerte.Klantversie
	Factuur                                                         *Factuur
}

// Link is a status link the server made: the job it opens and its token. The store hands the
// token to the database, which checks it again (migration 041): SQL alone cannot open a job's
// status by its id.
type Link struct {
	ID    uuid.UUID
	Token string
}

// Store is the SQL of the service (store.go).
type Store interface {
	Read(ctx context.Context, l Link) (Row, error)
	Cancel(ctx context.Context, l Link) error
	InvoicePDF(ctx context.Context, l Link) (*factuur.PDFFile, error)
	// Decide records the customer's answer on the latest sent version of the quote.
	Decide(ctx context.Context, l Link, b Besluit) error
}

// Service is the status page's use-case.
type Service interface {
	Get(ctx context.Context, token string) (Status, error)
	Cancel(ctx context.Context, token string) (Status, error)
	InvoicePDF(ctx context.Context, token string) (*factuur.PDFFile, error)
	Decide(ctx context.Context, r DecisionRequest) (Status, error)
}

type service struct {
	store    Store
	links    Links
	photoURL func(key string) string
}

// NewService returns the status page's use-case.
func NewService(store Store, links Links, photoURL func(string) string) Service {
	return &service{store: store, links: links, photoURL: photoURL}
}

func (s *service) job(token string) (Link, error) {
	id, ok := s.links.Parse(token)
	if !ok {
		return Link{}, ErrNotFound
	}
	return Link{ID: id, Token: token}, nil
}

func (s *service) Get(ctx context.Context, token string) (Status, error) {
	l, err := s.job(token)
	if err != nil {
		return Status{}, err
	}
	r, err := s.store.Read(ctx, l)
	if err != nil {
		return Status{}, err
	}
	return s.view(token, r), nil
}

func (s *service) view(token string, r Row) Status {
	st := r.Status
	if r.Geannuleerd {
		st = "geannuleerd"
	}
	v := Status{Categorie: r.Categorie, Beschrijving: r.Beschrijving, Datum: r.Datum, Tijd: r.Tijd, Woonplaats: r.Woonplaats,
		Stand: stand[st], Status: st, GeplandOp: r.GeplandOp, SupportPhone: r.SupportPhone,
		Annuleerbaar: st == "open" && r.GeplandOp == nil && !r.Toegewezen}
	if r.KlusserVoornaam != nil {
		v.Klusser = &Klusser{Voornaam: *r.KlusserVoornaam}
		if r.KlusserFoto != nil && *r.KlusserFoto != "" {
			v.Klusser.Foto = s.photoURL(*r.KlusserFoto)
		}
	}
	if r.FactuurID != nil {
		v.FactuurPDF = "/api/v1/status/" + token + "/factuur.pdf"
		v.Factuur = r.Factuur
	}
	if !r.Geannuleerd {
		v.Schouw = r.Schouw
		v.Offerte = r.Offerte
	}
	return v
}

func (s *service) Cancel(ctx context.Context, token string) (Status, error) {
	l, err := s.job(token)
	if err != nil {
		return Status{}, err
	}
	if err := s.store.Cancel(ctx, l); err != nil {
		return Status{}, err
	}
	return s.Get(ctx, token)
}

func (s *service) InvoicePDF(ctx context.Context, token string) (*factuur.PDFFile, error) {
	l, err := s.job(token)
	if err != nil {
		return nil, err
	}
	return s.store.InvoicePDF(ctx, l)
}

// Decide checks the answer and records it; the page then shows the decided quote.
func (s *service) Decide(ctx context.Context, r DecisionRequest) (Status, error) {
	l, err := s.job(r.Token)
	if err != nil {
		return Status{}, err
	}
	errs := validate.Errors{}
	if r.Besluit.Besluit != Akkoord && r.Besluit.Besluit != NietAkkoord {
		errs.Set("besluit", MsgBesluit)
	}
	r.Reden = strings.TrimSpace(r.Reden)
	if len([]rune(r.Reden)) > 1000 {
		errs.Set("reden", MsgReden)
	}
	if len(errs) > 0 {
		return Status{}, errs.Invalid("invalid_besluit", MsgBesluit)
	}
	if err := s.store.Decide(ctx, l, r.Besluit); err != nil {
		return Status{}, err
	}
	return s.Get(ctx, r.Token)
}
