package planning_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/planning"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The week board (D29) holds exactly the week's planned jobs (Amsterdam days: a job at Sunday
// 23:30 is in the week, one at Monday 00:30 after it is not) and surveys, each klusser's on its
// row, and the open jobs without a klusser; a franchise owner gets its own regions only.
func TestPlanningWeek(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	monday := calendar.System.Today().AddDays(14).WeekStart()
	at := func(days, hour, minute int) *time.Time { s := monday.AddDays(days).At(hour, minute); return &s }
	wednesday := b.Job(t, servertest.Job{Status: "ingepland", Assignment: "direct", Klusser: b.Piet, Start: at(2, 10, 0), Datum: monday.AddDays(2)})
	sunday := b.Job(t, servertest.Job{Status: "ingepland", Assignment: "pool", Klusser: b.Piet, Start: at(6, 23, 30), Datum: monday.AddDays(6)})
	b.Job(t, servertest.Job{Status: "ingepland", Assignment: "pool", Klusser: b.Piet, Start: at(7, 0, 30), Datum: monday.AddDays(7)}) // next week
	claimed := b.Job(t, servertest.Job{Status: "open", Assignment: "pool", Klusser: b.Piet, Datum: monday.AddDays(4)})                // no start yet: on its date
	utrecht := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Status: "ingepland", Assignment: "direct",
		Klusser: b.Gerrit, Start: at(1, 9, 0), Datum: monday.AddDays(1)})
	archived := b.Job(t, servertest.Job{Status: "ingepland", Assignment: "direct", Klusser: b.Piet, Start: at(3, 9, 0), Datum: monday.AddDays(3)})
	b.Exec(t, `UPDATE klussen SET archived = true WHERE id = $1`, archived)
	pool := b.Job(t, servertest.Job{Assignment: "pool", Datum: monday.AddDays(-30)})
	unassigned := b.Job(t, servertest.Job{Datum: monday.AddDays(-29)})
	poolUtrecht := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Assignment: "pool", Datum: monday.AddDays(-28)})
	schouw := b.Job(t, servertest.Job{})
	schouwUtrecht := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA"})
	for _, s := range []uuid.UUID{schouw, schouwUtrecht} {
		b.Exec(t, `INSERT INTO klus_schouwen (klus_id, start, opnemer, regio) VALUES ($1, $2, 'Kees', '')`, s, *at(0, 8, 0))
	}

	week := func(handle, query string) planning.Week {
		t.Helper()
		var w planning.Answer
		if s := b.Call(t, handle, http.MethodGet, "/api/v1/planning?week="+monday.AddDays(3).String()+query, nil, &w); s != http.StatusOK {
			t.Fatalf("planning as %s%s: %d", handle, query, s)
		}
		return w.Data
	}
	items := func(w planning.Week, klusser string) []uuid.UUID {
		for _, r := range w.Klussers {
			if r.ID == b.ID(klusser) {
				var ids []uuid.UUID
				for _, it := range r.Items {
					ids = append(ids, it.KlusID)
				}
				return ids
			}
		}
		return nil
	}
	ids := func(list []planning.Item) (out []uuid.UUID) {
		for _, it := range list {
			out = append(out, it.KlusID)
		}
		return out
	}
	poolIDs := func(w planning.Week) (out []uuid.UUID) {
		for _, o := range w.Pool {
			out = append(out, o.KlusID)
		}
		return out
	}

	admin := week(b.Admin, "")
	if admin.Week != monday.String() || len(admin.Dagen) != 7 || admin.Dagen[6] != monday.AddDays(6).String() {
		t.Errorf("the week: %s %v", admin.Week, admin.Dagen)
	}
	if got, want := items(admin, b.Piet), []uuid.UUID{wednesday, claimed, sunday}; !slices.Equal(got, want) {
		t.Errorf("Piet's week: %v, want Wednesday's, the claimed one on Friday, Sunday's", got)
	}
	for _, r := range admin.Klussers {
		for _, it := range r.Items {
			if it.KlusID == sunday && (it.Dag != monday.AddDays(6).String() || it.Tijd != "23:30" || !it.Gepland) {
				t.Errorf("Sunday 23:30 Amsterdam: %+v", it)
			}
			if it.KlusID == claimed && (it.Dag != monday.AddDays(4).String() || it.Tijd != "ochtend" || it.Gepland) {
				t.Errorf("a claimed job without a start: %+v", it)
			}
		}
	}
	if got := items(admin, b.Gerrit); !slices.Equal(got, []uuid.UUID{utrecht}) {
		t.Errorf("Gerrit's week: %v", got)
	}
	if got := ids(admin.Schouwen); len(got) != 2 || !slices.Contains(got, schouw) || !slices.Contains(got, schouwUtrecht) {
		t.Errorf("the admin's surveys: %v", got)
	}
	if got := poolIDs(admin); len(got) < 3 || got[0] != pool || got[1] != unassigned || got[2] != poolUtrecht {
		t.Errorf("the admin's open jobs, earliest first: %v", got)
	}

	franchise := week(b.Franchise, "")
	if got := items(franchise, b.Piet); !slices.Equal(got, []uuid.UUID{wednesday, claimed, sunday}) {
		t.Errorf("the franchise owner's view of Piet: %v", got)
	}
	for _, r := range franchise.Klussers {
		for _, it := range r.Items {
			if it.Regio != "den-haag" {
				t.Errorf("the den-haag franchise owner sees a job of %s", it.Regio)
			}
		}
	}
	if items(franchise, b.Gerrit) != nil {
		t.Error("the den-haag franchise owner sees Gerrit of Utrecht")
	}
	if got := ids(franchise.Schouwen); !slices.Equal(got, []uuid.UUID{schouw}) {
		t.Errorf("the franchise owner's surveys: %v", got)
	}
	for _, o := range franchise.Pool {
		if o.Regio != "den-haag" {
			t.Errorf("the franchise owner's pool holds a job of %s", o.Regio)
		}
	}
	if got := poolIDs(week(b.Franchise, "&regio=utrecht")); len(got) != 0 {
		t.Errorf("the franchise owner asks for Utrecht: %v", got)
	}

	regio := week(b.Admin, "&regio=utrecht")
	if len(regio.Klussers) != 1 || regio.Klussers[0].ID != b.ID(b.Gerrit) || !slices.Equal(ids(regio.Schouwen), []uuid.UUID{schouwUtrecht}) {
		t.Errorf("the admin's Utrecht board: %+v", regio)
	}

	// The count of the board equals an independent count of the week's planned jobs.
	var planned int
	b.Query(t, &planned, `SELECT count(*) FROM klussen WHERE klusser_id IS NOT NULL AND NOT archived
		AND ((geplande_start_tijd AT TIME ZONE 'Europe/Amsterdam')::date BETWEEN $1::date AND $1::date + 6
		  OR (geplande_start_tijd IS NULL AND datum BETWEEN $1::date AND $1::date + 6))`, monday.String())
	var shown int
	for _, r := range admin.Klussers {
		shown += len(r.Items)
	}
	if shown != planned {
		t.Errorf("the board shows %d jobs, the database holds %d for the week", shown, planned)
	}

	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/planning?week=morgen", nil, &e); s != http.StatusBadRequest || e.Error.Fields["week"] != planning.MsgWeek {
		t.Errorf("a week that is no date: %d %+v", s, e)
	}
	if s := b.Call(t, b.Piet, http.MethodGet, "/api/v1/planning", nil, nil); s != http.StatusForbidden {
		t.Errorf("a klusser opens the board: %d, want 403", s)
	}
}

