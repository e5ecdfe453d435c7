// Package uitbetaling pays the klussers (docs/decisions.md D31). A klusser earns 35 euro per
// worked hour of its completed work orders (D7) and is paid by the business that issued those
// jobs' invoices (D28). After each month (Amsterdam calendar) a River job drafts one statement
// (uitbetaling) per klusser and paying business, once however many servers run it (draft.go);
// the office (admins, a franchise owner for its own business) checks and approves it, which
// copies the klusser's bank account onto it; the approved statements of one business are paid in
// one SEPA credit-transfer batch, a pain.001.001.03 file checked against its schema before it
// leaves (batch.go); when the office confirms that the bank carried the batch out, exactly its
// statements are paid. A statement never changes after approval: a later change of a work
// order's hours is a correction line on a later statement. The klusser keeps its bank account
// in the portal and sees its statements and their PDFs (pdf.go).
//
// The bank account is private like the phone (D5): answers carry it masked, in full only to the
// klusser itself and to admins, and no log line or audit entry holds it whole.
//
// Migration 039 holds the tables and enforces the state machine in triggers; row-level security
// scopes every read and write to the actor (a franchise owner: its own business's statements and
// batches, its regions' klussers' accounts, read only).
package uitbetaling

import (
	"context"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/services/platform/sepa/pain"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// TariefCents is what a klusser earns per worked hour (D7), the only rate the lines take
// (migration 039 checks it): the same figure the klusser's screens show (klus).
const TariefCents = klus.HourlyEarningsCents

// MaxRekeninghouder is the longest account holder's name SEPA carries.
const MaxRekeninghouder = 70

// Bankrekening is a klusser's bank account as an answer shows it.
type Bankrekening struct {
	KlusserID uuid.UUID `json:"klusser_id"`
	Ingevuld  bool      `json:"ingevuld" doc:"false: de klusser heeft nog geen bankrekening opgegeven ('IBAN ontbreekt')"`
	// IBAN is whole only for the klusser itself and for admins.
	IBAN           *string `json:"iban" doc:"het volledige IBAN, alleen voor de klusser zelf en voor beheerders; anders null"`
	IBANGemaskeerd string  `json:"iban_gemaskeerd" doc:"het IBAN met alleen het begin en de laatste vier tekens, zoals NL91 **** **** **** 4300"`
	Rekeninghouder string  `json:"rekeninghouder" doc:"de naam bij de bank, in de tekens die SEPA toestaat"`
	UpdatedAt      *string `json:"updated_at" doc:"laatst gewijzigd (RFC 3339)"`
}

// BankrekeningAnswer is GET .../bankrekening.
type BankrekeningAnswer struct {
	Data Bankrekening `json:"data"`
}

// LogAttrs keeps the klusser and whether an account is there, never the account.
func (a BankrekeningAnswer) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klusser_id", a.Data.KlusserID), slog.Bool("ingevuld", a.Data.Ingevuld)}
}

// BankrekeningSaved is the answer of PUT .../bankrekening.
type BankrekeningSaved struct {
	Data    Bankrekening `json:"data"`
	Message string       `json:"message"`
}

// LogAttrs keeps the klusser, never the account.
func (a BankrekeningSaved) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klusser_id", a.Data.KlusserID)}
}

// BankrekeningRequest is PUT /api/v1/klussers/{id}/bankrekening (the admin) and PUT
// /api/v1/klusser/bankrekening (the klusser itself).
type BankrekeningRequest struct {
	KlusserID      uuid.UUID `json:"-"`
	IBAN           string    `json:"iban" doc:"spaties mogen; wordt gecontroleerd op de controlecijfers (mod 97) en op een SEPA-land"`
	Rekeninghouder string    `json:"rekeninghouder" maxLength:"70" msg:"De naam is te lang (hoogstens 70 tekens)." doc:"de naam zoals de bank hem kent, 1 tot 70 tekens"`
}

// LogAttrs keeps the klusser; the number and the name are never logged.
func (r BankrekeningRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klusser_id", r.KlusserID)}
}

// MsgBankrekeningOpgeslagen confirms a save.
const MsgBankrekeningOpgeslagen = "Bankrekening opgeslagen"

