package factuur

// The invoices of the back office (document 001 section 2, Invoices): one page from the
// server with its totals for the same filter (count, revenue, VAT), unpaid invoices one filter
// away, and sending an invoice to the customer again with its PDF attached (a River job).

import (
	"context"
	"log/slog"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/listing"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// BeheerService is the back office's invoices: a page of invoices (ListItem, newest first), the
// cards over the same filters (Counts: their number, revenue and VAT), and one invoice whole with
// its legal content (the print page).
type BeheerService interface {
	listing.Overview[ListItem, TotalsAnswer, Factuur]
	// Send e-mails an invoice to the customer again, with its PDF.
	Send(ctx context.Context, id uuid.UUID) (Sent, error)
	// Credit issues the credit invoice that corrects an invoice (D28).
	Credit(ctx context.Context, req CreditRequest) (Credited, error)
	// Export is every invoice of the filter as the page's CSV.
	Export(ctx context.Context, p list.Params) (*exports.CSVFile, error)
}

// BeheerStore is the SQL side; beheer_store.go implements it.
type BeheerStore interface {
	listing.Overview[ListItem, Totals, Factuur]
	Send(ctx context.Context, id uuid.UUID) (ListItem, error)
	Credit(ctx context.Context, id uuid.UUID, reden string) (ListItem, error)
	ExportCSV(ctx context.Context, p list.Params) (*exports.CSVFile, error)
}

// Bedragen are an invoice's amounts as its lists show them (the back office's and the customer
// card's): the hours at the hourly rate, the materials, and the subtotal, VAT and total.
type Bedragen struct {
	Uren              int `json:"uren"`
	UurtariefCents    int `json:"uurtarief_cents"`
	MateriaalCents    int `json:"materiaal_cents"`
	SubtotaalCents    int `json:"subtotaal_cents"`
	BtwBedragCents    int `json:"btw_bedrag_cents"`
	TotaalBedragCents int `json:"totaal_bedrag_cents"`
}

// ListItem is a row of the list.
type ListItem struct {
	ID            uuid.UUID `json:"id"`
	Factuurnummer string    `json:"factuurnummer"`
	Datum         string    `json:"datum" doc:"JJJJ-MM-DD"`
	KlantNaam     string    `json:"klant_naam"`
	KlantEmail    string    `json:"klant_email"`
	Omschrijving  string    `json:"omschrijving"`
	Regio         string    `json:"regio"`
	Bedragen
	BetaalMethode *string `json:"betaal_methode" doc:"contant, pin, bank, niet_betaald; leeg: nog niet geregistreerd"`
	Betaald       bool    `json:"betaald"`
	// D28: a credit invoice names the invoice it corrects; an invoice that has been credited
	// names its credit invoice.
	CreditVan        *string `json:"credit_van" doc:"bij een creditfactuur: het nummer van de gecrediteerde factuur"`
	GecrediteerdDoor *string `json:"gecrediteerd_door" doc:"het nummer van de creditfactuur die deze factuur corrigeert"`
	// Offerte: the invoice bills an accepted quote (D26): uren is 1 at the quote's price before
	// VAT, materiaal_cents is the meerwerk.
	Offerte *string `json:"offerte" doc:"bij een vaste prijs: het nummer van de geaccepteerde offerte"`
	// D30: the state derived from the payments, the credit and the follow-up.
	Staat        string `json:"staat" doc:"open, deels_betaald, betaald, gecrediteerd, in_bespreking, uit_handen of creditfactuur"`
	OpenCents    int    `json:"open_cents" doc:"wat nog openstaat (0 als betaald of gecrediteerd)"`
	BetaaldCents int    `json:"betaald_cents" doc:"som van de geboekte betalingen"`
	Vervaldatum  string `json:"vervaldatum" doc:"JJJJ-MM-DD"`
}

// LogAttrs keeps the number: the customer stays out of the logs.
func (f ListItem) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("factuur_id", f.ID), slog.String("factuurnummer", f.Factuurnummer)}
}

