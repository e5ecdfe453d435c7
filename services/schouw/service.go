// Package schouw is the free survey on site (docs/decisions.md, D26): admins, and franchise owners
// for the jobs of their regions, plan one survey per job (a date, a time and the work assessor's
// name), change it, cancel it, and record its outcome. Planning e-mails the customer with the
// status link (D24), whose page shows the appointment, and queues its reminder (D27: at once when
// planned after 18:00 the day before, D33); cancelling e-mails the customer and the survey gets no
// reminder (D33). Every change is audited (D22).
package schouw

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Messages of the survey forms.
const (
	MsgDatum       = "Kies een datum vanaf vandaag."
	MsgTijd        = "Kies een tijd tussen 07:00 en 20:00."
	MsgOpnemer     = "Vul de naam in van wie de schouw doet."
	MsgUitkomst    = "Beschrijf de uitkomst van de schouw (hoogstens 2000 tekens)."
	MsgControleer  = "Controleer de gemarkeerde velden."
	MsgGepland     = "Schouw ingepland"
	MsgGewijzigd   = "Schouw gewijzigd"
	MsgVastgelegd  = "Uitkomst van de schouw vastgelegd"
	MsgReden       = "Houd de reden kort (hoogstens 500 tekens)."
	MsgGeannuleerd = "Schouw geannuleerd"
)

// MaxReden is the longest reason of a cancellation, in characters.
const MaxReden = 500

// Errors.
var (
	ErrNotFound   = notfound.Klus
	ErrNoSchouw   = domainerr.Conflict("no_schouw", "Plan eerst een schouw.")
	ErrUitgevoerd = domainerr.Conflict("schouw_done", "Deze schouw is al uitgevoerd.")
	// ErrAlGeannuleerd: the survey was cancelled already (by someone else, a moment ago).
	ErrAlGeannuleerd = domainerr.Conflict("schouw_cancelled", "Deze schouw is al geannuleerd.")
)

// Schouw is a job's survey.
type Schouw struct {
	KlusID   uuid.UUID `json:"klus_id"`
	Start    time.Time `json:"start" doc:"datum en tijd van de schouw"`
	Opnemer  string    `json:"opnemer" doc:"wie de schouw doet"`
	Status   string    `json:"status" doc:"gepland, uitgevoerd of geannuleerd (dan kan een nieuwe schouw worden gepland)"`
	Uitkomst string    `json:"uitkomst"`
	Reden    string    `json:"reden" doc:"bij een geannuleerde schouw: de reden die de klant kreeg (kan leeg zijn)"`
	// GeannuleerdAt is when the office cancelled it.
	GeannuleerdAt *time.Time `json:"geannuleerd_at" doc:"wanneer de schouw werd geannuleerd; null als hij niet is geannuleerd"`
	Versie        int        `json:"versie" doc:"telt op bij elke wijziging van moment of opnemer"`
	Fotos         []Foto     `json:"fotos" doc:"de foto's bij de uitkomst, oudste eerst"`
}

// LogAttrs names the job and the version.
func (s Schouw) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klus_id", s.KlusID), slog.Int("versie", s.Versie)}
}

// One is a job's survey, or null when none is planned.
type One = httpapi.One[*Schouw]

// Answer is a changed survey with the console's message.
type Answer = httpapi.Changed[Schouw]

// Planning is the form 'Schouw plannen'.
type Planning struct {
	Datum   string `json:"datum" doc:"JJJJ-MM-DD, vandaag of later"`
	Tijd    string `json:"tijd" doc:"UU:MM, tussen 07:00 en 20:00"`
	Opnemer string `json:"opnemer" maxLength:"100" msg:"Vul de naam in van wie de schouw doet." doc:"naam van wie de schouw doet, hoogstens 100 tekens"`
}