// Uitbetaling is one statement as the office's list shows it.
type Uitbetaling struct {
	ID           uuid.UUID  `json:"id"`
	Nummer       string     `json:"nummer" doc:"UB<jjjjmm>-<volgnummer>"`
	KlusserID    *uuid.UUID `json:"klusser_id" doc:"null als de klusser is verwijderd"`
	KlusserNaam  string     `json:"klusser_naam"`
	Uitgever     string     `json:"uitgever" doc:"het bedrijf dat betaalt: centraal of de slug van de regio met een eigen bedrijf"`
	UitgeverNaam string     `json:"uitgever_naam"`
	Maand        string     `json:"maand" doc:"JJJJ-MM"`
	Status       string     `json:"status" doc:"concept, goedgekeurd of uitbetaald"`
	StatusTekst  string     `json:"status_tekst" doc:"Concept, Goedgekeurd of Uitbetaald op dd-mm-jjjj"`
	TotaalCents  int        `json:"totaal_cents"`
	// IBANOntbreekt: a concept whose klusser has no bank account, or an approved statement
	// without one copied ('IBAN ontbreekt'): it cannot go into a batch.
	IBANOntbreekt bool       `json:"iban_ontbreekt" doc:"true: 'IBAN ontbreekt', de uitbetaling kan niet in een betaalbatch"`
	BatchID       *uuid.UUID `json:"batch_id"`
	PDF           string     `json:"pdf" doc:"de specificatie als PDF"`
}

// Regel is one line of a statement.
type Regel struct {
	ID           uuid.UUID  `json:"id"`
	Soort        string     `json:"soort" doc:"werk (een afgeronde werkbon) of correctie (het verschil met wat al is uitbetaald)"`
	WerkbonID    *uuid.UUID `json:"werkbon_id"`
	Datum        string     `json:"datum" doc:"JJJJ-MM-DD, de dag waarop de werkbon is afgerond"`
	Klus         string     `json:"klus" doc:"het factuurnummer van de klus"`
	Woonplaats   string     `json:"woonplaats"`
	Uren         int        `json:"uren" doc:"bij een correctie: het verschil in uren"`
	TariefCents  int        `json:"tarief_cents"`
	BedragCents  int        `json:"bedrag_cents"`
	Omschrijving string     `json:"omschrijving"`
}

// Detail is one statement with its lines.
type Detail struct {
	Uitbetaling
	IBANGemaskeerd *string `json:"iban_gemaskeerd" doc:"het IBAN dat bij het goedkeuren is overgenomen, gemaskeerd"`
	Rekeninghouder *string `json:"rekeninghouder"`
	GoedgekeurdAt  *string `json:"goedgekeurd_at"`
	UitbetaaldAt   *string `json:"uitbetaald_at"`
	Regels         []Regel `json:"regels"`
}

// DetailAnswer is GET /api/v1/uitbetalingen/{id}.
type DetailAnswer struct {
	Data Detail `json:"data"`
}

// LogAttrs keeps the id, the state and the size.
func (a DetailAnswer) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("uitbetaling_id", a.Data.ID), slog.String("status", a.Data.Status), slog.Int("regels", len(a.Data.Regels))}
}

// Approved is the answer of 'Goedkeuren'.
type Approved struct {
	Data    Detail `json:"data"`
	Message string `json:"message"`
}

// LogAttrs keeps the id and whether the IBAN was there.
func (a Approved) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("uitbetaling_id", a.Data.ID), slog.Bool("iban_ontbreekt", a.Data.IBANOntbreekt)}
}

// The messages of 'Goedkeuren'.
const (
	MsgGoedgekeurd           = "Uitbetaling goedgekeurd"
	MsgGoedgekeurdZonderIBAN = "Uitbetaling goedgekeurd, maar zonder IBAN: de klusser heeft nog geen bankrekening opgegeven. Zodra die er is, gaat deze uitbetaling mee in de volgende betaalbatch."
)

