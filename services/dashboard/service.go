// Package dashboard is the back office's dashboard (document 001 section 2, Admin dashboard): the
// jobs per status, per region, the latest jobs and the top towns, counted in SQL (D25). Admins see
// every region; a franchise owner gets the same answer over its own regions (row-level security).
// The console reloads it on the job events of the SSE stream (services/platform/events), not by polling.
package dashboard

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// Service is the dashboard.
type Service interface {
	// Get counts the jobs that are not archived.
	Get(ctx context.Context) (One, error)
}

// Store reads the counts; store.go implements it.
type Store interface {
	Get(ctx context.Context) (Dashboard, error)
}

// Dashboard is what the dashboard shows; archived jobs are not counted.
type Dashboard struct {
	Statussen         Statussen    `json:"statussen"`
	Totaal            int          `json:"totaal"`
	Regios            []Regio      `json:"regios" doc:"elke actieve regio, ook zonder klussen, op naam"`
	RecenteActiviteit []Activiteit `json:"recente_activiteit" doc:"de 10 nieuwste klussen"`
	TopWoonplaatsen   []Woonplaats `json:"top_woonplaatsen" doc:"de 10 woonplaatsen met de meeste klussen"`
	Terugbellen       Terugbellen  `json:"terugbellen" doc:"aanvragen van de website zonder vastgelegd contact na 24 uur (D26)"`
}

// Terugbellen are the requests waiting past the promise of contact within 24 hours: how many,
// and the oldest ten, oldest first.
type Terugbellen struct {
	Aantal  int      `json:"aantal"`
	Klussen []TeLaat `json:"klussen" doc:"de 10 oudste, oudste eerst"`
}

// TeLaat is a request still waiting for its first contact.
type TeLaat struct {
	ID             uuid.UUID `json:"id"`
	Naam           string    `json:"naam" doc:"naam van de klant (kan leeg zijn)"`
	Telefoon       string    `json:"telefoon"`
	Woonplaats     string    `json:"woonplaats"`
	Regio          string    `json:"regio"`
	CategorieLabel string    `json:"categorie_label"`
	CreatedAt      time.Time `json:"created_at"`
	UrenTeLaat     int       `json:"uren_te_laat" doc:"hele uren na de 24 uur"`
}

// One is the dashboard as one record ({"data": ...}).
type One = httpapi.One[Dashboard]

// LogAttrs keeps the total only.
func (d Dashboard) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("totaal", d.Totaal)} }

// Statussen counts jobs per status.
type Statussen struct {
	Open      int `json:"open"`
	Ingepland int `json:"ingepland"`
	Bezig     int `json:"bezig"`
	Afgerond  int `json:"afgerond"`
}

// Regio is a row of the region table.
type Regio struct {
	Regio string `json:"regio"`
	Naam  string `json:"naam"`
	Statussen
	Totaal int `json:"totaal"`
}

// Activiteit is one of the latest jobs.
type Activiteit struct {
	ID             uuid.UUID `json:"id"`
	Status         string    `json:"status"`
	Categorie      string    `json:"categorie"`
	CategorieLabel string    `json:"categorie_label"`
	Beschrijving   string    `json:"beschrijving"`
	Woonplaats     string    `json:"woonplaats"`
	Regio          string    `json:"regio"`
	Datum          string    `json:"datum"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// Woonplaats is a town with its number of jobs.
type Woonplaats struct {
	Woonplaats string `json:"woonplaats"`
	Aantal     int    `json:"aantal"`
}

// NewService returns the service over s.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

func (s *service) Get(ctx context.Context) (One, error) {
	return httpapi.OneOf(s.store.Get(ctx))
}
