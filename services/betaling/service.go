// Package betaling follows every invoice until the money is in (docs/decisions.md D30): payments
// booked as records (by the klusser at the door, by the office by hand, from a bank statement),
// reversed with a reason but never edited, the office's dispute and handing over, the invoice's
// timeline, what is open by age, and the import of a business's CAMT.053 bank statement with its
// matching. The invoice's state is derived in the database (view factuur_stand, migration 038).
package betaling

import (
	"context"
	"log/slog"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/platform/notfound"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Methods a payment is made with.
var Methods = []string{"contant", "pin", "bank"}

// MaxNote is the longest note or reason.
const MaxNote = 1000

// MaxCents is the largest single payment (a household job is never near it; a typo with extra
// zeros is refused).
const MaxCents = 10_000_000_00

// Betaling is one booked payment or reversal.
type Betaling struct {
	ID              uuid.UUID  `json:"id"`
	FactuurID       uuid.UUID  `json:"factuur_id"`
	Datum           string     `json:"datum" doc:"JJJJ-MM-DD"`
	BedragCents     int        `json:"bedrag_cents" doc:"negatief bij een terugboeking"`
	Methode         string     `json:"methode" doc:"contant, pin of bank"`
	Bron            string     `json:"bron" doc:"klusser (aan de deur), kantoor (met de hand) of bankafschrift"`
	Notitie         string     `json:"notitie"`
	TerugboekingVan *uuid.UUID `json:"terugboeking_van" doc:"bij een terugboeking: de betaling die zij ongedaan maakt"`
	Reden           *string    `json:"reden" doc:"bij een terugboeking: waarom"`
	Teruggeboekt    bool       `json:"teruggeboekt" doc:"deze betaling is ongedaan gemaakt"`
	GeboektDoor     string     `json:"geboekt_door" doc:"wie boekte: klusser, beheerder, franchisenemer of systeem"`
	CreatedAt       string     `json:"created_at"`
}

// LogAttrs keeps the ids and the amount (no notes: they may name people).
func (b Betaling) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("betaling_id", b.ID), slog.Any("factuur_id", b.FactuurID), slog.Int("bedrag_cents", b.BedragCents)}
}

// Gebeurtenis is one line of an invoice's timeline.
type Gebeurtenis struct {
	Moment      string     `json:"moment" doc:"tijdstip (RFC 3339)"`
	Soort       string     `json:"soort" doc:"uitgegeven, gemaild, betaling, terugboeking, herinnering, veertiendagenbrief, uit_handen_voorstel, uit_handen, bespreking_aan, bespreking_uit, gecrediteerd"`
	Tekst       string     `json:"tekst"`
	BedragCents *int       `json:"bedrag_cents"`
	BetalingID  *uuid.UUID `json:"betaling_id"`
}

// Opvolging is how an invoice is followed: its state, what is paid and open, the payments and
// the timeline.
type Opvolging struct {
	FactuurID            uuid.UUID     `json:"factuur_id"`
	Factuurnummer        string        `json:"factuurnummer"`
	Soort                string        `json:"soort" doc:"klant of afdracht (de franchisefee, D32)"`
	Staat                string        `json:"staat" doc:"open, deels_betaald, betaald, gecrediteerd, in_bespreking, uit_handen of creditfactuur"`
	TotaalCents          int           `json:"totaal_cents"`
	BetaaldCents         int           `json:"betaald_cents"`
	OpenCents            int           `json:"open_cents"`
	Vervaldatum          string        `json:"vervaldatum"`
	DagenOverTijd        int           `json:"dagen_over_tijd" doc:"dagen na de vervaldatum (negatief: nog niet vervallen)"`
	GecrediteerdDoor     *string       `json:"gecrediteerd_door"`
	InBespreking         bool          `json:"in_bespreking"`
	UitHandenVoorstel    bool          `json:"uit_handen_voorstel" doc:"de termijn van de 14-dagenbrief is voorbij: het kantoor beslist"`
	PerPost              bool          `json:"per_post" doc:"de klant heeft geen e-mailadres: de brief gaat per post"`
	BriefPDF             *string       `json:"brief_pdf" doc:"de laatste herinnering als brief (PDF), als er een is"`
	Betalingen           []Betaling    `json:"betalingen"`
	Tijdlijn             []Gebeurtenis `json:"tijdlijn"`
	Regio                string        `json:"regio"`
	KanBetalingBoeken    bool          `json:"kan_betaling_boeken"`
	KlantHeeftEmail      bool          `json:"klant_heeft_email"`
	IBAN                 string        `json:"iban"`
	UitgeverNaam         string        `json:"uitgever_naam"`
	CreditVan            *string       `json:"credit_van"`
	Factuurdatum         string        `json:"factuurdatum"`
	KlantNaam            string        `json:"klant_naam"`
	HerinneringVerstuurd *string       `json:"herinnering_verstuurd"`
	BriefVerstuurd       *string       `json:"brief_verstuurd"`
}

// LogAttrs keeps the invoice and its state.
func (o Opvolging) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("factuur_id", o.FactuurID), slog.String("staat", o.Staat)}
}

// OpvolgingAnswer is GET /api/v1/facturen/{id}/opvolging.
type OpvolgingAnswer = httpapi.One[Opvolging]

// BookRequest is POST /api/v1/facturen/{id}/betalingen: a payment booked by hand.
type BookRequest struct {
	FactuurID   uuid.UUID `json:"-"`
	Datum       string    `json:"datum" doc:"JJJJ-MM-DD, niet in de toekomst"`
	BedragCents int       `json:"bedrag_cents" doc:"in centen, groter dan 0, niet meer dan wat openstaat"`
	Methode     string    `json:"methode" doc:"contant, pin of bank"`
	Notitie     string    `json:"notitie" text:"multiline" maxLength:"1000" msg:"De notitie is te lang (hoogstens 1000 tekens)." doc:"hoogstens 1000 tekens"`
}

