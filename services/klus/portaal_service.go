// Package klus is the job domain: a job (klus) as every audience meets it, in one package.
//   - beheer_*.go: the back office (admins, and franchise owners for their own regions): the
//     jobs list with its status cards, one job in full, creating, editing, assigning, pooling,
//     archiving and deleting (document 001 sections 2, 4 and 5).
//   - portaal_*.go: the klusser's own side (document 001 sections 2, 4, 5 and 7): the open pool
//     of its regions, claiming a pool job (D17: of simultaneous claims exactly one wins), planning and changing the appointment (D18: at
//     most two changes, whatever arrives at the same time), its agenda, the dashboard figures,
//     its earnings and the support phone to call. Every read and write runs as the klusser, so
//     row-level security and the column rules of migration 015 hold whatever it asks.
//
// The public request form (package aanvraag) and the customer's status page (package status) are
// the customer's side of the same jobs.
package klus

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// PortaalService is the klusser portal's use-case.
type PortaalService interface {
	// Overzicht returns the dashboard: name, regions, own jobs today and this week, pool size.
	Overzicht(ctx context.Context) (Overzicht, error)
	// Pool returns a page of the open pool jobs of the klusser's regions, earliest date first.
	Pool(ctx context.Context, p list.Params) (list.Page[Klus], error)
	// PoolCount returns how many jobs the pool holds.
	PoolCount(ctx context.Context) (Count, error)
	// Klus returns one job: the klusser's own, or a pool job of its regions.
	Klus(ctx context.Context, id uuid.UUID) (Klus, error)
	// Claim makes a pool job the klusser's own; of simultaneous claims exactly one succeeds.
	Claim(ctx context.Context, id uuid.UUID) (Klus, error)
	// Plan sets the appointment of an own job (the first plan) or changes it (at most twice).
	Plan(ctx context.Context, id uuid.UUID, p Planning) (Klus, error)
	// Agenda returns a page of the klusser's own jobs of one tab, earliest date first.
	Agenda(ctx context.Context, p list.Params) (list.Page[Klus], error)
	// Verdiensten returns the hours and earnings of the last 7 and 30 days and in total.
	Verdiensten(ctx context.Context) (Verdiensten, error)
	// Support returns the phone number the klusser calls for help.
	Support(ctx context.Context) (Support, error)
}

// PortaalStore reads and writes the klusser's jobs on PostgreSQL (store.go), as the actor of ctx.
type PortaalStore interface {
	Profile(ctx context.Context) (naam string, err error)
	CountOwn(ctx context.Context, from, to calendar.Date, includeFinished bool) (int, error)
	Pool(ctx context.Context, p list.Params) (list.Page[Klus], error)
	PoolCount(ctx context.Context) (int, error)
	Klus(ctx context.Context, id uuid.UUID) (Klus, error)
	// Claim takes the job in one conditional UPDATE and tells the admins, in one transaction.
	Claim(ctx context.Context, id uuid.UUID) (Klus, error)
	// Plan plans or changes the job (conditional UPDATEs), opens its work order on the first plan,
	// and queues the admins' notification and the customer's e-mail, in one transaction.
	Plan(ctx context.Context, id uuid.UUID, start time.Time, supportPhone string) (Klus, error)
	Agenda(ctx context.Context, statuses []string, p list.Params) (list.Page[Klus], error)
	// Uren sums the hours of the klusser's completed work orders created in [from, to), and in all.
	Uren(ctx context.Context, weekFrom, maandFrom, to time.Time) (week, maand, totaal int, err error)
	// SupportPhone is the phone of the klusser's first region, else the default setting, else "".
	SupportPhone(ctx context.Context) (string, error)
}

// Klus is one job as the klusser sees it.
type Klus struct {
	ID                       uuid.UUID  `json:"id"`
	Status                   string     `json:"status" doc:"open, ingepland, bezig of afgerond"`
	Categorie                Categorie  `json:"categorie"`
	Beschrijving             string     `json:"beschrijving"`
	Datum                    string     `json:"datum" doc:"jjjj-mm-dd, de gewenste dag van de klant"`
	Tijd                     string     `json:"tijd" doc:"ochtend, middag, avond of UU:MM"`
	Adres                    string     `json:"adres"`
	Postcode                 string     `json:"postcode"`
	Woonplaats               string     `json:"woonplaats"`
	Regio                    string     `json:"regio"`
	GeschatTariefCents       int        `json:"geschat_tarief_cents" doc:"uurtarief in centen"`
	GeschatteDuur            float64    `json:"geschatte_duur" doc:"uren"`
	GeschatteVerdiensteEuros int        `json:"geschatte_verdienste_euros" doc:"tarief maal duur, afgerond op hele euro's"`
	Notities                 *string    `json:"notities"`
	GeplandeStartTijd        *time.Time `json:"geplande_start_tijd"`
	PlanningChangesCount     int        `json:"planning_changes_count" doc:"hoogstens 2 (D18)"`
	WerkbonID                *uuid.UUID `json:"werkbon_id"`
	// Eigen: the job is the klusser's own (claimed or assigned), not a pool job.
	Eigen bool `json:"eigen"`
	// VastePrijsCents is the customer's accepted quote (D26), incl. VAT: shown as what the customer
	// pays, instead of the estimate.
	VastePrijsCents *int `json:"vaste_prijs_cents" doc:"de vaste prijs uit de geaccepteerde offerte, incl. btw; anders null"`
	// VerdienstePerUurCents is the klusser's own earnings rule (D7): the customer's price is not its pay.
	VerdienstePerUurCents int `json:"verdienste_per_uur_cents" doc:"wat de klusser per gewerkt uur verdient, in centen"`
	// Klant is in the detail and the agenda; the pool list leaves it out.
	Klant *Klant `json:"klant,omitempty"`
}

