package aanmelding

// The back office's side of applications (document 001: Admin handyman applications, Application
// detail): the list with a count per status, one application with its documents and its
// communication, the review (status and internal notes), the log of notes, calls, e-mails and
// WhatsApp messages, and the klusser account made from an approved application, which is one
// operation with its VOG (D14): if any step fails, the identity is removed again.

import (
	"context"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Beheer is the admins' use of applications.
type Beheer interface {
	// List is one page of applications, newest first.
	List(ctx context.Context, p list.Params) (list.Page[Rij], error)
	// Counts is the number of applications per status (the four cards).
	Counts(ctx context.Context, p list.Params) (CountsAnswer, error)
	// Get is one application with its documents and communication.
	Get(ctx context.Context, id uuid.UUID) (One, error)
	// Review saves the status and the internal notes.
	Review(ctx context.Context, r ReviewRequest) (One, error)
	// Log adds a note, a call, an e-mail (sent by a background job) or a WhatsApp message.
	Log(ctx context.Context, r BerichtRequest) (BerichtAnswer, error)
	// CreateAccount makes the klusser account of an approved application, with its VOG.
	CreateAccount(ctx context.Context, r AccountRequest) (AccountAnswer, error)
}

// BeheerStore is the SQL side; beheer_store.go implements it.
type BeheerStore interface {
	List(ctx context.Context, p list.Params) (list.Page[Rij], error)
	Counts(ctx context.Context, p list.Params) (Counts, error)
	Get(ctx context.Context, id uuid.UUID) (Detail, error)
	Review(ctx context.Context, id uuid.UUID, b Beoordeling) error
	// Log stores a communication; enqueue (may be nil) runs in the same transaction.
	Log(ctx context.Context, id uuid.UUID, c Communicatie, enqueue func(tx pgx.Tx) error) (Communicatie, error)
	// Attach runs in the account's transaction: it links the application, its documents and the
	// VOG to the new profile.
	Attach(ctx context.Context, tx pgx.Tx, aanmelding, profile uuid.UUID, vog files.Document, key string) error
	// ActiveRegions are the slugs of the active regions, which the account's regions must be among.
	ActiveRegions(ctx context.Context) ([]string, error)
}

// Rij is a row of the list.
type Rij struct {
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
func (r Rij) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("aanmelding_id", r.ID)} }

// Detail is one application as the detail page shows it.
type Detail struct {
	Rij
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

// CountsAnswer wraps the counts as every answer of the API: {"data": ...}.
type CountsAnswer struct {
	Data Counts `json:"data"`
}

// LogAttrs: counts only.
func (c CountsAnswer) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("nieuw", c.Data.Nieuw)} }

// Beoordeling is the review form.
type Beoordeling struct {
	Status   string `json:"status" doc:"nieuw, in_behandeling, goedgekeurd of afgewezen"`
	Notities string `json:"notities" text:"multiline"`
}

// ReviewRequest is the application's id with the form.
type ReviewRequest struct {
	ID uuid.UUID
	Beoordeling
}

// LogAttrs keeps the id and the status.
func (r ReviewRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("aanmelding_id", r.ID), slog.String("status", r.Status)}
}

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
	Subject string `json:"subject,omitempty" doc:"alleen bij email; verplicht"`
	Content string `json:"content" text:"multiline"`
}

// BerichtRequest is the application's id with the form.
type BerichtRequest struct {
	ID uuid.UUID
	Bericht
}

// LogAttrs keeps the id and the kind, never the text.
func (r BerichtRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("aanmelding_id", r.ID), slog.String("type", r.Type)}
}

// BerichtAnswer is the logged communication; for WhatsApp also the click-to-chat link to open.
type BerichtAnswer struct {
	Data        Communicatie `json:"data"`
	Message     string       `json:"message"`
	WhatsAppURL *string      `json:"whatsapp_url,omitempty"`
}

// LogAttrs names the entry.
func (b BerichtAnswer) LogAttrs() []slog.Attr {
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
	ErrNotFound    = domainerr.NotFound("aanmelding_not_found", "Aanmelding niet gevonden")
	ErrNotApproved = domainerr.Conflict("aanmelding_not_approved", "Zet de aanmelding eerst op goedgekeurd.")
	ErrHasAccount  = domainerr.Conflict("aanmelding_has_account", "Van deze aanmelding is al een klusser account gemaakt.")
	ErrNoEmail     = domainerr.Conflict("aanmelding_no_email", "Geen e-mailadres beschikbaar")
	errNoAccounts  = domainerr.Unavailable("accounts_unavailable", "Accounts kunnen nu niet worden gemaakt. Probeer het later opnieuw.")
	errNoQueue     = domainerr.Unavailable("queue_unavailable", "E-mail kan nu niet worden verstuurd. Probeer het later opnieuw.")
)