// EigenUitbetaling is one of the klusser's own statements ('Mijn Verdiensten').
type EigenUitbetaling struct {
	ID           uuid.UUID `json:"id"`
	Nummer       string    `json:"nummer"`
	Maand        string    `json:"maand" doc:"JJJJ-MM"`
	UitgeverNaam string    `json:"uitgever_naam" doc:"het bedrijf dat betaalt"`
	Status       string    `json:"status" doc:"concept, goedgekeurd of uitbetaald"`
	StatusTekst  string    `json:"status_tekst"`
	TotaalCents  int       `json:"totaal_cents"`
	PDF          string    `json:"pdf" doc:"de specificatie als PDF"`
}

// Spec is the office's list of statements (D25): newest month first.
var Spec = list.Spec{
	Sorts:       []string{"maand", "nummer", "klusser_naam", "totaal_cents", "status"},
	DefaultSort: "maand", DefaultOrder: list.Desc,
	Tiebreak: []string{"nummer", "id"},
	Filters: []list.Filter{
		{Name: "status", Description: "de staat van de uitbetaling", Values: []string{"concept", "goedgekeurd", "uitbetaald"}},
		{Name: "uitgever", Description: "het bedrijf dat betaalt: centraal of de slug van de regio"},
		{Name: "maand", Description: "de maand, JJJJ-MM"},
		{Name: "klusser", Description: "het id van de klusser"},
	},
}

// EigenSpec is the klusser's list of its own statements: newest first.
var EigenSpec = list.Spec{
	Sorts: []string{"maand"}, DefaultSort: "maand", DefaultOrder: list.Desc, Tiebreak: []string{"nummer", "id"},
}

var (
	// ErrNotFound: no such statement for this actor.
	ErrNotFound = domainerr.NotFound("uitbetaling_not_found", "Uitbetaling niet gevonden")
	// ErrKlusserNotFound: no such klusser for this actor (as on the klussers' own routes).
	ErrKlusserNotFound = notfound.Klusser
	// ErrAlreadyApproved: a statement is approved once.
	ErrAlreadyApproved = domainerr.Conflict("already_approved", "Deze uitbetaling is al goedgekeurd.")
)

// msgIBAN is the platform's one message for an IBAN that is not right (the issuers' form says
// it too): taken from services/platform/validate, not copied.
var msgIBAN = func() string {
	e := validate.Errors{}
	e.IBAN("iban", "")
	return e["iban"]
}()

// msgNotSEPA: a well-formed IBAN a SEPA transfer cannot reach.
const msgNotSEPA = "Naar dit IBAN kunnen wij niet overmaken: het is geen rekening in een SEPA-land, of het nummer is te lang of te kort voor zijn land. Controleer het nummer."

// checkBankrekening normalises the request (IBAN: spaces out, upper case; the holder: reduced to
// the SEPA character set) and checks it, each field with its Dutch message.
func checkBankrekening(req *BankrekeningRequest) error {
	e := validate.Errors{}
	iban, ok := pain.ValidIBAN(req.IBAN)
	switch {
	case iban == "":
		e.Set("iban", "Vul het IBAN in.")
	case !ok:
		e.Set("iban", msgIBAN)
	case !SEPAReachable(iban):
		e.Set("iban", msgNotSEPA)
	}
	req.IBAN = iban
	naam := validate.Text(req.Rekeninghouder)
	switch {
	case naam == "":
		e.Set("rekeninghouder", "Vul de naam van de rekeninghouder in, zoals de bank die kent.")
	case utf8.RuneCountInString(naam) > MaxRekeninghouder:
		e.Set("rekeninghouder", "De naam is te lang (hoogstens 70 tekens).")
	default:
		naam = pain.SEPAText(naam, MaxRekeninghouder)
		if naam == "" {
			e.Set("rekeninghouder", "Schrijf de naam van de rekeninghouder in gewone letters, zoals de bank die kent.")
		}
	}
	req.Rekeninghouder = naam
	return e.Invalid("invalid_bankrekening", "Controleer de gemarkeerde velden.")
}

