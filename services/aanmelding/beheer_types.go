package aanmelding

// The types of the back office's applications API: the list row, the detail, the counts, the
// review and communication forms, the account form, and the texts and refusals of document 001.

import (
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Row is a row of the list.
type Row struct {
	ID         uuid.UUID `json:"id"`
	Naam       string    `json:"naam"`
	Leeftijd   int       `json:"leeftijd"`
	Email      string    `json:"email"`
	Telefoon   string    `json:"telefoon"`
	Woonplaats string    `json:"woonplaats"`
	Status     string    `json:"status" doc:"nieuw, in_behandeling, goedgekeurd of afgewezen"`
	CreatedAt  time.Time `json:"created_at"`
	// ReactieTeLaat: still waiting, past 2 working days, for a response (D26).
	ReactieTeLaat bool `json:"reactie_te_laat" doc:"nieuw en na 2 werkdagen nog zonder reactie (D26)"`
}

// LogAttrs keeps the id: no names in the logs.
func (r Row) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("aanmelding_id", r.ID)} }

// Detail is one application as the detail page shows it.
type Detail struct {
	Row
	Adres           string           `json:"adres"`
	Postcode        string           `json:"postcode"`
	HeeftVOG        bool             `json:"heeft_vog"`
	HeeftVervoer    bool             `json:"heeft_vervoer"`
	Motivatie       string           `json:"motivatie"`
	Ervaring        string           `json:"ervaring"`
	Beschikbaarheid []string         `json:"beschikbaarheid"`
	Notities        string           `json:"notities" doc:"interne notities van de beoordeling"`
	KlusserID       *uuid.UUID       `json:"klusser_id" doc:"het account dat van deze aanmelding is gemaakt"`
	Documenten      []files.Document `json:"documenten" doc:"nieuwste eerst"`
	Communicatie    []Communicatie   `json:"communicatie" doc:"tijdlijn, nieuwste eerst"`
}

// One is the answer with one application.
type One struct {
	Data    Detail `json:"data"`
	Message string `json:"message,omitempty"`
}

// LogAttrs is the application's.
func (o One) LogAttrs() []slog.Attr { return o.Data.LogAttrs() }

// Counts is the number of applications per status.
type Counts struct {
	Nieuw         int `json:"nieuw"`
	InBehandeling int `json:"in_behandeling"`
	Goedgekeurd   int `json:"goedgekeurd"`
	Afgewezen     int `json:"afgewezen"`
	ReactieTeLaat int `json:"reactie_te_laat" doc:"nieuwe aanmeldingen die na 2 werkdagen nog zonder reactie zijn (D26)"`
}

// LogAttrs: counts only.
func (c Counts) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("nieuw", c.Nieuw)} }

// CountsAnswer wraps the counts as every answer of the API: {"data": ...}.
type CountsAnswer = httpapi.One[Counts]

// Beoordeling is the review form.
type Beoordeling struct {
	Status   string `json:"status" doc:"nieuw, in_behandeling, goedgekeurd of afgewezen"`
	Notities string `json:"notities" text:"multiline" maxLength:"10000" msg:"Hoogstens 10000 tekens."`
}

// LogAttrs keeps the status.
func (b Beoordeling) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("status", b.Status)} }

// Communicatie is one entry of the timeline.
type Communicatie struct {
	ID        uuid.UUID `json:"id"`
	Type      string    `json:"type" doc:"email, whatsapp, phone of note"`
	Content   string    `json:"content"`
	Subject   *string   `json:"subject"`
	Recipient *string   `json:"recipient"`
	CreatedAt time.Time `json:"created_at"`
}

// Bericht is the form of a communication.
type Bericht struct {
	Type    string `json:"type" doc:"email, whatsapp, phone of note"`
	Subject string `json:"subject,omitempty" maxLength:"200" msg:"Hoogstens 200 tekens." doc:"alleen bij email; verplicht"`
	Content string `json:"content" text:"multiline" maxLength:"10000" msg:"Hoogstens 10000 tekens."`
}

// LogAttrs keeps the kind, never the text.
func (b Bericht) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("type", b.Type)} }

// MessageAnswer is the logged communication; for WhatsApp also the click-to-chat link to open.
type MessageAnswer struct {
	Data        Communicatie `json:"data"`
	Message     string       `json:"message"`
	WhatsAppURL *string      `json:"whatsapp_url,omitempty"`
}

// LogAttrs names the entry.
func (b MessageAnswer) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("communicatie_id", b.Data.ID)}
}

// AccountForm describes the multipart form of 'Maak Klusser Account' (for the API document).
type AccountForm struct {
	Email    string `json:"email"`
	Password string `json:"password" doc:"minstens 10 tekens; de console stelt er een van 12 tekens voor"`
	Regio    string `json:"regio" doc:"regio's, met komma's gescheiden; minstens één"`
	File     string `json:"file" doc:"de VOG: PDF, JPG of PNG, hoogstens 10MB"`
}

// AccountRequest is the form as read.
type AccountRequest struct {
	ID       uuid.UUID
	Email    string
	Password string
	Regio    []string
	VOG      *files.Upload
}

// LogAttrs keeps the id and the regions; never the password.
func (r AccountRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("aanmelding_id", r.ID), slog.Any("regio", r.Regio)}
}

// AccountAnswer names the new klusser.
type AccountAnswer struct {
	KlusserID uuid.UUID `json:"klusser_id"`
	Message   string    `json:"message"`
}

// LogAttrs names the klusser.
func (a AccountAnswer) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klusser_id", a.KlusserID)}
}

// The statuses and types of document 001 sections 3 and 4.
var (
	Statussen = []string{"nieuw", "in_behandeling", "goedgekeurd", "afgewezen"}
	Soorten   = []string{"email", "whatsapp", "phone", "note"}
)

// The messages of document 001 sections 5 and 8.
const (
	MsgStatusBijgewerkt = "Status bijgewerkt"
	MsgEmailVerzonden   = "Email verzonden"
	MsgWhatsApp         = "WhatsApp geopend"
	MsgNotitie          = "Notitie toegevoegd"
	MsgGesprek          = "Telefoongesprek gelogd"
	MsgAccount          = "Klusser account succesvol aangemaakt!"
	MsgEmailWachtwoord  = "Vul email en wachtwoord in"
	MsgVOG              = "Upload een VOG document"
	MsgRegio            = "Selecteer minimaal één regio"
)

// Refusals.
var (
	ErrNotFound    = notfound.Aanmelding
	ErrNotApproved = domainerr.Conflict("aanmelding_not_approved", "Zet de aanmelding eerst op goedgekeurd.")
	ErrHasAccount  = domainerr.Conflict("aanmelding_has_account", "Van deze aanmelding is al een klusser account gemaakt.")
	ErrNoEmail     = domainerr.Conflict("aanmelding_no_email", "Geen e-mailadres beschikbaar")
	errNoAccounts  = domainerr.Unavailable("accounts_unavailable", "Accounts kunnen nu niet worden gemaakt. Probeer het later opnieuw.")
	errNoQueue     = domainerr.Unavailable("queue_unavailable", "E-mail kan nu niet worden verstuurd. Probeer het later opnieuw.")
)
