package offerte

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Limits of the editor.
const (
	MaxMaterialen   = 30
	MaxOmschrijving = 200
	MaxAantal       = 999
	MaxUren         = 100.0
	MaxCents        = 10_000_000 // € 100.000: far beyond a household job, a typo's guard
)

// Messages of the quote editor and its actions.
const (
	MsgWijze        = "Kies een vaste prijs of uren maal het uurtarief."
	MsgArbeid       = "Beschrijf het werk (hoogstens 200 tekens)."
	MsgVast         = "Vul een vaste prijs in van meer dan € 0."
	MsgUren         = "Vul het aantal uren in, in halve uren (0,5 tot 100)."
	MsgMateriaal    = "Beschrijf het materiaal (hoogstens 200 tekens)."
	MsgAantal       = "Vul een aantal in van 1 tot 999."
	MsgPrijs        = "Vul een prijs per stuk in (€ 0 of meer)."
	MsgTeveel       = "Een offerte heeft hoogstens 30 materiaalregels."
	MsgGeldig       = "Kies een geldigheidsdatum vanaf vandaag, hoogstens een jaar vooruit."
	MsgControleer   = "Controleer de gemarkeerde velden."
	MsgOpgeslagen   = "Offerte opgeslagen"
	MsgNieuweVersie = "Nieuwe versie van de offerte opgeslagen"
	MsgVerstuurd    = "Offerte verstuurd"
)

// Errors.
var (
	ErrNotFound      = notfound.Klus
	ErrNoOfferte     = domainerr.NotFound("no_offerte", "Deze klus heeft nog geen offerte.")
	ErrAkkoord       = domainerr.Conflict("offerte_akkoord", "De klant heeft deze offerte al geaccepteerd; die verandert niet meer.")
	ErrNietConcept   = domainerr.Conflict("offerte_sent", "Deze versie is al verstuurd. Pas de offerte aan om een nieuwe versie te maken.")
	ErrGeenEmail     = domainerr.Conflict("no_email", "Deze klant heeft geen e-mailadres. Vul het e-mailadres in bij de klus, of bespreek de offerte telefonisch.")
	ErrKlusAfgerond  = domainerr.Conflict("klus_done", "Deze klus is al afgerond; een offerte past er niet meer bij.")
	ErrLeeg          = domainerr.Conflict("offerte_empty", "De offerte komt uit op € 0. Vul een prijs in.")
	ErrDatumVerlopen = domainerr.Conflict("offerte_date", "De geldigheidsdatum is verstreken. Kies een nieuwe datum en sla de offerte op.")
)

// Form is the editor's form.
type Form struct {
	ArbeidWijze        string      `json:"arbeid_wijze" doc:"vast of uren"`
	ArbeidOmschrijving string      `json:"arbeid_omschrijving" maxLength:"200" msg:"Beschrijf het werk (hoogstens 200 tekens)."`
	ArbeidCents        int         `json:"arbeid_cents" doc:"bij vast: de prijs van het werk in centen, excl. btw"`
	ArbeidUren         float64     `json:"arbeid_uren" doc:"bij uren: het aantal uren, in halve uren"`
	Materialen         []Materiaal `json:"materialen" maxItems:"30" msg:"Een offerte heeft hoogstens 30 materiaalregels."`
	GeldigTot          string      `json:"geldig_tot" doc:"JJJJ-MM-DD; leeg is over 30 dagen"`
}

// One is a job's quote, or null when it has none.
type One = httpapi.One[*Offerte]

// Answer is the quote after a change, with the console's message.
type Answer = httpapi.Changed[Offerte]

// Store keeps the quotes (store.go). Save writes the latest version: a concept is overwritten, a
// sent or declined version gets a successor; it reports whether a new version began. Send marks
// the latest concept sent and queues its e-mail.
type Store interface {
	Latest(ctx context.Context, klus uuid.UUID) (*Offerte, error)
	Save(ctx context.Context, klus uuid.UUID, in Form, today calendar.Date) (o Offerte, nieuw bool, err error)
	Send(ctx context.Context, klus uuid.UUID, today calendar.Date) (Offerte, error)
	PDF(ctx context.Context, klus uuid.UUID) (*factuur.PDFFile, error)
}