// SEPAReachable reports whether a SEPA credit transfer can reach iban (valid, in a scheme
// country, of that country's length), as pain.Write decides it: one rule, the writer's.
func SEPAReachable(iban string) bool {
	_, err := pain.Write(discard{}, pain.Batch{MessageID: "CHECK", CreatedAt: time.Date(2000, 1, 3, 0, 0, 0, 0, time.UTC),
		ExecutionDate: "2000-01-03", Debtor: pain.Debtor{Name: "Check", IBAN: "NL91ABNA0417164300"},
		Transfers: []pain.Transfer{{EndToEndID: "CHECK", AmountCents: 1, CreditorName: "Check", CreditorIBAN: iban}}})
	return err == nil
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// Masked shows an IBAN as its country, check digits and last four characters:
// NL91ABNA0417164300 becomes "NL91 **** **** **** 4300" (the length is not given away).
func Masked(iban string) string {
	if len(iban) < 8 {
		return strings.Repeat("*", len(iban))
	}
	return iban[:4] + " **** **** **** " + iban[len(iban)-4:]
}

// maskedPtr is Masked of a nullable IBAN.
func maskedPtr(iban *string) *string {
	if iban == nil {
		return nil
	}
	m := Masked(*iban)
	return &m
}

// StatusTekst says a statement's state in words: Concept, Goedgekeurd, Uitbetaald op dd-mm-jjjj.
func StatusTekst(status string, uitbetaald *time.Time) string {
	switch status {
	case "concept":
		return "Concept"
	case "goedgekeurd":
		return "Goedgekeurd"
	case "uitbetaald":
		if uitbetaald != nil {
			return "Uitbetaald op " + calendar.DateOf(*uitbetaald).Dutch()
		}
		return "Uitbetaald"
	}
	return status
}

// ParseMaand reads a month as the API writes it (JJJJ-MM) into its first day.
func ParseMaand(s string) (calendar.Date, bool) {
	d, err := calendar.ParseDate(strings.TrimSpace(s) + "-01")
	if err != nil || len(strings.TrimSpace(s)) != 7 || d.Year < 2000 || d.Year > 2999 {
		return calendar.Date{}, false
	}
	return d, true
}

// Service pays the klussers.
type Service interface {
	// Bankrekening is a klusser's bank account as the office sees it (a franchise owner: masked).
	Bankrekening(ctx context.Context, klusserID uuid.UUID) (BankrekeningAnswer, error)
	// SaveBankrekening sets a klusser's bank account (an admin), audited.
	SaveBankrekening(ctx context.Context, req BankrekeningRequest) (BankrekeningSaved, error)
	// EigenBankrekening is the klusser's own bank account.
	EigenBankrekening(ctx context.Context) (BankrekeningAnswer, error)
	// SaveEigenBankrekening sets the klusser's own bank account, audited.
	SaveEigenBankrekening(ctx context.Context, req BankrekeningRequest) (BankrekeningSaved, error)

	// List is a page of the statements the actor may see.
	List(ctx context.Context, p list.Params) (list.Page[Uitbetaling], error)
	// Get is one statement with its lines.
	Get(ctx context.Context, id uuid.UUID) (DetailAnswer, error)
	// Approve approves a concept statement, copying the klusser's name and bank account onto it.
	Approve(ctx context.Context, id uuid.UUID) (Approved, error)
	// PDF draws a statement as a PDF, audited as a download.
	PDF(ctx context.Context, id uuid.UUID) (*factuur.PDFFile, error)
	// EigenList is a page of the klusser's own statements.
	EigenList(ctx context.Context, p list.Params) (list.Page[EigenUitbetaling], error)
	// EigenPDF is one of the klusser's own statements as a PDF.
	EigenPDF(ctx context.Context, id uuid.UUID) (*factuur.PDFFile, error)

	// Batches is a page of the SEPA batches the actor may see.
	Batches(ctx context.Context, p list.Params) (list.Page[Batch], error)
	// CreateBatch puts every approved, unbatched statement of a business with an IBAN in a new batch.
	CreateBatch(ctx context.Context, req BatchRequest) (BatchCreated, error)
	// PainXML writes a batch as a pain.001.001.03 file, checked against its schema, audited.
	PainXML(ctx context.Context, id uuid.UUID) (*XMLFile, error)
	// ConfirmBatch records that the bank carried a batch out: it and exactly its statements are paid.
	ConfirmBatch(ctx context.Context, id uuid.UUID) (BatchConfirmed, error)
}
