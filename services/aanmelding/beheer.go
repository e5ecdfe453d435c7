package aanmelding

// The back office's side of applications (document 001: Admin handyman applications, Application
// detail): the list with a count per status, one application with its documents and its
// communication, the review (status and internal notes), the log of notes, calls, e-mails and
// WhatsApp messages, and the klusser account made from an approved application, which is one
// operation with its VOG (D14): if any step fails, the identity is removed again.

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/listing"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Beheer is the admins' use of applications.
type Beheer interface {
	// The screen: a page of applications (Row, newest first), the number per status (the four
	// cards) and one application with its documents and communication (One).
	listing.Overview[Row, CountsAnswer, One]
	// Review saves the status and the internal notes.
	Review(ctx context.Context, id uuid.UUID, r Beoordeling) (One, error)
	// Log adds a note, a call, an e-mail (sent by a background job) or a WhatsApp message.
	Log(ctx context.Context, id uuid.UUID, r Bericht) (MessageAnswer, error)
	// CreateAccount makes the klusser account of an approved application, with its VOG.
	CreateAccount(ctx context.Context, r AccountRequest) (AccountAnswer, error)
}

// BeheerStore is the SQL side; beheer_store.go implements it. The types are in beheer_types.go.
type BeheerStore interface {
	listing.Overview[Row, Counts, Detail]
	Review(ctx context.Context, id uuid.UUID, b Beoordeling) error
	// Log stores a communication; enqueue (may be nil) runs in the same transaction.
	Log(ctx context.Context, id uuid.UUID, c Communicatie, enqueue func(tx pgx.Tx) error) (Communicatie, error)
	// Attach runs in the account's transaction: it links the application, its documents and the
	// VOG to the new profile.
	Attach(ctx context.Context, tx pgx.Tx, aanmelding, profile uuid.UUID, vog files.Document, key string) error
	// ActiveRegions are the slugs of the active regions, which the account's regions must be among.
	ActiveRegions(ctx context.Context) ([]string, error)
}

// Blobs stores and removes files (files.Storage): the VOG kept with a new account.
type Blobs = files.Writable

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

func (b *beheer) List(ctx context.Context, p list.Params) (list.Page[Row], error) {
	return b.store.List(ctx, p)
}

func (b *beheer) Counts(ctx context.Context, p list.Params) (CountsAnswer, error) {
	return httpapi.OneOf(b.store.Counts(ctx, p))
}

func (b *beheer) Get(ctx context.Context, id uuid.UUID) (One, error) {
	d, err := b.store.Get(ctx, id)
	return One{Data: d}, err
}

func (b *beheer) Review(ctx context.Context, id uuid.UUID, r Beoordeling) (One, error) {
	f := validate.Errors{}
	if !slices.Contains(Statussen, r.Status) {
		f.Set("status", "Kies een status.")
	}
	r.Notities = strings.TrimSpace(r.Notities)
	f.MaxChars("notities", r.Notities, 10000, "Hoogstens 10000 tekens.")
	if err := f.Invalid("invalid_beoordeling", "Fout bij bijwerken status"); err != nil {
		return One{}, err
	}
	if err := b.store.Review(ctx, id, r); err != nil {
		return One{}, err
	}
	d, err := b.store.Get(ctx, id)
	return One{Data: d, Message: MsgStatusBijgewerkt}, err
}

func (b *beheer) Log(ctx context.Context, id uuid.UUID, r Bericht) (MessageAnswer, error) {
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
		return MessageAnswer{}, err
	}
	d, err := b.store.Get(ctx, id)
	if err != nil {
		return MessageAnswer{}, err
	}
	var enqueue func(tx pgx.Tx) error
	var link *string
	switch r.Type {
	case "email":
		if d.Email == "" {
			return MessageAnswer{}, ErrNoEmail
		}
		if b.enqueue == nil {
			return MessageAnswer{}, errNoQueue
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
	c, err = b.store.Log(ctx, id, c, enqueue)
	if err != nil {
		return MessageAnswer{}, err
	}
	return MessageAnswer{Data: c, Message: message, WhatsAppURL: link}, nil
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
	// The VOG is stored with the account's transaction: a refused account leaves no file.
	key := files.NewKey(r.ID, ft)
	leeftijd := d.Leeftijd
	id, err := files.PutInTx(ctx, b.blobs, files.Documents, key, ft.ContentType, r.VOG.Data, func(write func() error) (uuid.UUID, error) {
		return b.accounts.Create(ctx, accounts.NewAccount{Email: r.Email, Naam: d.Naam, Password: r.Password,
			Role: "klusser", Regions: known, Telefoon: d.Telefoon, Adres: d.Adres, Postcode: d.Postcode,
			Woonplaats: d.Woonplaats, Leeftijd: &leeftijd, HeeftVOG: true, HeeftVervoer: d.HeeftVervoer,
			Motivatie: d.Motivatie, Ervaring: d.Ervaring, Beschikbaarheid: d.Beschikbaarheid,
			After: func(ctx context.Context, tx pgx.Tx, id uuid.UUID) error {
				if err := write(); err != nil {
					return err
				}
				vog := files.Document{DocumentType: "vog", FileName: files.CleanFileName(r.VOG.Name, ft),
					ContentType: ft.ContentType, FileSize: int64(len(r.VOG.Data))}
				return b.store.Attach(ctx, tx, r.ID, id, vog, key)
			}})
	})
	if err != nil {
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