// The board pages its klussers (25 a page, by name then id): the rows are the active klussers of
// the filter and whoever has a planned job of the week, so an inactive klusser's job keeps its row;
// every klusser, and so every planned job, is on exactly one page; a page past the end is empty
// with the total; a pagina that is no positive number is refused at its field.
func TestPlanningWeekPages(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	monday := calendar.System.Today().AddDays(21).WeekStart()
	at := func(days int) *time.Time { s := monday.AddDays(days).At(10, 0); return &s }
	var klussers []string
	for i := range 30 {
		klussers = append(klussers, b.Klusser(t, fmt.Sprintf("Klusser %02d", i+1), fmt.Sprintf("06 12 34 57 %02d", i), "den-haag"))
	}
	ina := b.Klusser(t, "Ina Inactief", "06 12 34 58 00", "den-haag")
	b.Exec(t, `UPDATE profiles SET actief = false WHERE id = $1`, b.ID(ina))
	jobs := map[uuid.UUID]string{
		b.Job(t, servertest.Job{Status: "ingepland", Assignment: "direct", Klusser: b.Piet, Start: at(1), Datum: monday.AddDays(1)}):       b.Piet,
		b.Job(t, servertest.Job{Status: "ingepland", Assignment: "direct", Klusser: ina, Start: at(2), Datum: monday.AddDays(2)}):          ina,
		b.Job(t, servertest.Job{Status: "ingepland", Assignment: "direct", Klusser: klussers[4], Start: at(3), Datum: monday.AddDays(3)}):  klussers[4],
		b.Job(t, servertest.Job{Status: "ingepland", Assignment: "direct", Klusser: klussers[29], Start: at(4), Datum: monday.AddDays(4)}): klussers[29],
		b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Status: "ingepland", Assignment: "direct",
			Klusser: b.Gerrit, Start: at(0), Datum: monday}): b.Gerrit,
	}

	page := func(handle, query string) planning.Week {
		t.Helper()
		var w planning.Answer
		if s := b.Call(t, handle, http.MethodGet, "/api/v1/planning?week="+monday.String()+query, nil, &w); s != http.StatusOK {
			t.Fatalf("planning as %s%s: %d", handle, query, s)
		}
		return w.Data
	}
	// all reads every page of the board and checks that each klusser is on one page, in order.
	all := func(handle, query string, total int) map[uuid.UUID]uuid.UUID {
		t.Helper()
		first := page(handle, query)
		if first.Totaal != total || first.PerPagina != 25 || first.Pagina != 1 || len(first.Klussers) != min(total, 25) {
			t.Fatalf("page 1%s: totaal %d per_pagina %d pagina %d, %d rows; want totaal %d", query, first.Totaal, first.PerPagina, first.Pagina, len(first.Klussers), total)
		}
		seen := map[uuid.UUID]bool{}
		placed := map[uuid.UUID]uuid.UUID{} // job → the row it is on
		var names []string
		for n := 1; ; n++ {
			w := page(handle, fmt.Sprintf("%s&pagina=%d", query, n))
			if w.Totaal != total || w.Pagina != n {
				t.Errorf("page %d%s: totaal %d pagina %d", n, query, w.Totaal, w.Pagina)
			}
			if len(w.Klussers) == 0 {
				if n != (total+24)/25+1 {
					t.Errorf("%s: the first empty page is %d of a board of %d", query, n, total)
				}
				break
			}
			for _, r := range w.Klussers {
				if seen[r.ID] {
					t.Errorf("%s: %s (%s) is on two pages", query, r.Naam, r.ID)
				}
				seen[r.ID] = true
				names = append(names, r.Naam)
				for _, it := range r.Items {
					placed[it.KlusID] = r.ID
				}
			}
		}
		if len(seen) != total || !slices.IsSorted(names) {
			t.Errorf("%s: %d klussers over the pages, want %d, by name: %v", query, len(seen), total, names)
		}
		return placed
	}

	// Admin: Gerrit, Ina (inactive, but with a job), the 30 and Piet.
	placed := all(b.Admin, "", 33)
	for id, klusser := range jobs {
		if placed[id] != b.ID(klusser) {
			t.Errorf("job %s is on the row of %s, want its klusser %s", id, placed[id], b.ID(klusser))
		}
	}
	if len(placed) != len(jobs) {
		t.Errorf("the pages hold %d jobs, want %d", len(placed), len(jobs))
	}
	// Piet Bakker sorts after the 30 others: page 2.
	if p2 := page(b.Admin, "&pagina=2"); len(p2.Klussers) != 8 || p2.Klussers[7].ID != b.ID(b.Piet) || len(p2.Klussers[7].Items) != 1 {
		t.Errorf("page 2 ends with Piet and his job: %+v", p2.Klussers)
	}
	if far := page(b.Admin, "&pagina=40"); len(far.Klussers) != 0 || far.Totaal != 33 {
		t.Errorf("a page past the end: %d rows, totaal %d", len(far.Klussers), far.Totaal)
	}
	// The franchise owner of den-haag: the same without Gerrit; one region of the admin likewise.
	all(b.Franchise, "", 32)
	all(b.Admin, "&regio=den-haag", 32)
	if utrecht := all(b.Admin, "&regio=utrecht", 1); len(utrecht) != 1 {
		t.Errorf("Utrecht's board: %v", utrecht)
	}

	for _, bad := range []string{"0", "-1", "twee", "1.5", "100001"} {
		var e servertest.APIError
		if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/planning?pagina="+bad, nil, &e); s != http.StatusBadRequest || e.Error.Fields["pagina"] != planning.MsgPagina {
			t.Errorf("pagina=%s: %d %+v", bad, s, e)
		}
	}
}