// Totals are the cards: count, revenue and VAT of the filtered invoices.
type Totals struct {
	Aantal     int `json:"aantal"`
	OmzetCents int `json:"omzet_cents" doc:"som van de totaalbedragen (incl. btw)"`
	BtwCents   int `json:"btw_cents"`
	Openstaand int `json:"openstaand" doc:"aantal facturen waarvan nog geld verwacht wordt"`
	OpenCents  int `json:"open_cents" doc:"het bedrag dat daarvan nog openstaat"`
}

// LogAttrs keeps the count.
func (t Totals) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("aantal", t.Aantal)} }

// TotalsAnswer is the answer of GET /api/v1/facturen/totalen.
type TotalsAnswer = httpapi.One[Totals]

// Sent is the answer of a send, with the message of section 8.
type Sent = httpapi.Changed[ListItem]

// The messages of section 8 (Invoices).
const MsgVerzonden = "Factuur verzonden per e-mail"

// MsgGecrediteerd confirms a credit invoice.
const MsgGecrediteerd = "Creditfactuur gemaakt"

// CreditRequest is POST /api/v1/facturen/{id}/crediteren.
type CreditRequest struct {
	ID    uuid.UUID `json:"-"`
	Reden string    `json:"reden" text:"multiline" maxLength:"1000" msg:"De reden is te lang (hoogstens 1000 tekens)." doc:"waarom de factuur gecorrigeerd wordt (verplicht)"`
}

// Credited is the answer: the credit invoice.
type Credited = httpapi.Changed[ListItem]

var (
	// ErrNotFoundToSend: no such invoice.
	ErrNotFoundToSend = notfound.Factuur
	// ErrNoEmail: the invoice has no customer address to send it to.
	ErrNoEmail = domainerr.Conflict("no_email", "Geen e-mailadres beschikbaar")
	// ErrReden: a credit invoice needs its reason.
	ErrReden = domainerr.InvalidField("reden_required", "Geef de reden van de creditfactuur.", "reden")
	// ErrRedenLang: the reason is too long.
	ErrRedenLang = domainerr.InvalidField("reden_too_long", "De reden is te lang (hoogstens 1000 tekens).", "reden")
	// ErrAlGecrediteerd: an invoice is credited once, whole.
	ErrAlGecrediteerd = domainerr.Conflict("already_credited", "Deze factuur is al gecrediteerd.")
	// ErrCreditVanCredit: a credit invoice is not credited again.
	ErrCreditVanCredit = domainerr.Conflict("credit_of_credit", "Een creditfactuur kunt u niet crediteren.")
)

// NewBeheerService returns the service over s.
func NewBeheerService(s BeheerStore) BeheerService { return &beheerService{store: s} }

type beheerService struct{ store BeheerStore }

func (s *beheerService) List(ctx context.Context, p list.Params) (list.Page[ListItem], error) {
	return s.store.List(ctx, p)
}

func (s *beheerService) Counts(ctx context.Context, p list.Params) (TotalsAnswer, error) {
	return httpapi.OneOf(s.store.Counts(ctx, p))
}

func (s *beheerService) Send(ctx context.Context, id uuid.UUID) (Sent, error) {
	f, err := s.store.Send(ctx, id)
	return Sent{Data: f, Message: MsgVerzonden}, err
}

func (s *beheerService) Get(ctx context.Context, id uuid.UUID) (Factuur, error) {
	return s.store.Get(ctx, id)
}

func (s *beheerService) Credit(ctx context.Context, req CreditRequest) (Credited, error) {
	reden := strings.TrimSpace(req.Reden)
	switch {
	case reden == "":
		return Credited{}, ErrReden
	case utf8.RuneCountInString(reden) > MaxNotitie:
		return Credited{}, ErrRedenLang
	}
	f, err := s.store.Credit(ctx, req.ID, reden)
	return Credited{Data: f, Message: MsgGecrediteerd}, err
}

func (s *beheerService) Export(ctx context.Context, p list.Params) (*exports.CSVFile, error) {
	return s.store.ExportCSV(ctx, p)
}
