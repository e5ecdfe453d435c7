package reports_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/klusmaat/klusmaat/services/reports"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// The charts' figures (D29) on the demo data equal independent SQL sums over exactly the period's
// days; every week and month of the period is there, zero or not; the dashboards' trend has 8
// weeks; a franchise owner may read the trend but not the reports' charts.
func TestChartFiguresEqualIndependentSums(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	today := calendar.System.Today()
	if err := seed.Run(context.Background(), b.DB.DB, today, seed.FixedIDs()); err != nil {
		t.Fatal(err)
	}
	van, tot := today.AddDays(-60), today.AddDays(20)
	var answer reports.GrafiekenAnswer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/rapportages/grafieken?van="+van.String()+"&tot="+tot.String(), nil, &answer); s != http.StatusOK {
		t.Fatalf("charts: %d", s)
	}
	g := answer.Data
	weeks := van.WeekStart().DaysUntil(tot.WeekStart())/7 + 1
	if len(g.KlussenPerWeek) != weeks || g.KlussenPerWeek[0].Week != van.WeekStart().String() || len(g.TerugbellenPerWeek) != weeks {
		t.Errorf("weeks: %d and %d, want %d from %s", len(g.KlussenPerWeek), len(g.TerugbellenPerWeek), weeks, van.WeekStart())
	}
	sum := func(f func(int) int, n int) (total int) {
		for i := range n {
			total += f(i)
		}
		return total
	}
	want := func(what string, got int, sql string, args ...any) {
		t.Helper()
		var n int
		b.Query(t, &n, sql, args...)
		if got != n || n == 0 {
			t.Errorf("%s: the chart says %d, the database %d", what, got, n)
		}
	}
	period := []any{van.String(), tot.String()}
	want("jobs afgerond", sum(func(i int) int { return g.KlussenPerWeek[i].Afgerond }, len(g.KlussenPerWeek)),
		`SELECT count(*) FROM klussen WHERE status = 'afgerond' AND NOT archived AND datum BETWEEN $1::date AND $2::date`, period...)
	want("jobs open", sum(func(i int) int { return g.KlussenPerWeek[i].Open }, len(g.KlussenPerWeek)),
		`SELECT count(*) FROM klussen WHERE status = 'open' AND NOT archived AND datum BETWEEN $1::date AND $2::date`, period...)
	want("revenue", sum(func(i int) int { return g.OmzetPerMaand[i].OmzetCents }, len(g.OmzetPerMaand)),
		`SELECT sum(subtotaal_cents)::int FROM facturen WHERE datum BETWEEN $1::date AND $2::date`, period...)
	want("VAT", sum(func(i int) int { return g.OmzetPerMaand[i].BTWCents }, len(g.OmzetPerMaand)),
		`SELECT sum(btw_bedrag_cents)::int FROM facturen WHERE datum BETWEEN $1::date AND $2::date`, period...)
	want("hours (by the day the work was done)", sum(func(i int) int { return g.UrenPerMaand[i].Uren }, len(g.UrenPerMaand)),
		`SELECT sum(w.uren)::int FROM werkbonnen w JOIN profiles p ON p.id = w.klusser_id WHERE w.status = 'completed'
		 AND (w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date BETWEEN $1::date AND $2::date`, period...)
	want("website requests", sum(func(i int) int { return g.TerugbellenPerWeek[i].Aanvragen }, len(g.TerugbellenPerWeek)),
		`SELECT count(*) FROM klussen WHERE bron = 'website' AND (created_at AT TIME ZONE 'Europe/Amsterdam')::date BETWEEN $1::date AND $2::date`, period...)
	var rated, avg float64
	b.Query(t, &avg, `SELECT avg(w.rating_algemeen)::float8 FROM werkbonnen w JOIN profiles p ON p.id = w.klusser_id WHERE w.status = 'completed'
		AND date_trunc('month', w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date = date_trunc('month', $1::date)::date
		AND (w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date BETWEEN $2::date AND $3::date`, today.String(), van.String(), tot.String())
	for _, m := range g.BeoordelingPerMaand {
		if m.Maand == today.String()[:7] && m.Gemiddelde != nil {
			rated = *m.Gemiddelde
		}
	}
	if rated != avg || avg == 0 {
		t.Errorf("this month's average rating: the chart says %v, the database %v", rated, avg)
	}

	var trendAnswer reports.TrendAnswer
	s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/dashboard/trend", nil, &trendAnswer)
	trend := trendAnswer.Data
	if s != http.StatusOK || len(trend.Weken) != reports.TrendWeken ||
		trend.Weken[7].Week != today.WeekStart().String() {
		t.Fatalf("the franchise owner's trend: %d %+v", s, trend)
	}
	want("the den-haag trend's new jobs", sum(func(i int) int { return trend.Weken[i].Nieuw }, len(trend.Weken)),
		`SELECT count(*) FROM klussen WHERE regio = 'den-haag' AND (created_at AT TIME ZONE 'Europe/Amsterdam')::date >= $1::date`,
		today.WeekStart().AddDays(-49).String())
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/rapportages/grafieken?van="+van.String()+"&tot="+tot.String(), nil, nil); s != http.StatusForbidden {
		t.Errorf("a franchise owner reads the reports' charts: %d, want 403", s)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/rapportages/grafieken?van="+tot.String()+"&tot="+van.String(), nil, &e); s != http.StatusBadRequest ||
		e.Error.Fields["tot"] != "De einddatum ligt voor de begindatum." {
		t.Errorf("a period backwards: %d %+v", s, e)
	}
}
