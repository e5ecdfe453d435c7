package klus

// The management of jobs by admins (document 001 sections 4 and 5, D2, D16, D22): one job in
// full, the status cards, create and edit with the rules of section 5, any status, assign a
// klusser directly, place in the pool, remove the assignment, archive and delete. Every change of
// status, assignment, price or region writes its before and after to the audit log in the same
// transaction; notifications are background jobs queued in it (D16).

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// BeheerService is the jobs management of the back office.
type BeheerService interface {
	// List returns one page of the jobs under the filter, with its total (D25).
	List(ctx context.Context, p list.Params) (list.Page[ListItem], error)
	// Get returns one job in full, with its work order and invoice when it has them.
	Get(ctx context.Context, id uuid.UUID) (Detail, error)
	// Counts counts the jobs per status under the list's filters other than status.
	Counts(ctx context.Context, f Filter) (Counts, error)
	// Create makes a job, in the pool or directly assigned (section 4, creating a job).
	Create(ctx context.Context, n CreateForm) (Answer, error)
	// Update changes a job's fields; a region correction is allowed (D2).
	Update(ctx context.Context, id uuid.UUID, in Form) (Answer, error)
	// SetStatus sets any status (section 4: no restriction).
	SetStatus(ctx context.Context, id uuid.UUID, status string) (Answer, error)
	// Assign gives the job to a klusser of its region and opens its work order.
	Assign(ctx context.Context, id, klusserID uuid.UUID) (Answer, error)
	// Pool offers the job in its region's pool and notifies the region's klussers.
	Pool(ctx context.Context, id uuid.UUID) (PoolAnswer, error)
	// Unassign takes the klusser off the job.
	Unassign(ctx context.Context, id uuid.UUID) (Answer, error)
	// Archive hides the job from the default lists.
	Archive(ctx context.Context, id uuid.UUID) (Answer, error)
	// Delete removes the job for good (its invoice stays, D8).
	Delete(ctx context.Context, id uuid.UUID) (Deleted, error)
	// Klussers lists the active klussers of a region, to choose from when assigning.
	Klussers(ctx context.Context, p list.Params) (list.Page[Kandidaat], error)
}

// BeheerStore is the SQL side; beheer_store.go implements it.
type BeheerStore interface {
	List(ctx context.Context, p list.Params, f Filter) (list.Page[ListItem], error)
	Get(ctx context.Context, id uuid.UUID) (Detail, error)
	Counts(ctx context.Context, f Filter) (Counts, error)
	Create(ctx context.Context, g Gegevens, klusserID *uuid.UUID) (Detail, error)
	Update(ctx context.Context, id uuid.UUID, g Gegevens) (Detail, error)
	Change(ctx context.Context, id uuid.UUID, c Change) (Detail, int, error)
	Delete(ctx context.Context, id uuid.UUID) error
	Klussers(ctx context.Context, p list.Params) (list.Page[Kandidaat], error)
}

// Detail is one job in full (GET /api/v1/klussen/{id}).
type Detail struct {
	ID                   uuid.UUID   `json:"id"`
	Status               string      `json:"status"`
	AssignmentType       *string     `json:"assignment_type" doc:"pool of direct; leeg: niet toegewezen"`
	Regio                string      `json:"regio"`
	RegioNaam            string      `json:"regio_naam"`
	KlusserID            *uuid.UUID  `json:"klusser_id"`
	Klusser              *string     `json:"klusser" doc:"naam van de toegewezen klusser"`
	ClaimedAt            *time.Time  `json:"claimed_at"`
	Categorie            string      `json:"categorie" doc:"sleutel (D9)"`
	CategorieLabel       string      `json:"categorie_label"`
	Beschrijving         string      `json:"beschrijving"`
	Datum                string      `json:"datum" doc:"JJJJ-MM-DD"`
	Tijd                 string      `json:"tijd"`
	Adres                string      `json:"adres"`
	Postcode             string      `json:"postcode"`
	Woonplaats           string      `json:"woonplaats"`
	Telefoon             string      `json:"telefoon"`
	Email                string      `json:"email"`
	Naam                 string      `json:"naam" doc:"naam uit het publieke formulier (D10)"`
	KlantVoornaam        string      `json:"klant_voornaam"`
	KlantAchternaam      string      `json:"klant_achternaam"`
	GeschatTariefCents   int         `json:"geschat_tarief_cents"`
	GeschatteDuur        float64     `json:"geschatte_duur"`
	VastePrijs           *VastePrijs `json:"vaste_prijs" doc:"de vaste prijs uit de geaccepteerde offerte; null zonder geaccepteerde offerte"`
	GeplandeStartTijd    *time.Time  `json:"geplande_start_tijd"`
	KlusserTelefoon      *string     `json:"klusser_telefoon"`
	PlanningChangesCount int         `json:"planning_changes_count"`
	KlusserNotities      string      `json:"klusser_notities"`
	Archived             bool        `json:"archived"`
	Betaald              bool        `json:"betaald"`
	MateriaalKostenCents int         `json:"materiaal_kosten_cents"`
	CreatedAt            time.Time   `json:"created_at"`
	UpdatedAt            time.Time   `json:"updated_at"`
	WerkbonGesloten      bool        `json:"werkbon_gesloten" doc:"de klus is afgerond: WERKBON GESLOTEN, niet opnieuw toe te wijzen"`
	Werkbon              *Werkbon    `json:"werkbon"`
	Factuur              *Factuur    `json:"factuur"`
}