// Uitkomst is the form 'Uitkomst vastleggen'.
type Uitkomst struct {
	Uitkomst string `json:"uitkomst" text:"multiline" maxLength:"2000" msg:"Beschrijf de uitkomst van de schouw (hoogstens 2000 tekens)."`
}

// Annulering is the form 'Schouw annuleren'.
type Annulering struct {
	Reden string `json:"reden" text:"multiline" maxLength:"500" msg:"Houd de reden kort (hoogstens 500 tekens)." doc:"optioneel; staat in de e-mail aan de klant"`
}

// Store keeps the surveys; store.go implements it.
type Store interface {
	Get(ctx context.Context, klus uuid.UUID) (*Schouw, error)
	Plan(ctx context.Context, klus uuid.UUID, start time.Time, opnemer string) (s Schouw, replanned bool, err error)
	Record(ctx context.Context, klus uuid.UUID, uitkomst string) (Schouw, error)
	Cancel(ctx context.Context, klus uuid.UUID, reden string) (Schouw, error)
}

// Service is the survey use-case.
type Service interface {
	Get(ctx context.Context, id uuid.UUID) (One, error)
	Plan(ctx context.Context, klus uuid.UUID, p Planning) (Answer, error)
	Record(ctx context.Context, klus uuid.UUID, u Uitkomst) (Answer, error)
	Cancel(ctx context.Context, klus uuid.UUID, a Annulering) (Answer, error)
}

// NewService returns the service over s; now tells today's Dutch date.
func NewService(s Store, now calendar.Clock) Service { return &service{store: s, now: now} }

type service struct {
	store Store
	now   calendar.Clock
}

var clock = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

func (s *service) Get(ctx context.Context, id uuid.UUID) (One, error) {
	return httpapi.OneOf(s.store.Get(ctx, id))
}

func (s *service) Plan(ctx context.Context, klus uuid.UUID, p Planning) (Answer, error) {
	errs := validate.Errors{}
	d, err := calendar.ParseDate(p.Datum)
	if err != nil || d.Before(s.now.Today()) {
		errs.Set("datum", MsgDatum)
	}
	if !clock.MatchString(p.Tijd) || p.Tijd < "07:00" || p.Tijd > "20:00" {
		errs.Set("tijd", MsgTijd)
	}
	opnemer := validate.Text(p.Opnemer)
	if opnemer == "" || len([]rune(opnemer)) > 100 {
		errs.Set("opnemer", MsgOpnemer)
	}
	if len(errs) > 0 {
		return Answer{}, errs.Invalid("invalid_schouw", MsgControleer)
	}
	hour, minute := int(p.Tijd[0]-'0')*10+int(p.Tijd[1]-'0'), int(p.Tijd[3]-'0')*10+int(p.Tijd[4]-'0')
	sch, replanned, err := s.store.Plan(ctx, klus, d.At(hour, minute), opnemer)
	if err != nil {
		return Answer{}, err
	}
	msg := MsgGepland
	if replanned {
		msg = MsgGewijzigd
	}
	return Answer{Data: sch, Message: msg}, nil
}

func (s *service) Record(ctx context.Context, klus uuid.UUID, u Uitkomst) (Answer, error) {
	text := strings.TrimSpace(u.Uitkomst)
	if text == "" || len([]rune(text)) > 2000 {
		return Answer{}, validate.Errors{"uitkomst": MsgUitkomst}.Invalid("invalid_uitkomst", MsgControleer)
	}
	sch, err := s.store.Record(ctx, klus, text)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Data: sch, Message: MsgVastgelegd}, nil
}

func (s *service) Cancel(ctx context.Context, klus uuid.UUID, a Annulering) (Answer, error) {
	reden := validate.Text(a.Reden)
	if len([]rune(reden)) > MaxReden {
		return Answer{}, validate.Errors{"reden": MsgReden}.Invalid("invalid_reden", MsgControleer)
	}
	sch, err := s.store.Cancel(ctx, klus, reden)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Data: sch, Message: MsgGeannuleerd}, nil
}
