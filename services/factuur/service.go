// Package factuur is the invoice domain (document 001 sections 2 Invoice payment, Invoices and
// 4; D7, D8), one package for every audience of an invoice:
//   - service.go, store.go, transport.go: the invoice of a completed job: the klusser shows it to
//     the customer and registers how they paid; the PDF is made on the server (pdf.go), stored
//     privately (D6) and downloaded after authorization, audited (D22).
//   - beheer_*.go: the back office's invoices page: the list with its cards, sending an invoice
//     again, and the page's CSV.
//   - worker.go: the background job that makes the PDF after a completion and mails it.
//   - report_export.go: the invoices export of the reports page (an exports.Kind).
package factuur

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Factuur is an invoice as the klusser and the admin see it.
type Factuur struct {
	ID             uuid.UUID  `json:"id"`
	KlusID         *uuid.UUID `json:"klus_id"`
	Factuurnummer  string     `json:"factuurnummer"`
	Datum          string     `json:"datum" doc:"JJJJ-MM-DD"`
	Klant          Klant      `json:"klant"`
	Omschrijving   string     `json:"omschrijving"`
	Uren           int        `json:"uren"`
	UurtariefCents int        `json:"uurtarief_cents"`
	ArbeidCents    int        `json:"arbeid_cents"`
	Materialen     []Regel    `json:"materialen"`
	MateriaalCents int        `json:"materiaal_cents"`
	SubtotaalCents int        `json:"subtotaal_cents"`
	BTWCents       int        `json:"btw_cents"`
	TotaalCents    int        `json:"totaal_cents"`
	BetaalMethode  *string    `json:"betaal_methode" doc:"contant, pin, niet_betaald, bank; leeg: nog niet geregistreerd"`
	BetaalNotitie  *string    `json:"betaal_notitie"`
	PDFURL         string     `json:"pdf_url" doc:"beveiligde download van de PDF"`
	CreatedAt      time.Time  `json:"created_at"`
	// The legal content of D28, frozen when the invoice was issued (migration 027).
	Uitgever    Uitgever   `json:"uitgever" doc:"het bedrijf dat de factuur uitgeeft, zoals het toen was"`
	WerkDatum   string     `json:"werk_datum" doc:"datum van de werkzaamheden, JJJJ-MM-DD"`
	Vervaldatum string     `json:"vervaldatum" doc:"uiterste betaaldatum (factuurdatum + 14 dagen), JJJJ-MM-DD"`
	Regels      []Regel    `json:"regels" doc:"de regels: aantal x prijs per eenheid; bij een creditfactuur negatief"`
	CreditVan   *CreditRef `json:"credit_van" doc:"bij een creditfactuur: de factuur die zij crediteert"`
	CreditReden *string    `json:"credit_reden" doc:"bij een creditfactuur: de reden"`
	Betaaltekst string     `json:"betaaltekst" doc:"wat de factuur nu van de klant vraagt: termijn, rekening en kenmerk, of dat zij betaald is"`
	// Offerte: the invoice bills an accepted quote (D26); uren is then 1 at the quote's price
	// before VAT, and materiaal_cents is the meerwerk.
	Offerte *string `json:"offerte" doc:"bij een vaste prijs: het nummer van de geaccepteerde offerte"`
	// Soort: an invoice to a customer (klant) or the franchise fee to a franchise business (D32).
	Soort string `json:"soort" doc:"klant of afdracht"`
	// D30: the state as of now, derived from the payments and the credit.
	Staat            string  `json:"staat" doc:"open, deels_betaald, betaald, gecrediteerd, in_bespreking, uit_handen of creditfactuur"`
	OpenCents        int     `json:"open_cents" doc:"wat nog openstaat"`
	GecrediteerdDoor *string `json:"gecrediteerd_door" doc:"het nummer van de creditfactuur die deze factuur corrigeert"`
	// SupportPhone is the support phone of a customer's invoice: its region's, else the default
	// (docs/decisions.md D33, migration 047); empty: the configured one (Site).
	SupportPhone string `json:"-"`
	// Regio is the invoice's region, whose support contact its e-mail gives (D33).
	Regio string `json:"-"`
}

// Uitgever is the business that issues an invoice (D28).
type Uitgever struct {
	Naam         string `json:"naam" maxLength:"200" msg:"De naam is te lang (hoogstens 200 tekens)."`
	Adres        string `json:"adres" maxLength:"200" msg:"Het adres is te lang (hoogstens 200 tekens)."`
	Postcode     string `json:"postcode"`
	Plaats       string `json:"plaats" maxLength:"100" msg:"De plaats is te lang (hoogstens 100 tekens)."`
	KvKNummer    string `json:"kvk_nummer"`
	BTWNummer    string `json:"btw_nummer"`
	IBAN         string `json:"iban"`
	NummerPrefix string `json:"nummer_prefix"`
}