// LogAttrs keeps the job's id and status; its customer is never logged.
func (d Detail) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klus_id", d.ID), slog.String("status", d.Status)}
}

// Werkbon is the work order of a job, in short (GET /api/v1/werkbonnen/{id} has the rest).
type Werkbon struct {
	ID          uuid.UUID `json:"id"`
	Status      string    `json:"status" doc:"running of completed"`
	Ondertekend bool      `json:"ondertekend"`
	Uren        *int      `json:"uren"`
}

// Factuur is the invoice of a job, in short.
type Factuur struct {
	ID                uuid.UUID `json:"id"`
	Factuurnummer     string    `json:"factuurnummer"`
	Datum             string    `json:"datum"`
	TotaalBedragCents int       `json:"totaal_bedrag_cents"`
	BetaalMethode     *string   `json:"betaal_methode"`
	Betaald           bool      `json:"betaald"`
}

// Answer is a changed job with the message the console shows (document 001 section 8).
type Answer = httpapi.Changed[Detail]

// PoolAnswer is a job placed in the pool, with how many klussers were told.
type PoolAnswer struct {
	Answer
	Genotificeerd int    `json:"genotificeerd" doc:"aantal actieve klussers van de regio dat een melding krijgt"`
	Waarschuwing  string `json:"waarschuwing,omitempty" doc:"de klus staat in de pool, maar niemand kon worden genotificeerd"`
}

// Deleted answers a permanent deletion.
type Deleted = httpapi.Changed[DeletedID]

// DeletedID names the deleted job.
type DeletedID struct {
	ID uuid.UUID `json:"id"`
}

// PerStatus counts jobs per status: the status cards of Klussen Beheer, a customer card's jobs.
type PerStatus struct {
	Open      int `json:"open"`
	Ingepland int `json:"ingepland"`
	Bezig     int `json:"bezig"`
	Afgerond  int `json:"afgerond"`
}

// Counts are the status cards of Klussen Beheer.
type Counts struct {
	PerStatus
	Totaal int `json:"totaal"`
}

// CountsAnswer wraps the counts as one record.
type CountsAnswer = httpapi.One[Counts]

// Kandidaat is a klusser an admin may assign a job of the region to.
type Kandidaat struct {
	ID         uuid.UUID `json:"id"`
	Naam       string    `json:"naam"`
	Woonplaats string    `json:"woonplaats"`
	Regio      []string  `json:"regio"`
	Telefoon   string    `json:"telefoon"`
}

// LogAttrs keeps the id only.
func (k Kandidaat) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("klusser_id", k.ID)} }

