package reports

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// The charts count exactly the period's days (issue 39 item 14): a period from a Sunday to a
// Friday counts neither the Monday to Saturday before it nor the weekend after it, and names its
// cut weeks by their days; a single day counts that day's jobs, not its week's. The hours count in
// the month the work was done, also for a work order opened with the plan a month before; the
// demo's work orders are made on their work dates.
func TestChartsCountExactlyThePeriodsDays(t *testing.T) {
	d := dbtest.New(t)
	ids := seed.IDs{}
	for _, u := range seed.Users {
		ids[u.Email] = uuid.New()
	}
	today, _ := calendar.ParseDate("2026-11-27") // a Friday; the 1st of November is a Sunday
	ctx := context.Background()
	if err := seed.Run(ctx, d.DB, today, ids); err != nil {
		t.Fatal(err)
	}
	owner, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close(ctx)
	count := func(sql string, args ...any) (n int) {
		t.Helper()
		if err := owner.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	var stray int
	if stray = count(`SELECT count(*) FROM werkbonnen WHERE (created_at AT TIME ZONE 'Europe/Amsterdam')::date
		<> (start_tijd AT TIME ZONE 'Europe/Amsterdam')::date`); stray != 0 || count(`SELECT count(*) FROM werkbonnen`) == 0 {
		t.Errorf("%d demo work orders are not made on the day their work started", stray)
	}
	// One work order of this month was opened with its plan 40 days before the work.
	if _, err := owner.Exec(ctx, `UPDATE werkbonnen SET created_at = start_tijd - interval '40 days' WHERE id = (
		SELECT id FROM werkbonnen WHERE status = 'completed' AND eind_tijd >= $1 ORDER BY id LIMIT 1)`, today.MonthStart().Start()); err != nil {
		t.Fatal(err)
	}

	store := &pgStore{db: d.DB}
	admin := tenants.WithActor(ctx, tenants.Actor{Role: tenants.Admin, UserID: ids[seed.Users[0].Email]})
	charts := func(van, tot calendar.Date) Grafieken {
		t.Helper()
		g, err := store.Grafieken(admin, van, tot, "")
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	jobs := `SELECT count(*) FROM klussen WHERE NOT archived AND datum BETWEEN $1::date AND $2::date`

	van, tot := today.MonthStart(), today
	g := charts(van, tot)
	if n := len(g.KlussenPerWeek); n != 5 {
		t.Fatalf("%d weeks from %s to %s, want 5", n, van, tot)
	}
	first, last := g.KlussenPerWeek[0], g.KlussenPerWeek[4]
	if first.Week != "2026-10-26" || first.Van != "2026-11-01" || first.Tot != "2026-11-01" ||
		last.Week != "2026-11-23" || last.Van != "2026-11-23" || last.Tot != "2026-11-27" || g.KlussenPerWeek[2].Van != "2026-11-09" || g.KlussenPerWeek[2].Tot != "2026-11-15" {
		t.Errorf("the cut weeks: first %+v, last %+v", first, last)
	}
	for _, s := range []struct {
		status string
		got    func(WeekStatus) int
	}{
		{"open", func(w WeekStatus) int { return w.Open }}, {"ingepland", func(w WeekStatus) int { return w.Ingepland }},
		{"bezig", func(w WeekStatus) int { return w.Bezig }}, {"afgerond", func(w WeekStatus) int { return w.Afgerond }},
	} {
		got := 0
		for _, w := range g.KlussenPerWeek {
			got += s.got(w)
		}
		if want := count(jobs+` AND status = $3`, van, tot, s.status); got != want {
			t.Errorf("%s jobs from %s to %s: the chart says %d, the database %d", s.status, van, tot, got, want)
		}
	}
	if count(jobs, tot.AddDays(1), tot.AddDays(2)) == 0 {
		t.Fatal("the demo has no jobs on the weekend after the period: the test proves nothing")
	}

	cut := 0 // days whose week has other jobs than the day's
	for day := today.AddDays(-20); !day.After(today.AddDays(20)); day = day.AddDays(1) {
		got := 0
		for _, w := range charts(day, day).KlussenPerWeek {
			got += w.Open + w.Ingepland + w.Bezig + w.Afgerond
		}
		want := count(jobs, day, day)
		if got != want {
			t.Errorf("the jobs of %s alone: the chart says %d, the database %d", day, got, want)
		}
		if count(jobs, day.WeekStart(), day.WeekStart().AddDays(6)) != want {
			cut++
		}
	}
	if cut == 0 {
		t.Fatal("no day's week has jobs on other days: the test proves nothing")
	}

	hours := `SELECT coalesce(sum(w.uren), 0)::int FROM werkbonnen w JOIN profiles p ON p.id = w.klusser_id WHERE w.status = 'completed'
		AND (w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date BETWEEN $1::date AND $2::date`
	g = charts(today.AddDays(-90), today)
	total := 0
	for _, m := range g.UrenPerMaand {
		month, _ := calendar.ParseDate(m.Maand + "-01")
		from, to := month, month.AddDays(40).MonthStart().AddDays(-1)
		if from.Before(today.AddDays(-90)) {
			from = today.AddDays(-90)
		}
		if to.After(today) {
			to = today
		}
		if want := count(hours, from, to); m.Uren != want {
			t.Errorf("hours worked in %s: the chart says %d, the database %d", m.Maand, m.Uren, want)
		}
		total += m.Uren
	}
	if total == 0 {
		t.Error("the demo has no hours in the last 90 days: the test proves nothing")
	}
}