// Blobs stores and removes files (files.Storage).
type Blobs interface {
	Put(ctx context.Context, b files.Bucket, key, contentType string, data []byte) error
	Delete(ctx context.Context, b files.Bucket, key string) error
}

// NewBeheer returns the back office's service. a makes accounts, blobs keeps the VOG, enqueue
// sends e-mails; each may be nil, and what needs it then answers 503.
func NewBeheer(s BeheerStore, a accounts.Service, blobs Blobs, enqueue jobs.Enqueue) Beheer {
	return &beheer{store: s, accounts: a, blobs: blobs, enqueue: enqueue}
}

type beheer struct {
	store    BeheerStore
	accounts accounts.Service
	blobs    Blobs
	enqueue  jobs.Enqueue
}

func (b *beheer) List(ctx context.Context, p list.Params) (list.Page[Rij], error) {
	return b.store.List(ctx, p)
}

func (b *beheer) Counts(ctx context.Context, p list.Params) (CountsAnswer, error) {
	c, err := b.store.Counts(ctx, p)
	return CountsAnswer{Data: c}, err
}

func (b *beheer) Get(ctx context.Context, id uuid.UUID) (One, error) {
	d, err := b.store.Get(ctx, id)
	return One{Data: d}, err
}

func (b *beheer) Review(ctx context.Context, r ReviewRequest) (One, error) {
	f := validate.Errors{}
	if !slices.Contains(Statussen, r.Status) {
		f.Set("status", "Kies een status.")
	}
	r.Notities = strings.TrimSpace(r.Notities)
	f.MaxChars("notities", r.Notities, 10000, "Hoogstens 10000 tekens.")
	if err := f.Invalid("invalid_beoordeling", "Fout bij bijwerken status"); err != nil {
		return One{}, err
	}
	if err := b.store.Review(ctx, r.ID, r.Beoordeling); err != nil {
		return One{}, err
	}
	d, err := b.store.Get(ctx, r.ID)
	return One{Data: d, Message: MsgStatusBijgewerkt}, err
}

func (b *beheer) Log(ctx context.Context, r BerichtRequest) (BerichtAnswer, error) {
	c := Communicatie{Type: r.Type, Content: strings.TrimSpace(r.Content)}
	f := validate.Errors{}
	var message string
	switch r.Type {
	case "note":
		f.Required("content", c.Content, "Vul een notitie in")
		message = MsgNotitie
	case "phone":
		f.Required("content", c.Content, "Vul notities in")
		message = MsgGesprek
	case "whatsapp":
		f.Required("content", c.Content, "Vul een bericht in")
		message = MsgWhatsApp
	case "email":
		subject := validate.Text(r.Subject)
		if subject == "" || c.Content == "" {
			f.Set("subject", "Vul onderwerp en inhoud in")
			f.Set("content", "Vul onderwerp en inhoud in")
		}
		c.Subject = &subject
		message = MsgEmailVerzonden
	default:
		f.Set("type", "Kies e-mail, WhatsApp, telefoon of notitie.")
	}
	f.MaxChars("content", c.Content, 10000, "Hoogstens 10000 tekens.")
	if c.Subject != nil {
		f.MaxChars("subject", *c.Subject, 200, "Hoogstens 200 tekens.")
	}
	if err := f.Invalid("invalid_bericht", firstMessage(f)); err != nil {
		return BerichtAnswer{}, err
	}
	d, err := b.store.Get(ctx, r.ID)
	if err != nil {
		return BerichtAnswer{}, err
	}
	var enqueue func(tx pgx.Tx) error
	var link *string
	switch r.Type {
	case "email":
		if d.Email == "" {
			return BerichtAnswer{}, ErrNoEmail
		}
		if b.enqueue == nil {
			return BerichtAnswer{}, errNoQueue
		}
		c.Recipient = &d.Email
		enqueue = func(tx pgx.Tx) error {
			return b.enqueue(ctx, tx, mailArgs(d.Email, *c.Subject, c.Content))
		}
	case "whatsapp", "phone":
		c.Recipient = &d.Telefoon
		if r.Type == "whatsapp" {
			u := WhatsAppURL(d.Telefoon, c.Content)
			link = &u
		}
	}
	c, err = b.store.Log(ctx, r.ID, c, enqueue)
	if err != nil {
		return BerichtAnswer{}, err
	}
	return BerichtAnswer{Data: c, Message: message, WhatsAppURL: link}, nil
}