// Form is the create and edit form of a job (document 001 section 5, new job).
type Form struct {
	Datum              string   `json:"datum" doc:"JJJJ-MM-DD"`
	Tijd               string   `json:"tijd" doc:"een kloktijd als 09:00, of ochtend, middag of avond"`
	Categorie          string   `json:"categorie" doc:"sleutel van de categorie (D9)"`
	Beschrijving       string   `json:"beschrijving" text:"multiline" maxLength:"2000" msg:"Gebruik hoogstens 2000 tekens."`
	KlantVoornaam      string   `json:"klant_voornaam" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	KlantAchternaam    string   `json:"klant_achternaam" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	Adres              string   `json:"adres" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	Postcode           string   `json:"postcode"`
	Woonplaats         string   `json:"woonplaats" maxLength:"200" msg:"Gebruik hoogstens 200 tekens."`
	Telefoon           string   `json:"telefoon"`
	Email              string   `json:"email,omitempty"`
	Regio              string   `json:"regio,omitempty" doc:"leeg: de regio van de woonplaats of postcode (D2); een admin mag een regio kiezen"`
	GeschatTariefCents *int     `json:"geschat_tarief_cents,omitempty" doc:"uurtarief in centen, minimaal 0, in stappen van 500; leeg: 6500"`
	GeschatteDuur      *float64 `json:"geschatte_duur,omitempty" doc:"uren, minimaal 0,5, in stappen van 0,5; leeg: 1"`
	KlusserNotities    string   `json:"klusser_notities,omitempty" text:"multiline" maxLength:"2000" msg:"Gebruik hoogstens 2000 tekens."`
}

// CreateForm is the create form: the job and how it is assigned.
type CreateForm struct {
	Form
	Toewijzing string     `json:"toewijzing" doc:"pool of direct"`
	KlusserID  *uuid.UUID `json:"klusser_id,omitempty" doc:"verplicht bij direct: een klusser van de regio van de klus"`
}

// Gegevens is a checked form, ready to store.
type Gegevens struct {
	Datum                                               calendar.Date
	Tijd, Categorie, Beschrijving                       string
	KlantVoornaam, KlantAchternaam, Adres, Postcode     string
	Woonplaats, Telefoon, Email, Regio, KlusserNotities string
	TariefCents                                         int
	Duur                                                float64
}

// Change is one state change of a job by an admin (section 4).
type Change struct {
	Kind      string     // ChangeStatus, ChangeAssign, ChangePool, ChangeUnassign, ChangeArchive
	Status    string     // for ChangeStatus
	KlusserID *uuid.UUID // for ChangeAssign
}

// The changes, also the audit log's action names (D22).
const (
	ChangeStatus   = "status"
	ChangeAssign   = "assign"
	ChangePool     = "pool"
	ChangeUnassign = "unassign"
	ChangeArchive  = "archive"
	AuditCreate    = "create"
	AuditUpdate    = "update"
	AuditDelete    = "delete"
)

// The defaults and steps of section 5 and 9.
const (
	DefaultTariefCents = 6500
	TariefStapCents    = 500
	DefaultDuur        = 1.0
	DuurStap           = 0.5
	MaxDuur            = 100.0
	MaxBeschrijving    = 2000
)

// Statuses are the job statuses, in their order.
var Statuses = []string{"open", "ingepland", "bezig", "afgerond"}

// The messages of document 001 section 8 (jobs) and the refusals.
const (
	MsgAangemaakt       = "Klus aangemaakt"
	MsgBijgewerkt       = "Klus bijgewerkt"
	MsgStatus           = "Status bijgewerkt"
	MsgVanuitPool       = "Klusser toegewezen vanuit pool - werkbon aangemaakt"
	MsgDirect           = "Klusser direct toegewezen - werkbon aangemaakt"
	MsgToewijzingWeg    = "Toewijzing verwijderd"
	MsgGearchiveerd     = "Klus gearchiveerd"
	MsgVerwijderd       = "Klus permanent verwijderd"
	MsgVerplicht        = "Vul alle verplichte velden in"
	MsgKiesKlusser      = "Kies een klusser."
	MsgAndereRegio      = "Deze klusser werkt niet in de regio van deze klus."
	MsgGeenRegio        = "Deze woonplaats en postcode horen bij geen regio; kies een regio."
	MsgOnbekendeRegio   = "Onbekende regio."
	MsgCategorie        = "Kies een categorie."
	msgPoolFormat       = "Klus in pool geplaatst - klussers in %s zijn genotificeerd"
	msgPoolNobodyFormat = "De klus staat in de pool, maar er konden geen klussers worden genotificeerd: %s heeft geen actieve klussers."
)

// ErrFinishedReassign refuses to assign a finished job again. A job the actor may not see is
// ErrNotFound, as on the klusser's routes.
var ErrFinishedReassign = domainerr.Conflict("job_finished", "Deze klus is afgerond: de werkbon is gesloten en de klus kan niet opnieuw worden toegewezen.")

// NewBeheerService returns the service over s.
func NewBeheerService(s BeheerStore) BeheerService { return &beheerService{store: s} }

type beheerService struct{ store BeheerStore }

func (s *beheerService) Get(ctx context.Context, id uuid.UUID) (Detail, error) {
	return s.store.Get(ctx, id)
}

func (s *beheerService) List(ctx context.Context, p list.Params) (list.Page[ListItem], error) {
	return s.store.List(ctx, p, FilterOf(p))
}

func (s *beheerService) Counts(ctx context.Context, f Filter) (Counts, error) {
	return s.store.Counts(ctx, f)
}

func (s *beheerService) Create(ctx context.Context, n CreateForm) (Answer, error) {
	e := validate.Errors{}
	g := Check(n.Form, e)
	switch n.Toewijzing {
	case "pool":
		n.KlusserID = nil
	case "direct":
		if n.KlusserID == nil || *n.KlusserID == uuid.Nil {
			e.Set("klusser_id", MsgKiesKlusser)
		}
	default:
		e.Set("toewijzing", "Kies pool of direct.")
	}
	if err := Invalid(e); err != nil {
		return Answer{}, err
	}
	d, err := s.store.Create(ctx, g, n.KlusserID)
	return Answer{Data: d, Message: MsgAangemaakt}, err
}

func (s *beheerService) Update(ctx context.Context, id uuid.UUID, in Form) (Answer, error) {
	e := validate.Errors{}
	g := Check(in, e)
	if err := Invalid(e); err != nil {
		return Answer{}, err
	}
	d, err := s.store.Update(ctx, id, g)
	return Answer{Data: d, Message: MsgBijgewerkt}, err
}

func (s *beheerService) SetStatus(ctx context.Context, id uuid.UUID, status string) (Answer, error) {
	if !slices.Contains(Statuses, status) {
		return Answer{}, validate.Errors{"status": "Kies open, ingepland, bezig of afgerond."}.Invalid("invalid_status", "Ongeldige status")
	}
	d, _, err := s.store.Change(ctx, id, Change{Kind: ChangeStatus, Status: status})
	return Answer{Data: d, Message: MsgStatus}, err
}

func (s *beheerService) Assign(ctx context.Context, id, klusserID uuid.UUID) (Answer, error) {
	if klusserID == uuid.Nil {
		return Answer{}, validate.Errors{"klusser_id": MsgKiesKlusser}.Invalid("invalid_klusser", MsgKiesKlusser)
	}
	d, _, err := s.store.Change(ctx, id, Change{Kind: ChangeAssign, KlusserID: &klusserID})
	msg := MsgDirect
	if d.AssignmentType != nil && *d.AssignmentType == "pool" {
		msg = MsgVanuitPool
	}
	return Answer{Data: d, Message: msg}, err
}

func (s *beheerService) Pool(ctx context.Context, id uuid.UUID) (PoolAnswer, error) {
	d, n, err := s.store.Change(ctx, id, Change{Kind: ChangePool})
	if err != nil {
		return PoolAnswer{}, err
	}
	a := PoolAnswer{Answer: Answer{Data: d, Message: fmt.Sprintf(msgPoolFormat, d.RegioNaam)}, Genotificeerd: n}
	if n == 0 {
		a.Waarschuwing = fmt.Sprintf(msgPoolNobodyFormat, d.RegioNaam)
	}
	return a, nil
}

func (s *beheerService) Unassign(ctx context.Context, id uuid.UUID) (Answer, error) {
	d, _, err := s.store.Change(ctx, id, Change{Kind: ChangeUnassign})
	return Answer{Data: d, Message: MsgToewijzingWeg}, err
}

func (s *beheerService) Archive(ctx context.Context, id uuid.UUID) (Answer, error) {
	d, _, err := s.store.Change(ctx, id, Change{Kind: ChangeArchive})
	return Answer{Data: d, Message: MsgGearchiveerd}, err
}

func (s *beheerService) Delete(ctx context.Context, id uuid.UUID) (Deleted, error) {
	if err := s.store.Delete(ctx, id); err != nil {
		return Deleted{}, err
	}
	return Deleted{Data: DeletedID{ID: id}, Message: MsgVerwijderd}, nil
}

func (s *beheerService) Klussers(ctx context.Context, p list.Params) (list.Page[Kandidaat], error) {
	return s.store.Klussers(ctx, p)
}

// Invalid is the refusal of a job form with field messages e (nil without any), with the
// section 5 summary when a required field is missing, else the first field's message.
func Invalid(e validate.Errors) error {
	if len(e) == 0 {
		return nil
	}
	msg := ""
	for _, f := range formOrder {
		if m, ok := e[f]; ok {
			if m == MsgVerplicht {
				return e.Invalid("invalid_klus", MsgVerplicht)
			}
			if msg == "" {
				msg = m
			}
		}
	}
	if msg == "" {
		msg = MsgVerplicht
	}
	return e.Invalid("invalid_klus", msg)
}

// formOrder is the order of the fields on the form, for the summary message.
var formOrder = []string{"datum", "tijd", "categorie", "beschrijving", "klant_voornaam", "klant_achternaam", "adres",
	"postcode", "woonplaats", "telefoon", "email", "regio", "geschat_tarief_cents", "geschatte_duur", "toewijzing", "klusser_id"}

// Check applies the rules of section 5 (new job) to in, recording each problem in e, and returns
// the normalised values with the defaults filled in (rate 65 euro, duration 1 hour). The
// category and region are checked against the database by the store.
func Check(in Form, e validate.Errors) Gegevens {
	g := Gegevens{
		Tijd: strings.TrimSpace(in.Tijd), Categorie: strings.TrimSpace(in.Categorie), Beschrijving: strings.TrimSpace(in.Beschrijving),
		KlantVoornaam: validate.Text(in.KlantVoornaam), KlantAchternaam: validate.Text(in.KlantAchternaam),
		Adres: validate.Text(in.Adres), Woonplaats: validate.Text(in.Woonplaats), Regio: strings.TrimSpace(in.Regio),
		KlusserNotities: strings.TrimSpace(in.KlusserNotities), TariefCents: DefaultTariefCents, Duur: DefaultDuur,
	}
	for field, v := range map[string]string{
		"datum": in.Datum, "tijd": g.Tijd, "categorie": g.Categorie, "beschrijving": g.Beschrijving,
		"klant_voornaam": g.KlantVoornaam, "klant_achternaam": g.KlantAchternaam, "adres": g.Adres,
		"postcode": in.Postcode, "woonplaats": g.Woonplaats, "telefoon": in.Telefoon,
	} {
		e.Required(field, v, MsgVerplicht)
	}
	if strings.TrimSpace(in.Datum) != "" {
		if d, err := calendar.ParseDate(strings.TrimSpace(in.Datum)); err != nil {
			e.Set("datum", "Vul een geldige datum in.")
		} else {
			g.Datum = d
		}
	}
	if g.Tijd != "" && !ValidTijd(g.Tijd) {
		e.Set("tijd", "Vul een tijd in als 09:00, of ochtend, middag of avond.")
	}
	e.MaxChars("beschrijving", g.Beschrijving, MaxBeschrijving, "Gebruik hoogstens 2000 tekens.")
	for _, f := range []struct{ name, v string }{{"klant_voornaam", g.KlantVoornaam}, {"klant_achternaam", g.KlantAchternaam},
		{"adres", g.Adres}, {"woonplaats", g.Woonplaats}} {
		e.MaxChars(f.name, f.v, 200, "Gebruik hoogstens 200 tekens.")
	}
	e.MaxChars("klusser_notities", g.KlusserNotities, MaxBeschrijving, "Gebruik hoogstens 2000 tekens.")
	g.Postcode = e.Postcode("postcode", in.Postcode)
	g.Telefoon = e.Phone("telefoon", in.Telefoon)
	g.Email = e.Email("email", in.Email)
	if in.GeschatTariefCents != nil {
		if c := *in.GeschatTariefCents; c < 0 || c%TariefStapCents != 0 || c > 100_000 {
			e.Set("geschat_tarief_cents", "Het uurtarief is minimaal € 0, in stappen van € 5 (hoogstens € 1.000).")
		} else {
			g.TariefCents = c
		}
	}
	if in.GeschatteDuur != nil {
		if d := *in.GeschatteDuur; d < DuurStap || d > MaxDuur || math.Mod(d, DuurStap) != 0 {
			e.Set("geschatte_duur", "De duur is minimaal 0,5 uur, in stappen van 0,5 uur (hoogstens 100 uur).")
		} else {
			g.Duur = d
		}
	}
	return g
}

// ValidTijd: a clock time HH:MM (the admin's free text, document 001 section 3) or a customer's
// time block; the database checks the same.
func ValidTijd(t string) bool {
	switch t {
	case "ochtend", "middag", "avond":
		return true
	}
	if len(t) != 5 || t[2] != ':' {
		return false
	}
	_, err := time.Parse("15:04", t)
	return err == nil
}
