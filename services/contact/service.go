// Package contact is the promise of contact within 24 hours (docs/decisions.md, D26): the back
// office logs each contact with the customer of a job (called, WhatsApp, e-mail; who, when, a
// note), and reads which requests from the website are still waiting for their first contact
// (Overdue, on both dashboards and as a filter of the jobs list). Admins log for every region, a
// franchise owner for its own regions (row-level security, migration 030); the log is never
// changed, and each entry is audited (D22).
package contact

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// MaxNotitie is the longest note.
const MaxNotitie = 1000

// Wijzen are the ways of contact, with the labels the console shows.
var Wijzen = map[string]string{"gebeld": "Gebeld", "whatsapp": "WhatsApp", "email": "E-mail"}

// Messages of the contact form.
const (
	MsgWijze         = "Kies hoe je contact had: gebeld, WhatsApp of e-mail."
	MsgNotitie       = "De notitie mag hoogstens 1000 tekens lang zijn."
	MsgToekomst      = "Het tijdstip van het contact kan niet in de toekomst liggen."
	MsgVoorAanvraag  = "Het tijdstip van het contact ligt voor de aanvraag binnenkwam."
	MsgGecontroleerd = "Controleer de gemarkeerde velden."
)

// ErrNotFound: no job with that id that the actor may see.
var ErrNotFound = notfound.Klus

// Service is the contact log of the jobs.
type Service interface {
	// Log records a contact with the customer of a job.
	Log(ctx context.Context, klus uuid.UUID, in Form) (Answer, error)
	// List reads a job's contacts, newest first.
	List(ctx context.Context, r ListRequest) (list.Page[Contact], error)
}

// Store keeps the log; store.go implements it.
type Store interface {
	Log(ctx context.Context, klus uuid.UUID, in Form, at time.Time) (Contact, error)
	List(ctx context.Context, klus uuid.UUID, p list.Params) (list.Page[Contact], error)
}

// Contact is one logged contact.
type Contact struct {
	ID       uuid.UUID `json:"id"`
	KlusID   uuid.UUID `json:"klus_id"`
	Wijze    string    `json:"wijze" doc:"gebeld, whatsapp of email"`
	Notitie  string    `json:"notitie"`
	Door     string    `json:"door" doc:"naam van wie het contact vastlegde"`
	Tijdstip time.Time `json:"tijdstip" doc:"wanneer het contact was"`
}

// LogAttrs names the entry, not its note.
func (c Contact) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("contact_id", c.ID), slog.Any("klus_id", c.KlusID), slog.String("wijze", c.Wijze)}
}

// Form is the form 'Contact vastleggen'. Tijdstip is optional: now when left out.
type Form struct {
	Wijze    string     `json:"wijze" doc:"gebeld, whatsapp of email"`
	Notitie  string     `json:"notitie,omitempty" text:"multiline" maxLength:"1000" msg:"De notitie mag hoogstens 1000 tekens lang zijn." doc:"wat er is afgesproken (hoogstens 1000 tekens)"`
	Tijdstip *time.Time `json:"tijdstip,omitempty" doc:"wanneer het contact was; leeg: nu"`
}

// LogAttrs keeps the way, never the note.
func (f Form) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("wijze", f.Wijze)} }

// ListRequest is a page of the job ID's contacts.
type ListRequest struct {
	ID     uuid.UUID
	Params list.Params
}

// LogAttrs names the job.
func (r ListRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("klus_id", r.ID)} }

// Answer is the logged contact ({"data": ...}) with the console's message.
type Answer = httpapi.Changed[Contact]

// MsgLogged is the toast after logging.
const MsgLogged = "Contact vastgelegd"

// NewService returns the service over s; now tells the time (tests fix it).
func NewService(s Store, now func() time.Time) Service { return &service{store: s, now: now} }

type service struct {
	store Store
	now   func() time.Time
}

func (s *service) Log(ctx context.Context, klus uuid.UUID, in Form) (Answer, error) {
	now := s.now()
	in.Notitie = strings.TrimSpace(in.Notitie)
	errs := validate.Errors{}
	if _, ok := Wijzen[in.Wijze]; !ok {
		errs["wijze"] = MsgWijze
	}
	errs.MaxChars("notitie", in.Notitie, MaxNotitie, MsgNotitie)
	at := now
	if in.Tijdstip != nil {
		at = *in.Tijdstip
		if at.After(now.Add(time.Minute)) {
			errs["tijdstip"] = MsgToekomst
		}
	}
	if len(errs) > 0 {
		return Answer{}, errs.Invalid("invalid_contact", MsgGecontroleerd)
	}
	c, err := s.store.Log(ctx, klus, in, at)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Data: c, Message: MsgLogged}, nil
}

func (s *service) List(ctx context.Context, r ListRequest) (list.Page[Contact], error) {
	return s.store.List(ctx, r.ID, r.Params)
}

// Overdue is the condition, over the jobs as k, of a request waiting past the promise for its
// first contact: from the website, still open, not archived, arrived more than 24 hours ago, and
// no contact logged (index klussen_terugbellen_idx, migration 030). The dashboards and the jobs
// list's filter share it, so they count the same requests.
const Overdue = `(k.bron = 'website' AND k.status = 'open' AND NOT k.archived AND k.created_at < now() - interval '24 hours'
	AND NOT EXISTS (SELECT 1 FROM klus_contacten kc WHERE kc.klus_id = k.id))`
