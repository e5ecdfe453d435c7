// Package reports is the reports' figures as charts (docs/decisions.md, D29): for a period and
// region, jobs per week by status, revenue and VAT per month, worked hours per month, the average
// rating per month and the requests answered late (D26); and for both dashboards an 8-week trend
// of new requests and finished jobs. Every figure is computed in SQL as the actor (row-level
// security, D4). Each figure counts exactly the period's days (Amsterdam dates): a week the period
// cuts counts only its days within it. The revenue is counted as the invoices export; the hours by
// the day the work was done.
package reports

import (
	"context"
	"log/slog"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// TrendWeken is the dashboards' trend: this week and the 7 before it.
const TrendWeken = 8

// Grafieken are the charts of the reports page.
type Grafieken struct {
	Van   string `json:"van"`
	Tot   string `json:"tot"`
	Regio string `json:"regio"`
	// KlussenPerWeek: the jobs whose date lies in each week the period touches (Monday to Sunday),
	// counting only the week's days within the period, by their status now.
	KlussenPerWeek []WeekStatus `json:"klussen_per_week"`
	// OmzetPerMaand: the invoices dated in each month, as the invoices export sums them (credit
	// invoices negative).
	OmzetPerMaand []MaandOmzet `json:"omzet_per_maand"`
	// UrenPerMaand: the hours of the work orders completed in each month, by the day the work
	// was done (Amsterdam).
	UrenPerMaand []MaandUren `json:"uren_per_maand"`
	// BeoordelingPerMaand: the average overall rating of the work orders completed in each month.
	BeoordelingPerMaand []MaandBeoordeling `json:"beoordeling_per_maand"`
	// TerugbellenPerWeek: the website requests that arrived in each week, and how many of them
	// were not called back within 24 hours (D26).
	TerugbellenPerWeek []WeekTerugbellen `json:"terugbellen_per_week"`
}

// LogAttrs names the period.
func (g Grafieken) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("van", g.Van), slog.String("tot", g.Tot), slog.String("regio", g.Regio)}
}

// GrafiekenAnswer and TrendAnswer carry their figures under data, as every answer that is no
// list (D25).
type GrafiekenAnswer = httpapi.One[Grafieken]

// TrendAnswer is the dashboards' trend under data.
type TrendAnswer = httpapi.One[Trend]

// WeekStatus is one week's jobs by status.
type WeekStatus struct {
	Week      string `json:"week" doc:"de maandag, JJJJ-MM-DD"`
	Van       string `json:"van" doc:"de eerste getelde dag: de maandag, of de begindatum als de periode midden in de week begint"`
	Tot       string `json:"tot" doc:"de laatste getelde dag: de zondag, of de einddatum als de periode midden in de week eindigt"`
	Open      int    `json:"open"`
	Ingepland int    `json:"ingepland"`
	Bezig     int    `json:"bezig"`
	Afgerond  int    `json:"afgerond"`
}

// MaandOmzet is one month's revenue.
type MaandOmzet struct {
	Maand      string `json:"maand" doc:"JJJJ-MM"`
	OmzetCents int    `json:"omzet_cents" doc:"excl. btw"`
	BTWCents   int    `json:"btw_cents"`
	Facturen   int    `json:"facturen"`
}

// MaandUren is one month's worked hours.
type MaandUren struct {
	Maand      string `json:"maand"`
	Uren       int    `json:"uren"`
	Werkbonnen int    `json:"werkbonnen"`
}

// MaandBeoordeling is one month's average rating (1 to 5), or null without ratings.
type MaandBeoordeling struct {
	Maand      string   `json:"maand"`
	Gemiddelde *float64 `json:"gemiddelde"`
	Beoordeeld int      `json:"beoordeeld"`
}

// WeekTerugbellen is one week's requests and those answered late.
type WeekTerugbellen struct {
	Week      string `json:"week"`
	Van       string `json:"van" doc:"de eerste getelde dag van de week binnen de periode"`
	Tot       string `json:"tot" doc:"de laatste getelde dag van de week binnen de periode"`
	Aanvragen int    `json:"aanvragen"`
	TeLaat    int    `json:"te_laat" doc:"niet binnen 24 uur teruggebeld (of nog steeds niet)"`
}

// Trend is a dashboard's 8 weeks.
type Trend struct {
	Weken []TrendWeek `json:"weken" doc:"de laatste 8 weken, oudste eerst; de laatste is deze week"`
}

// LogAttrs is empty: the trend names nobody.
func (Trend) LogAttrs() []slog.Attr { return nil }

// TrendWeek is one week of a dashboard's trend.
type TrendWeek struct {
	Week     string `json:"week"`
	Nieuw    int    `json:"nieuw" doc:"aanvragen en klussen die die week binnenkwamen"`
	Afgerond int    `json:"afgerond" doc:"klussen die die week werden afgerond (werkbon afgerond)"`
}

// Request is a period and region.
type Request struct {
	Van, Tot, Regio string
}

// LogAttrs names the period.
func (r Request) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("van", r.Van), slog.String("tot", r.Tot), slog.String("regio", r.Regio)}
}

// TrendRequest is a region (all visible when empty).
type TrendRequest struct{ Regio string }

// LogAttrs names the region.
func (r TrendRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("regio", r.Regio)} }

// Store computes the figures (store.go).
type Store interface {
	Grafieken(ctx context.Context, van, tot calendar.Date, regio string) (Grafieken, error)
	Trend(ctx context.Context, from calendar.Date, weeks int, regio string) (Trend, error)
}

// Service is the charts' use-case.
type Service interface {
	Grafieken(ctx context.Context, r Request) (GrafiekenAnswer, error)
	Trend(ctx context.Context, r TrendRequest) (TrendAnswer, error)
}

// NewService returns the charts over s; now tells today's Dutch date.
func NewService(s Store, now calendar.Clock) Service { return &service{store: s, now: now} }

type service struct {
	store Store
	now   calendar.Clock
}

func (s *service) Grafieken(ctx context.Context, r Request) (GrafiekenAnswer, error) {
	f := validate.Errors{}
	exports.CheckPeriod(f, r.Van, r.Tot, r.Regio)
	if err := f.Invalid("invalid_period", "Controleer de gekozen periode en regio."); err != nil {
		return GrafiekenAnswer{}, err
	}
	van, _ := calendar.ParseDate(r.Van)
	tot, _ := calendar.ParseDate(r.Tot)
	g, err := s.store.Grafieken(ctx, van, tot, r.Regio)
	g.Van, g.Tot, g.Regio = r.Van, r.Tot, r.Regio
	return GrafiekenAnswer{Data: g}, err
}

func (s *service) Trend(ctx context.Context, r TrendRequest) (TrendAnswer, error) {
	f := validate.Errors{}
	exports.CheckRegion(f, r.Regio)
	if err := f.Invalid("invalid_region", exports.MsgChooseRegio); err != nil {
		return TrendAnswer{}, err
	}
	from := s.now.Today().WeekStart().AddDays(-7 * (TrendWeken - 1))
	return httpapi.OneOf(s.store.Trend(ctx, from, TrendWeken, r.Regio))
}