// Categorie is a job's category.
type Categorie struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Klant is the customer of a job.
type Klant struct {
	Naam     string `json:"naam" doc:"naam, anders e-mailadres, anders 'Niet beschikbaar'"`
	Telefoon string `json:"telefoon"`
	Email    string `json:"email"`
}

// Overzicht is the dashboard.
type Overzicht struct {
	Naam     string   `json:"naam"`
	Regios   []string `json:"regios"`
	Vandaag  int      `json:"vandaag" doc:"eigen klussen (niet afgerond) met vandaag als datum"`
	DezeWeek int      `json:"deze_week" doc:"eigen klussen met een datum in deze week (maandag tot en met zondag)"`
	Pool     int      `json:"pool" doc:"beschikbare klussen in de eigen regio's"`
}

// Count is a number of jobs.
type Count struct {
	Total int `json:"total"`
}

// Planning is the chosen appointment.
type Planning struct {
	Datum string `json:"datum" doc:"jjjj-mm-dd, vandaag of later"`
	Tijd  string `json:"tijd" doc:"UU:MM, per half uur van 08:00 tot en met 20:00"`
}

// Verdiensten are the earnings of the last 7 days, the last 30 days and in total, with the rate.
type Verdiensten struct {
	Week        Verdienste `json:"week"`
	Maand       Verdienste `json:"maand"`
	Totaal      Verdienste `json:"totaal"`
	PerUurCents int        `json:"per_uur_cents" doc:"wat een klusser per gewerkt uur verdient"`
}

// Verdienste is worked hours and what they earned.
type Verdienste struct {
	Uren        int `json:"uren"`
	BedragCents int `json:"bedrag_cents"`
}

// Support is the number to call.
type Support struct {
	Telefoon string `json:"telefoon"`
}

// HourlyEarningsCents is what a klusser earns per worked hour, all in (document 001 section 9).
const HourlyEarningsCents = 3500

// The tabs of the agenda and the statuses each shows (document 001 section 2).
var Tabs = map[string][]string{
	"te-doen":  {"open", "ingepland", "bezig"},
	"afgerond": {"afgerond"},
	"alles":    {"open", "ingepland", "bezig", "afgerond"},
}

// The refusals of the contract, to the letter.
var (
	ErrNotFound       = notfound.Klus
	ErrAlreadyClaimed = domainerr.Conflict("already_claimed", "Deze klus is net door een andere klusser opgepakt.")
	ErrAlreadyYours   = domainerr.Conflict("already_yours", "Je hebt deze klus al opgepakt, bijvoorbeeld op je andere telefoon. Hij staat in je agenda.")
	ErrMaxChanges     = domainerr.Conflict("max_changes", "Maximum aantal wijzigingen (2x) bereikt")
	ErrFinished       = domainerr.Conflict("finished", "Deze klus is al afgerond.")
)

// Messages of the plan form (document 001 section 5).
const (
	MsgDatumTijd = "Selecteer eerst een datum en tijd"
	MsgVerleden  = "Kies een datum vanaf vandaag."
	MsgTijd      = "Kies een tijd tussen 08:00 en 20:00, per half uur."
)

// NewPortaalService returns the service: business dates from clock (Europe/Amsterdam), and contactPhone
// as the last support number when neither the region nor the settings have one (D19).
func NewPortaalService(s PortaalStore, clock calendar.Clock, contactPhone string) PortaalService {
	return &portaalService{store: s, clock: clock, contactPhone: contactPhone}
}

type portaalService struct {
	store        PortaalStore
	clock        calendar.Clock
	contactPhone string
}

func (s *portaalService) Overzicht(ctx context.Context) (Overzicht, error) {
	naam, err := s.store.Profile(ctx)
	if err != nil {
		return Overzicht{}, err
	}
	today := s.clock.Today()
	o := Overzicht{Naam: naam, Regios: regionsOf(ctx)}
	if o.Vandaag, err = s.store.CountOwn(ctx, today, today, false); err != nil {
		return o, err
	}
	monday := today.WeekStart()
	if o.DezeWeek, err = s.store.CountOwn(ctx, monday, monday.AddDays(6), true); err != nil {
		return o, err
	}
	o.Pool, err = s.store.PoolCount(ctx)
	return o, err
}