// firstMessage is the message of the form as a whole: the field's own when there is one.
func firstMessage(f validate.Errors) string {
	for _, k := range []string{"type", "subject", "content"} {
		if m, ok := f[k]; ok {
			return m
		}
	}
	return "Controleer het bericht."
}

// WhatsAppURL is the click-to-chat link (document 001 section 7): the phone's digits, a Dutch
// number written with a leading 0 in international form (WhatsApp needs the country code), and
// the encoded message.
func WhatsAppURL(phone, message string) string {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, phone)
	switch {
	case strings.HasPrefix(digits, "00"):
		digits = digits[2:]
	case strings.HasPrefix(phone, "+"):
	case strings.HasPrefix(digits, "0"):
		digits = "31" + digits[1:]
	}
	return "https://wa.me/" + digits + "?text=" + url.QueryEscape(message)
}

func (b *beheer) CreateAccount(ctx context.Context, r AccountRequest) (AccountAnswer, error) {
	f := validate.Errors{}
	r.Email = strings.ToLower(strings.TrimSpace(r.Email))
	if r.Email == "" || r.Password == "" {
		if r.Email == "" {
			f.Set("email", MsgEmailWachtwoord)
		}
		if r.Password == "" {
			f.Set("password", MsgEmailWachtwoord)
		}
		return AccountAnswer{}, f.Invalid("invalid_account", MsgEmailWachtwoord)
	}
	if r.VOG == nil {
		f.Set("file", MsgVOG)
		return AccountAnswer{}, f.Invalid("vog_required", MsgVOG)
	}
	ft, err := files.VOGUpload.Validate(r.VOG)
	if err != nil {
		return AccountAnswer{}, err
	}
	regios, err := b.store.ActiveRegions(ctx)
	if err != nil {
		return AccountAnswer{}, err
	}
	var known []string
	for _, reg := range r.Regio {
		if reg = strings.TrimSpace(reg); reg == "" {
			continue
		}
		if !slices.Contains(regios, reg) {
			f.Set("regio", "Kies een regio uit de lijst.")
		} else if !slices.Contains(known, reg) {
			known = append(known, reg)
		}
	}
	if len(known) == 0 {
		f.Set("regio", MsgRegio)
	}
	if err := f.Invalid("invalid_account", firstOf(f, "regio")); err != nil {
		return AccountAnswer{}, err
	}
	slices.Sort(known)
	if b.accounts == nil || b.blobs == nil {
		return AccountAnswer{}, errNoAccounts
	}
	d, err := b.store.Get(ctx, r.ID)
	if err != nil {
		return AccountAnswer{}, err
	}
	if d.Status != "goedgekeurd" {
		return AccountAnswer{}, ErrNotApproved
	}
	if d.KlusserID != nil {
		return AccountAnswer{}, ErrHasAccount
	}
	key := files.NewKey(r.ID, ft)
	written := false
	leeftijd := d.Leeftijd
	id, err := b.accounts.Create(ctx, accounts.NewAccount{Email: r.Email, Naam: d.Naam, Password: r.Password,
		Role: "klusser", Regions: known, Telefoon: d.Telefoon, Adres: d.Adres, Postcode: d.Postcode,
		Woonplaats: d.Woonplaats, Leeftijd: &leeftijd, HeeftVOG: true, HeeftVervoer: d.HeeftVervoer,
		Motivatie: d.Motivatie, Ervaring: d.Ervaring, Beschikbaarheid: d.Beschikbaarheid,
		After: func(ctx context.Context, tx pgx.Tx, id uuid.UUID) error {
			if err := b.blobs.Put(ctx, files.Documents, key, ft.ContentType, r.VOG.Data); err != nil {
				return err
			}
			written = true
			vog := files.Document{DocumentType: "vog", FileName: files.CleanFileName(r.VOG.Name, ft),
				ContentType: ft.ContentType, FileSize: int64(len(r.VOG.Data))}
			return b.store.Attach(ctx, tx, r.ID, id, vog, key)
		}})
	if err != nil {
		if written {
			// The transaction did not commit: no row names the file.
			_ = b.blobs.Delete(context.WithoutCancel(ctx), files.Documents, key)
		}
		return AccountAnswer{}, err
	}
	return AccountAnswer{KlusserID: id, Message: MsgAccount}, nil
}

func firstOf(f validate.Errors, keys ...string) string {
	for _, k := range keys {
		if m, ok := f[k]; ok {
			return m
		}
	}
	return ""
}

// mailArgs is the e-mail to an applicant (send-klusser-email): the admin's subject and text.
func mailArgs(to, subject, content string) email.Args {
	return email.Args{Template: "aanmelder", To: to, Data: map[string]string{"onderwerp": subject, "inhoud": content}}
}
