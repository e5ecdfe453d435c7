// Package planning is the week board (docs/decisions.md, D29): for a week (Monday first, Amsterdam
// calendar) every klusser of the shown regions as a row with its jobs per day, the planned surveys,
// and the open jobs without a klusser beside it. One read per week, as the actor: row-level
// security gives a franchise owner its own regions only (D4). Assigning from the board uses the
// jobs' own assignment (package klus), so its rules, toasts and notifications are the list's.
package planning

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// MaxPool is the most open jobs the board's pool column shows, earliest date first.
const MaxPool = 100

// MsgWeek is the refusal of a week that is not a date.
const MsgWeek = "Kies een week met een datum (JJJJ-MM-DD)."

// MsgPagina is the refusal of a page that is not a positive whole number, worded as the lists'.
var MsgPagina = fmt.Sprintf("Kies een paginanummer van 1 tot en met %d.", list.MaxPageNumber)

// Week is the board of one week.
type Week struct {
	Week      string   `json:"week" doc:"de maandag van de week, JJJJ-MM-DD"`
	Dagen     []string `json:"dagen" doc:"maandag tot en met zondag"`
	Vandaag   string   `json:"vandaag" doc:"de datum van vandaag in Nederland"`
	Regio     string   `json:"regio" doc:"het regiofilter; leeg: alle zichtbare regio's"`
	Klussers  []Row    `json:"klussers" doc:"de klussers van deze pagina, op naam: de actieve klussers van de regio's en wie in de week een klus heeft; leeg voorbij de laatste pagina"`
	Totaal    int      `json:"totaal" doc:"hoeveel klussers het bord heeft, over alle pagina's"`
	Pagina    int      `json:"pagina" doc:"het paginanummer, vanaf 1"`
	PerPagina int      `json:"per_pagina" doc:"klussers per pagina"`
	Schouwen  []Item   `json:"schouwen" doc:"de geplande schouwen van de week"`
	Pool      []Open   `json:"pool" doc:"open klussen zonder klusser (pool of nog niet toegewezen), vroegste datum eerst"`
}

// LogAttrs names the week.
func (w Week) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("week", w.Week), slog.Int("klussers", len(w.Klussers)), slog.Int("pagina", w.Pagina), slog.Int("pool", len(w.Pool))}
}

// Answer is the week under data, as every answer that is no list (D25).
type Answer = httpapi.One[Week]

// Row is a klusser's row.
type Row struct {
	ID     uuid.UUID `json:"id"`
	Naam   string    `json:"naam"`
	Regios []string  `json:"regios"`
	Items  []Item    `json:"items" doc:"de klussen van de week, op dag en tijd"`
}

// Item is a card on the board: a job of a klusser, or a survey. It carries what the card shows (a
// week of a busy region has thousands); the job's page has the rest.
type Item struct {
	Soort      string     `json:"soort" doc:"klus of schouw"`
	KlusID     uuid.UUID  `json:"klus_id"`
	Dag        string     `json:"dag" doc:"JJJJ-MM-DD"`
	Tijd       string     `json:"tijd" doc:"UU:MM, of het dagdeel van de klant als er nog geen tijd is gepland"`
	Gepland    bool       `json:"gepland" doc:"er is een starttijd afgesproken"`
	Start      *time.Time `json:"start"`
	Status     string     `json:"status" doc:"de status van de klus; bij een schouw gepland of uitgevoerd"`
	Categorie  string     `json:"categorie"`
	Woonplaats string     `json:"woonplaats"`
	Regio      string     `json:"regio"`
	Opnemer    string     `json:"opnemer,omitempty" doc:"bij een schouw: wie hem doet"`
}

// Open is a job without a klusser, to assign from the board.
type Open struct {
	KlusID         uuid.UUID `json:"klus_id"`
	Datum          string    `json:"datum"`
	Tijd           string    `json:"tijd"`
	Categorie      string    `json:"categorie"`
	Woonplaats     string    `json:"woonplaats"`
	Regio          string    `json:"regio"`
	AssignmentType *string   `json:"assignment_type" doc:"pool, of null als de klus nog niet is uitgezet"`
}

// WeekRequest asks for the week holding Datum (today when empty), in Regio (all visible when empty),
// page Pagina of its klussers (the first when empty).
type WeekRequest struct {
	Datum  string
	Regio  string
	Pagina string
}

// LogAttrs names the week and region.
func (r WeekRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("week", r.Datum), slog.String("regio", r.Regio), slog.String("pagina", r.Pagina)}
}

// Store reads a week (store.go).
type Store interface {
	Week(ctx context.Context, monday calendar.Date, regio string, pagina int) (Week, error)
}

// Service is the board's use-case.
type Service interface {
	Week(ctx context.Context, r WeekRequest) (Answer, error)
}

// NewService returns the board over s; now tells today's Dutch date.
func NewService(s Store, now calendar.Clock) Service { return &service{store: s, now: now} }

type service struct {
	store Store
	now   calendar.Clock
}

func (s *service) Week(ctx context.Context, r WeekRequest) (Answer, error) {
	today := s.now.Today()
	day := today
	if r.Datum != "" {
		d, err := calendar.ParseDate(r.Datum)
		if err != nil {
			return Answer{}, validate.Errors{"week": MsgWeek}.Invalid("invalid_week", MsgWeek)
		}
		day = d
	}
	pagina := 1
	if r.Pagina != "" {
		n, err := strconv.Atoi(r.Pagina)
		if err != nil || n < 1 || n > list.MaxPageNumber {
			return Answer{}, validate.Errors{"pagina": MsgPagina}.Invalid("invalid_pagina", MsgPagina)
		}
		pagina = n
	}
	monday := day.WeekStart()
	w, err := s.store.Week(ctx, monday, r.Regio, pagina)
	if err != nil {
		return Answer{}, err
	}
	w.Week, w.Vandaag, w.Regio = monday.String(), today.String(), r.Regio
	w.Dagen = make([]string, 7)
	for i := range w.Dagen {
		w.Dagen[i] = monday.AddDays(i).String()
	}
	return Answer{Data: w}, nil
}