// ReverseRequest is POST /api/v1/betalingen/{id}/terugboeken.
type ReverseRequest struct {
	ID    uuid.UUID `json:"-"`
	Reden string    `json:"reden" text:"multiline" doc:"waarom de boeking ongedaan wordt gemaakt (verplicht, hoogstens 1000 tekens)"`
}

// DisputeRequest is POST /api/v1/facturen/{id}/bespreking: the office's dispute on or off.
type DisputeRequest struct {
	FactuurID uuid.UUID `json:"-"`
	Aan       bool      `json:"aan" doc:"true: in bespreking (geen herinneringen meer); false: weer gewoon opvolgen"`
	Notitie   string    `json:"notitie" text:"multiline" maxLength:"1000" msg:"De notitie is te lang (hoogstens 1000 tekens)." doc:"hoogstens 1000 tekens"`
}

// Booked is the answer of a booking, a reversal, a dispute or handing over: the invoice as it
// is followed now, with the message of the action.
type Booked = httpapi.Changed[Opvolging]

// The messages of the actions.
const (
	MsgGeboekt       = "Betaling geboekt"
	MsgTeruggeboekt  = "Betaling teruggeboekt"
	MsgBesprekingAan = "Factuur staat in bespreking: er gaan geen herinneringen meer uit"
	MsgBesprekingUit = "Factuur wordt weer gewoon opgevolgd"
	MsgUitHanden     = "Factuur gemarkeerd als uit handen gegeven"
)

var (
	// ErrFactuurNotFound: no such invoice for this actor.
	ErrFactuurNotFound = notfound.Factuur
	// ErrBetalingNotFound: no such payment for this actor.
	ErrBetalingNotFound = domainerr.NotFound("betaling_not_found", "Betaling niet gevonden")
	// ErrAboveOpen: a payment above what is open (D30).
	ErrAboveOpen = domainerr.InvalidField("above_open", "Het bedrag is hoger dan wat nog openstaat.", "bedrag_cents")
	// ErrNoPayment: a credit invoice or a credited one takes no payment.
	ErrNoPayment = domainerr.Conflict("no_payment_possible", "Op een creditfactuur of een gecrediteerde factuur boekt u geen betaling.")
	// ErrAlreadyReversed: a payment is reversed once.
	ErrAlreadyReversed = domainerr.Conflict("already_reversed", "Deze betaling is al teruggeboekt.")
	// ErrReverseReversal: a reversal is not reversed.
	ErrReverseReversal = domainerr.Conflict("reversal_of_reversal", "Een terugboeking kunt u niet terugboeken. Boek de betaling opnieuw.")
	// ErrSettled: the invoice is paid or credited: nothing to dispute or hand over.
	ErrSettled = domainerr.Conflict("settled", "Deze factuur is betaald of gecrediteerd.")
	// ErrSameDispute: the dispute is already as asked.
	ErrSameDispute = domainerr.Conflict("dispute_unchanged", "De factuur staat al zo.")
	// ErrAlreadyHandedOver: handed over once.
	ErrAlreadyHandedOver = domainerr.Conflict("already_handed_over", "Deze factuur is al uit handen gegeven.")
)

// checkBook validates a booking as the form does, each field with its own Dutch message.
func checkBook(req *BookRequest, today calendar.Date) error {
	fields := map[string]string{}
	d, err := calendar.ParseDate(strings.TrimSpace(req.Datum))
	switch {
	case strings.TrimSpace(req.Datum) == "":
		fields["datum"] = "Vul de datum van de betaling in."
	case err != nil:
		fields["datum"] = "Vul een geldige datum in (dd-mm-jjjj)."
	case d.After(today):
		fields["datum"] = "Een betaling kan niet in de toekomst liggen."
	default:
		req.Datum = d.String()
	}
	switch {
	case req.BedragCents <= 0:
		fields["bedrag_cents"] = "Vul een bedrag groter dan € 0,00 in."
	case req.BedragCents > MaxCents:
		fields["bedrag_cents"] = "Dit bedrag is te groot. Controleer het bedrag."
	}
	if !contains(Methods, req.Methode) {
		fields["methode"] = "Kies hoe er is betaald: contant, pin of bank."
	}
	req.Notitie = strings.TrimSpace(req.Notitie)
	if utf8.RuneCountInString(req.Notitie) > MaxNote {
		fields["notitie"] = "De notitie is te lang (hoogstens 1000 tekens)."
	}
	if len(fields) > 0 {
		return domainerr.Invalid("invalid_payment", "Controleer de gemarkeerde velden.", fields)
	}
	return nil
}

func checkReason(s string, field string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", domainerr.InvalidField("reden_required", "Geef de reden van de terugboeking.", field)
	case utf8.RuneCountInString(s) > MaxNote:
		return "", domainerr.InvalidField("reden_too_long", "De reden is te lang (hoogstens 1000 tekens).", field)
	}
	return s, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Service books and follows payments.
type Service interface {
	Opvolging(ctx context.Context, id uuid.UUID) (OpvolgingAnswer, error)
	Book(ctx context.Context, req BookRequest) (Booked, error)
	Reverse(ctx context.Context, req ReverseRequest) (Booked, error)
	Dispute(ctx context.Context, req DisputeRequest) (Booked, error)
	HandOver(ctx context.Context, id uuid.UUID) (Booked, error)
	// Open is what is open per region and age (the dashboards).
	Open(ctx context.Context) (OpenAnswer, error)
	// Debtors is one business's debtors list as CSV (debtors_export.go).
	Debtors(ctx context.Context, req DebtorsRequest) (*exports.CSVFile, error)
}