// Service is the quote use-case of the back office.
type Service interface {
	Get(ctx context.Context, id uuid.UUID) (One, error)
	Save(ctx context.Context, klus uuid.UUID, f Form) (Answer, error)
	Send(ctx context.Context, id uuid.UUID) (Answer, error)
	PDF(ctx context.Context, id uuid.UUID) (*factuur.PDFFile, error)
}

// NewService returns the service over s; now tells today's Dutch date.
func NewService(s Store, now calendar.Clock) Service { return &service{store: s, now: now} }

type service struct {
	store Store
	now   calendar.Clock
}

func (s *service) Get(ctx context.Context, id uuid.UUID) (One, error) {
	o, err := s.store.Latest(ctx, id)
	if o != nil {
		o.Status = Stand(o.Status, o.GeldigTot, s.now.Today())
	}
	return One{Data: o}, err
}

// Check validates the form as the server's rules say, filling in the default validity date.
func Check(in *Form, today calendar.Date) error {
	errs := validate.Errors{}
	switch in.ArbeidWijze {
	case "vast":
		if in.ArbeidCents <= 0 || in.ArbeidCents > MaxCents {
			errs.Set("arbeid_cents", MsgVast)
		}
	case "uren":
		if in.ArbeidUren < 0.5 || in.ArbeidUren > MaxUren || in.ArbeidUren*2 != float64(int(in.ArbeidUren*2)) {
			errs.Set("arbeid_uren", MsgUren)
		}
	default:
		errs.Set("arbeid_wijze", MsgWijze)
	}
	in.ArbeidOmschrijving = validate.Text(in.ArbeidOmschrijving)
	if in.ArbeidOmschrijving == "" || len([]rune(in.ArbeidOmschrijving)) > MaxOmschrijving {
		errs.Set("arbeid_omschrijving", MsgArbeid)
	}
	if len(in.Materialen) > MaxMaterialen {
		errs.Set("materialen", MsgTeveel)
	}
	for i := range in.Materialen {
		m := &in.Materialen[i]
		m.Omschrijving = validate.Text(m.Omschrijving)
		if m.Omschrijving == "" || len([]rune(m.Omschrijving)) > MaxOmschrijving {
			errs.Set(fmt.Sprintf("materialen.%d.omschrijving", i), MsgMateriaal)
		}
		if m.Aantal < 1 || m.Aantal > MaxAantal {
			errs.Set(fmt.Sprintf("materialen.%d.aantal", i), MsgAantal)
		}
		if m.PrijsCents < 0 || m.PrijsCents > MaxCents {
			errs.Set(fmt.Sprintf("materialen.%d.prijs_cents", i), MsgPrijs)
		}
	}
	if in.GeldigTot == "" {
		in.GeldigTot = today.AddDays(GeldigDagen).String()
	}
	if d, err := calendar.ParseDate(in.GeldigTot); err != nil || d.Before(today) || d.After(today.AddYears(1)) {
		errs.Set("geldig_tot", MsgGeldig)
	}
	if len(errs) > 0 {
		return errs.Invalid("invalid_offerte", MsgControleer)
	}
	return nil
}

func (s *service) Save(ctx context.Context, klus uuid.UUID, f Form) (Answer, error) {
	today := s.now.Today()
	if err := Check(&f, today); err != nil {
		return Answer{}, err
	}
	o, nieuw, err := s.store.Save(ctx, klus, f, today)
	if err != nil {
		return Answer{}, err
	}
	msg := MsgOpgeslagen
	if nieuw && o.Versie > 1 {
		msg = MsgNieuweVersie
	}
	return Answer{Data: o, Message: msg}, nil
}

func (s *service) Send(ctx context.Context, id uuid.UUID) (Answer, error) {
	o, err := s.store.Send(ctx, id, s.now.Today())
	if err != nil {
		return Answer{}, err
	}
	return Answer{Data: o, Message: MsgVerstuurd}, nil
}

func (s *service) PDF(ctx context.Context, id uuid.UUID) (*factuur.PDFFile, error) {
	return s.store.PDF(ctx, id)
}