func (s *portaalService) Pool(ctx context.Context, p list.Params) (list.Page[Klus], error) {
	return s.store.Pool(ctx, p)
}

func (s *portaalService) PoolCount(ctx context.Context) (Count, error) {
	n, err := s.store.PoolCount(ctx)
	return Count{Total: n}, err
}

func (s *portaalService) Klus(ctx context.Context, id uuid.UUID) (Klus, error) {
	return s.store.Klus(ctx, id)
}

func (s *portaalService) Claim(ctx context.Context, id uuid.UUID) (Klus, error) {
	return s.store.Claim(ctx, id)
}

func (s *portaalService) Plan(ctx context.Context, id uuid.UUID, p Planning) (Klus, error) {
	start, err := s.checkPlanning(p)
	if err != nil {
		return Klus{}, err
	}
	// The customer's e-mail names a number to call; a klusser without a phone on its profile
	// gives the support number instead.
	phone, err := s.supportPhone(ctx)
	if err != nil {
		return Klus{}, err
	}
	return s.store.Plan(ctx, id, start, phone)
}

// timePattern is a clock time HH:MM.
var timePattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):([0-5][0-9])$`)

// checkPlanning applies the plan rules (document 001 section 5): a date and a time, the date
// today or later in the Dutch calendar, the time on the half hour from 08:00 to 20:00. It returns
// the start as an instant.
func (s *portaalService) checkPlanning(p Planning) (time.Time, error) {
	e := validate.Errors{}
	datum, tijd := strings.TrimSpace(p.Datum), strings.TrimSpace(p.Tijd)
	if datum == "" || tijd == "" {
		e.Set("datum", MsgDatumTijd)
		return time.Time{}, e.Invalid("invalid_planning", MsgDatumTijd)
	}
	d, err := calendar.ParseDate(datum)
	if err != nil {
		e.Set("datum", MsgDatumTijd)
	} else if d.Before(s.clock.Today()) {
		e.Set("datum", MsgVerleden)
	}
	hour, minute, ok := halfHour(tijd)
	if !ok {
		e.Set("tijd", MsgTijd)
	}
	if len(e) > 0 {
		msg := e["datum"]
		if msg == "" {
			msg = e["tijd"]
		}
		return time.Time{}, e.Invalid("invalid_planning", msg)
	}
	return d.At(hour, minute), nil
}

// halfHour reads HH:MM on the half hour between 08:00 and 20:00.
func halfHour(s string) (hour, minute int, ok bool) {
	m := timePattern.FindStringSubmatch(s)
	if m == nil {
		return 0, 0, false
	}
	hour, _ = strconv.Atoi(m[1])
	minute, _ = strconv.Atoi(m[2])
	if minute%30 != 0 || hour < 8 || hour > 20 || (hour == 20 && minute > 0) {
		return 0, 0, false
	}
	return hour, minute, true
}

func (s *portaalService) Agenda(ctx context.Context, p list.Params) (list.Page[Klus], error) {
	var statuses []string
	tabs := p.Filter("tab")
	if len(tabs) == 0 {
		tabs = []string{"alles"}
	}
	for _, t := range tabs {
		statuses = append(statuses, Tabs[t]...)
	}
	return s.store.Agenda(ctx, statuses, p)
}

func (s *portaalService) Verdiensten(ctx context.Context) (Verdiensten, error) {
	// Last 7 and last 30 Dutch days, today included, by the day the work ended (as the pay
	// statement counts it).
	today := s.clock.Today()
	week, maand, totaal, err := s.store.Uren(ctx, today.AddDays(-6).Start(), today.AddDays(-29).Start(), today.AddDays(1).Start())
	if err != nil {
		return Verdiensten{}, err
	}
	return Verdiensten{Week: earned(week), Maand: earned(maand), Totaal: earned(totaal), PerUurCents: HourlyEarningsCents}, nil
}

func earned(uren int) Verdienste {
	return Verdienste{Uren: uren, BedragCents: uren * HourlyEarningsCents}
}

func (s *portaalService) Support(ctx context.Context) (Support, error) {
	phone, err := s.supportPhone(ctx)
	return Support{Telefoon: phone}, err
}

// supportPhone follows the chain of D19: the first region's support phone, the default setting,
// the configured contact phone.
func (s *portaalService) supportPhone(ctx context.Context) (string, error) {
	phone, err := s.store.SupportPhone(ctx)
	if err != nil {
		return "", fmt.Errorf("klusser: support phone: %w", err)
	}
	if phone == "" {
		phone = s.contactPhone
	}
	return phone, nil
}

// regionsOf returns the regions of the actor of ctx, never nil (the screen tells "no region" by
// an empty list).
func regionsOf(ctx context.Context) []string {
	if r := tenants.ActorFrom(ctx).Regions; r != nil {
		return r
	}
	return []string{}
}