// CreditRef names the invoice a credit invoice corrects.
type CreditRef struct {
	ID            uuid.UUID `json:"id"`
	Factuurnummer string    `json:"factuurnummer"`
}

// Klant is who the invoice is addressed to (copied onto the invoice when it was made).
type Klant struct {
	Naam       string `json:"naam"`
	Email      string `json:"email"`
	Adres      string `json:"adres"`
	Postcode   string `json:"postcode"`
	Woonplaats string `json:"woonplaats"`
	// A business customer (the franchise business of a fee invoice, D32) is named with its
	// KvK and VAT numbers.
	KvKNummer *string `json:"kvk_nummer,omitempty" doc:"bij een zakelijke klant"`
	BTWNummer *string `json:"btw_nummer,omitempty" doc:"bij een zakelijke klant"`
}

// Regel is a line of an invoice: a quantity of a unit at a price (D28). A material line of the
// klusser's view names its description and amount only.
type Regel struct {
	Omschrijving string  `json:"omschrijving"`
	Aantal       float64 `json:"aantal,omitempty" doc:"bij uren in halve uren (een offerte)"`
	Eenheid      string  `json:"eenheid,omitempty" doc:"uur, stuk of vaste prijs"`
	PrijsCents   int     `json:"prijs_cents,omitempty" doc:"prijs per eenheid"`
	BedragCents  int     `json:"bedrag_cents"`
}

// Betaling registers how the customer paid (document 001 section 4).
type Betaling struct {
	ClientID      uuid.UUID `json:"client_id"`
	BetaalMethode string    `json:"betaal_methode" doc:"contant, pin of niet_betaald"`
	BetaalNotitie string    `json:"betaal_notitie" text:"multiline" doc:"verplicht bij niet_betaald"`
}

// Payment methods a klusser registers.
var Methods = []string{"contant", "pin", "niet_betaald"}

// MaxNotitie bounds the note of an unpaid invoice.
const MaxNotitie = 1000

// Errors (document 001 section 8 where it has the words).
var (
	ErrNotFound = notfound.Factuur
	// ErrCredited: a credited invoice is settled; nothing is paid at the door (D30).
	ErrCredited  = domainerr.Conflict("credited", "Deze factuur is gecrediteerd. De klant hoeft niets te betalen.")
	ErrMethod    = domainerr.InvalidField("invalid_method", "Kies hoe de klant heeft betaald: contant, pin of niet betaald.", "betaal_methode")
	ErrNote      = domainerr.InvalidField("note_required", "Voeg een notitie toe waarom de klant niet kan betalen", "betaal_notitie")
	ErrNoteLong  = domainerr.InvalidField("note_too_long", "De notitie is te lang (hoogstens 1000 tekens).", "betaal_notitie")
	ErrPaid      = domainerr.Conflict("already_paid", "Deze factuur is al betaald.")
	ErrPDFNotYet = domainerr.Unavailable("pdf_not_ready", "De PDF van deze factuur wordt nog gemaakt. Probeer het over een minuut opnieuw.")
)

// Service is the invoice use-case.
type Service interface {
	Get(ctx context.Context, id uuid.UUID) (Factuur, error)
	Pay(ctx context.Context, id uuid.UUID, in Betaling) (Factuur, error)
	PDF(ctx context.Context, id uuid.UUID) (*PDFFile, error)
}

// PDFFile is a downloadable PDF: an invoice, and the documents answered like one (the klusser's
// statement, the dunning letter, the quote).
type PDFFile struct {
	Name string
	Data []byte
}

// Store is the SQL of the service (store.go).
type Store interface {
	Get(ctx context.Context, id uuid.UUID) (Factuur, error)
	Pay(ctx context.Context, id uuid.UUID, method string, note *string) (Factuur, error)
	PDF(ctx context.Context, id uuid.UUID) (*PDFFile, error)
}

type service struct{ store Store }

// NewService returns the invoice use-case on store.
func NewService(store Store) Service { return &service{store: store} }

func (s *service) Get(ctx context.Context, id uuid.UUID) (Factuur, error) {
	return s.store.Get(ctx, id)
}

func (s *service) Pay(ctx context.Context, id uuid.UUID, in Betaling) (Factuur, error) {
	known := false
	for _, m := range Methods {
		known = known || m == in.BetaalMethode
	}
	if !known {
		return Factuur{}, ErrMethod
	}
	var note *string
	if n := strings.TrimSpace(in.BetaalNotitie); n != "" {
		if utf8.RuneCountInString(n) > MaxNotitie {
			return Factuur{}, ErrNoteLong
		}
		note = &n
	}
	if in.BetaalMethode == "niet_betaald" && note == nil {
		return Factuur{}, ErrNote
	}
	return s.store.Pay(ctx, id, in.BetaalMethode, note)
}

func (s *service) PDF(ctx context.Context, id uuid.UUID) (*PDFFile, error) {
	return s.store.PDF(ctx, id)
}
