package klus_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// D17: of 100 klussers claiming one pool job at the same moment exactly one gets it; the other 99
// hear it was just taken, and the row names the winner.
func TestHundredSimultaneousClaimsOneWinner(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{})
	pooled := p.Job(t, servertest.Job{Assignment: "pool"})
	handles := make([]string, 100)
	for i := range handles {
		handles[i] = p.Klusser(t, fmt.Sprintf("Klusser %d", i), "06 1000 00"+fmt.Sprint(i), "den-haag")
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	statuses := make([]int, len(handles))
	messages := make([]string, len(handles))
	for i, h := range handles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			var e servertest.APIError
			statuses[i] = p.Call(t, h, http.MethodPost, servertest.ClaimPath(pooled), nil, &e)
			messages[i] = e.Error.Message
		}()
	}
	close(start)
	wg.Wait()

	winner, wins, lost := "", 0, 0
	for i, s := range statuses {
		switch {
		case s == http.StatusOK:
			wins++
			winner = handles[i]
		case s == http.StatusConflict && messages[i] == "Deze klus is net door een andere klusser opgepakt.":
			lost++
		default:
			t.Errorf("claim %d: %d %q", i, s, messages[i])
		}
	}
	if wins != 1 || lost != 99 {
		t.Fatalf("%d claims succeeded and %d were told the job was taken; want 1 and 99", wins, lost)
	}
	var owner uuid.UUID
	var claimed *time.Time
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT klusser_id, claimed_at FROM klussen WHERE id = $1`, pooled).Scan(&owner, &claimed)
	})
	if owner != p.Actor(winner).UserID || claimed == nil {
		t.Fatalf("row names %s (claimed at %v), the winner was %s", owner, claimed, winner)
	}
	// The winner sees it as its own, still open; the job left everyone's pool.
	var k klus.Klus
	if s := p.Call(t, winner, http.MethodGet, "/api/v1/klusser/klussen/"+pooled.String(), nil, &k); s != http.StatusOK || !k.Eigen || k.Status != "open" {
		t.Fatalf("winner's job: %d %+v", s, k)
	}
	var c klus.Count
	if p.Call(t, handles[0], http.MethodGet, "/api/v1/klusser/pool/count", nil, &c); c.Total != 0 {
		t.Fatalf("pool after the claim: %d", c.Total)
	}
}

// D18: 20 simultaneous changes of one planned job: exactly 2 succeed, the counter ends at 2.
func TestTwentySimultaneousChangesStopAtTwo(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	datum := calendar.System.Today().AddDays(5)
	start := datum.At(9, 0)
	jobID := p.Job(t, servertest.Job{Assignment: "pool", Status: "ingepland", Klusser: piet, Start: &start, Datum: datum})

	var wg sync.WaitGroup
	gate := make(chan struct{})
	statuses := make([]int, 20)
	codes := make([]string, 20)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			var e servertest.APIError
			// Every request asks a different time (10:00, 10:30, ...), so each is a real change.
			tijd := fmt.Sprintf("%02d:%02d", 10+i/2, 30*(i%2))
			statuses[i] = p.Call(t, piet, http.MethodPut, servertest.PlanPath(jobID), klus.Planning{Datum: datum.String(), Tijd: tijd}, &e)
			codes[i] = e.Error.Code
		}()
	}
	close(gate)
	wg.Wait()
	ok, refused := 0, 0
	for i, s := range statuses {
		switch {
		case s == http.StatusOK:
			ok++
		case s == http.StatusConflict && codes[i] == "max_changes":
			refused++
		default:
			t.Errorf("change %d: %d %s", i, s, codes[i])
		}
	}
	var k klus.Klus
	p.Call(t, piet, http.MethodGet, "/api/v1/klusser/klussen/"+jobID.String(), nil, &k)
	if ok != 2 || refused != 18 || k.PlanningChangesCount != 2 {
		t.Fatalf("%d changes succeeded, %d refused, counter %d; want 2, 18, 2", ok, refused, k.PlanningChangesCount)
	}
}

// D3: a klusser of rotterdam cannot list, see, claim or plan a den-haag pool job, through the API
// or in SQL.
func TestOtherRegionsPoolIsOutOfReach(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{})
	kees := p.Klusser(t, "Kees Rotterdam", "06 2", "rotterdam")
	piet := p.Klusser(t, "Piet Bakker", "06 1", "den-haag")
	dh := p.Job(t, servertest.Job{Assignment: "pool"})
	rt := p.Job(t, servertest.Job{Assignment: "pool", Regio: "rotterdam", Woonplaats: "Rotterdam", Postcode: "3011 AA"})

	var page list.Page[klus.Klus]
	if s := p.Call(t, kees, http.MethodGet, "/api/v1/klusser/pool", nil, &page); s != http.StatusOK || page.Total != 1 || len(page.Data) != 1 || page.Data[0].ID != rt {
		t.Fatalf("rotterdam pool: %d %+v", s, page)
	}
	var e servertest.APIError
	if s := p.Call(t, kees, http.MethodGet, "/api/v1/klusser/klussen/"+dh.String(), nil, &e); s != http.StatusNotFound || e.Error.Message != "Klus niet gevonden" {
		t.Fatalf("see den-haag job: %d %+v", s, e)
	}
	if s := p.Call(t, kees, http.MethodPost, servertest.ClaimPath(dh), nil, &e); s != http.StatusNotFound {
		t.Fatalf("claim den-haag job: %d %+v", s, e)
	}
	if s := p.Call(t, kees, http.MethodPut, servertest.PlanPath(dh), klus.Planning{Datum: calendar.System.Today().AddDays(2).String(), Tijd: "10:00"}, &e); s != http.StatusNotFound {
		t.Fatalf("plan den-haag job: %d %+v", s, e)
	}
	// In SQL, as the rotterdam klusser: the row is invisible and no UPDATE reaches it.
	p.DB.As(t, p.Actor(kees), func(tx pgx.Tx) error {
		ctx := context.Background()
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM klussen WHERE id = $1`, dh).Scan(&n); err != nil || n != 0 {
			t.Errorf("SQL read of den-haag job: %d %v", n, err)
		}
		tag, err := tx.Exec(ctx, `UPDATE klussen SET klusser_id = actor_id(), claimed_at = now() WHERE id = $1`, dh)
		if err != nil || tag.RowsAffected() != 0 {
			t.Errorf("SQL claim of den-haag job: %v %v", tag, err)
		}
		return nil
	})
	// Still in den-haag's pool, untouched.
	var c klus.Count
	if p.Call(t, piet, http.MethodGet, "/api/v1/klusser/pool/count", nil, &c); c.Total != 1 {
		t.Fatalf("den-haag pool: %d", c.Total)
	}
}

// A claim of a job that is not (or no longer) in the klusser's pool is refused, and changes nothing.
func TestClaimOutsideThePoolIsRefused(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{})
	piet := p.Klusser(t, "Piet Bakker", "06 1", "den-haag")
	jan := p.Klusser(t, "Jan de Groot", "06 3", "den-haag")
	direct := p.Job(t, servertest.Job{})                                                       // open, not offered in the pool
	finished := p.Job(t, servertest.Job{Assignment: "pool", Status: "afgerond", Klusser: jan}) // done by jan
	taken := p.Job(t, servertest.Job{Assignment: "pool"})
	if s := p.Call(t, jan, http.MethodPost, servertest.ClaimPath(taken), nil, nil); s != http.StatusOK {
		t.Fatalf("jan's claim: %d", s)
	}
	for name, c := range map[string]struct {
		id     uuid.UUID
		status int
		code   string
	}{
		"not a pool job":  {direct, http.StatusNotFound, "klus_not_found"},
		"afgerond":        {finished, http.StatusNotFound, "klus_not_found"},
		"claimed already": {taken, http.StatusConflict, "already_claimed"},
		"unknown":         {uuid.New(), http.StatusNotFound, "klus_not_found"},
	} {
		var e servertest.APIError
		if s := p.Call(t, piet, http.MethodPost, servertest.ClaimPath(c.id), nil, &e); s != c.status || e.Error.Code != c.code {
			t.Errorf("%s: %d %s, want %d %s", name, s, e.Error.Code, c.status, c.code)
		}
	}
	var owner *uuid.UUID
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT klusser_id FROM klussen WHERE id = $1`, direct).Scan(&owner)
	})
	if owner != nil {
		t.Fatalf("refused claim assigned the job to %s", owner)
	}
}

// Document 001 section 5: the date today or later, the time on the half hour from 08:00 to 20:00;
// the first plan makes the job ingepland with a work order, a change moves it and counts.
func TestPlanChecks(t *testing.T) {
	now := calendar.NewDate(2026, time.March, 10).At(15, 0)
	p := servertest.NewPortal(t, servertest.Options{Clock: calendar.Fixed(now)})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	today := calendar.DateOf(now)
	jobID := p.Job(t, servertest.Job{Assignment: "pool", Klusser: piet, Datum: today.AddDays(2)})
	for _, c := range []struct {
		datum, tijd, field, msg string
	}{
		{"", "", "datum", "Selecteer eerst een datum en tijd"},
		{today.String(), "", "datum", "Selecteer eerst een datum en tijd"},
		{today.AddDays(-1).String(), "10:00", "datum", "Kies een datum vanaf vandaag."},
		{today.String(), "07:30", "tijd", "Kies een tijd tussen 08:00 en 20:00, per half uur."},
		{today.String(), "20:30", "tijd", "Kies een tijd tussen 08:00 en 20:00, per half uur."},
		{today.String(), "09:15", "tijd", "Kies een tijd tussen 08:00 en 20:00, per half uur."},
		{today.String(), "ochtend", "tijd", "Kies een tijd tussen 08:00 en 20:00, per half uur."},
	} {
		var e servertest.APIError
		s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(jobID), klus.Planning{Datum: c.datum, Tijd: c.tijd}, &e)
		if s != http.StatusBadRequest || e.Error.Fields[c.field] != c.msg {
			t.Errorf("plan %q %q: %d %+v, want 400 with %s: %q", c.datum, c.tijd, s, e.Error, c.field, c.msg)
		}
	}
	// 08:00 today is accepted (today counts, whatever the hour), as the first plan.
	var k klus.Klus
	if s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(jobID), klus.Planning{Datum: today.String(), Tijd: "08:00"}, &k); s != http.StatusOK {
		t.Fatalf("08:00: %d", s)
	}
	if k.Status != "ingepland" || k.GeplandeStartTijd == nil || !k.GeplandeStartTijd.Equal(today.At(8, 0)) ||
		k.WerkbonID == nil || k.PlanningChangesCount != 0 {
		t.Fatalf("after the first plan: %+v", k)
	}
	// 20:00 is the last slot: a change, counted.
	if s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(jobID), klus.Planning{Datum: today.AddDays(1).String(), Tijd: "20:00"}, &k); s != http.StatusOK {
		t.Fatalf("20:00: %d", s)
	}
	if !k.GeplandeStartTijd.Equal(today.AddDays(1).At(20, 0)) || k.PlanningChangesCount != 1 {
		t.Fatalf("after the change: %+v", k)
	}
	// The same moment again changes nothing and does not count.
	if s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(jobID), klus.Planning{Datum: today.AddDays(1).String(), Tijd: "20:00"}, &k); s != http.StatusOK || k.PlanningChangesCount != 1 {
		t.Fatalf("same moment: %d %+v", s, k)
	}
	// Someone else's job, and a job already running, are refused.
	jan := p.Klusser(t, "Jan", "06 3", "den-haag")
	var e servertest.APIError
	if s := p.Call(t, jan, http.MethodPut, servertest.PlanPath(jobID), klus.Planning{Datum: today.String(), Tijd: "10:00"}, &e); s != http.StatusNotFound {
		t.Errorf("plan of another's job: %d", s)
	}
	bezig := p.Job(t, servertest.Job{Assignment: "pool", Status: "bezig", Klusser: piet, Start: &now})
	if s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(bezig), klus.Planning{Datum: today.String(), Tijd: "10:00"}, &e); s != http.StatusConflict || e.Error.Code != "finished" {
		t.Errorf("plan of a running job: %d %+v", s, e.Error)
	}
}

// The customer receives the planning e-mail with the klusser's name and phone, the date, time and
// address; every admin gets the notification rows of the claim, the plan and the change.
func TestPlanningEmailsTheCustomerAndNotifiesAdmins(t *testing.T) {
	smtpURL, apiURL := jobstest.MailDev(t)
	p := servertest.NewPortal(t, servertest.Options{Work: true, SMTP: smtpURL})
	admins := []uuid.UUID{uuid.New(), uuid.New()}
	for _, a := range admins {
		p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, a)
	}
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	to := "klant-" + uuid.NewString()[:8] + "@example.nl"
	datum := calendar.System.Today().AddDays(4)
	jobID := p.Job(t, servertest.Job{Assignment: "pool", Email: to, Naam: "Mevrouw Jansen", Datum: datum})

	if s := p.Call(t, piet, http.MethodPost, servertest.ClaimPath(jobID), nil, nil); s != http.StatusOK {
		t.Fatalf("claim: %d", s)
	}
	if s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(jobID), klus.Planning{Datum: datum.String(), Tijd: "09:30"}, nil); s != http.StatusOK {
		t.Fatalf("plan: %d", s)
	}
	mails := jobstest.WaitForMails(t, apiURL, to, 1, 20*time.Second)
	m := mails[0]
	for _, want := range []string{"Mevrouw Jansen", "Piet Bakker", "06 12 34 56 01", datum.Dutch(), "09:30", "Herenstraat 1, 2271 AB Voorburg"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("planning e-mail lacks %q:\n%s", want, m.Text)
		}
	}
	if m.Subject != "Uw klus is ingepland" {
		t.Errorf("subject %q", m.Subject)
	}
	if s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(jobID), klus.Planning{Datum: datum.AddDays(1).String(), Tijd: "14:00"}, nil); s != http.StatusOK {
		t.Fatalf("change: %d", s)
	}
	mails = jobstest.WaitForMails(t, apiURL, to, 2, 20*time.Second)
	changed := false
	for _, m := range mails {
		changed = changed || (strings.Contains(m.Text, datum.AddDays(1).Dutch()) && strings.Contains(m.Text, "14:00") && m.Subject != "Uw klus is ingepland")
	}
	if !changed {
		t.Errorf("no change e-mail with the new date and time: %+v", mails)
	}

	want := map[string]string{
		"klus_opgepakt":  "Klus opgepakt door Piet Bakker",
		"klus_ingepland": fmt.Sprintf("Klus ingepland door Piet Bakker op %s om 09:30", datum.Dutch()),
		"klus_gewijzigd": fmt.Sprintf("Klus gewijzigd door Piet Bakker naar %s om 14:00", datum.AddDays(1).Dutch()),
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := map[uuid.UUID]map[string]string{}
		p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
			rows, err := tx.Query(context.Background(), `SELECT user_id, type, message FROM notifications WHERE klus_id = $1`, jobID)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var u uuid.UUID
				var typ, msg string
				if err := rows.Scan(&u, &typ, &msg); err != nil {
					return err
				}
				if got[u] == nil {
					got[u] = map[string]string{}
				}
				got[u][typ] = msg
			}
			return rows.Err()
		})
		complete := len(got) == len(admins)
		for _, a := range admins {
			complete = complete && fmt.Sprint(got[a]) == fmt.Sprint(want)
		}
		if complete {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("admin notifications: %v, want for each admin %v", got, want)
		}
		time.Sleep(200 * time.Millisecond)
	}
	// The e-mails went out as River jobs, nothing failed.
	res, err := p.Queue.Client().JobList(context.Background(), river.NewJobListParams().Kinds("email").States("discarded", "cancelled", "retryable"))
	if err != nil || len(res.Jobs) != 0 {
		t.Fatalf("failed e-mail jobs: %v %v", res, err)
	}
}

// Earnings (document 001 section 9): 35 euro per hour of the klusser's own completed work orders,
// over the last 7 and 30 Dutch days by the day the work ended (as the pay statement counts them;
// a work order is opened when the job is planned, here two months before), and in total.
func TestEarningsForAFixedClock(t *testing.T) {
	// Tuesday 10 March 2026, 12:00 in Amsterdam.
	today := calendar.NewDate(2026, time.March, 10)
	p := servertest.NewPortal(t, servertest.Options{Clock: calendar.Fixed(today.At(12, 0))})
	piet := p.Klusser(t, "Piet Bakker", "06 1", "den-haag")
	jan := p.Klusser(t, "Jan", "06 3", "den-haag")
	opened := today.AddDays(-60).At(9, 0)
	workOrder := func(who string, ended time.Time, uren *int) {
		jobID := p.Job(t, servertest.Job{Assignment: "pool", Status: "afgerond", Klusser: who})
		status, start := "running", ended
		var end any
		if uren != nil {
			status, end, start = "completed", ended, ended.Add(-time.Duration(*uren)*time.Hour)
		}
		p.Exec(t, `INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, jobID, p.Actor(who).UserID, status, start, end, uren, opened)
	}
	n := func(i int) *int { return &i }
	workOrder(piet, today.At(9, 0), n(3))                // today: week, month
	workOrder(piet, today.AddDays(-6).At(0, 30), n(2))   // 6 days ago just after midnight in Amsterdam (still the day before in UTC): week
	workOrder(piet, today.AddDays(-7).At(23, 30), n(4))  // 7 days ago: month only
	workOrder(piet, today.AddDays(-29).At(8, 0), n(1))   // 29 days ago: month
	workOrder(piet, today.AddDays(-30).At(23, 59), n(5)) // 30 days ago: total only
	workOrder(piet, today.AddDays(1).At(9, 0), n(7))     // tomorrow (the clock is fixed): total only
	workOrder(piet, today.At(10, 0), nil)                // running: no hours yet
	workOrder(jan, today.At(9, 0), n(8))                 // someone else's
	var v klus.Verdiensten
	if s := p.Call(t, piet, http.MethodGet, "/api/v1/klusser/verdiensten", nil, &v); s != http.StatusOK {
		t.Fatalf("verdiensten: %d", s)
	}
	want := klus.Verdiensten{Week: klus.Verdienste{Uren: 5, BedragCents: 17500}, Maand: klus.Verdienste{Uren: 10, BedragCents: 35000},
		Totaal: klus.Verdienste{Uren: 22, BedragCents: 77000}, PerUurCents: klus.HourlyEarningsCents}
	if v != want {
		t.Fatalf("verdiensten %+v, want %+v", v, want)
	}
}

// The dashboard counts today's and this week's own jobs by the Dutch calendar, Monday first: at
// 23:30 on a Sunday the week is the one that ends that night; half an hour later it is Monday's.
func TestOverzichtAcrossSundayNight(t *testing.T) {
	sunday := calendar.NewDate(2026, time.March, 15)
	clock := sunday.At(23, 30) // 22:30 UTC: still Sunday there too, but Monday in Kiritimati
	var now time.Time
	var mu sync.Mutex
	set := func(t time.Time) { mu.Lock(); now = t; mu.Unlock() }
	set(clock)
	p := servertest.NewPortal(t, servertest.Options{Clock: func() time.Time { mu.Lock(); defer mu.Unlock(); return now }})
	piet := p.Klusser(t, "Piet Bakker", "06 1", "den-haag")
	monday, nextMonday := sunday.AddDays(-6), sunday.AddDays(1)
	p.Job(t, servertest.Job{Assignment: "pool", Klusser: piet, Datum: sunday})                                 // today, open
	p.Job(t, servertest.Job{Assignment: "pool", Klusser: piet, Datum: sunday, Status: "afgerond"})             // today, but done
	p.Job(t, servertest.Job{Assignment: "pool", Klusser: piet, Datum: monday, Status: "afgerond"})             // this week's Monday
	p.Job(t, servertest.Job{Assignment: "pool", Klusser: piet, Datum: monday.AddDays(-1)})                     // last week
	p.Job(t, servertest.Job{Assignment: "pool", Klusser: piet, Datum: nextMonday})                             // next week
	p.Job(t, servertest.Job{Assignment: "pool", Klusser: piet, Datum: nextMonday.AddDays(6)})                  // next week's Sunday
	p.Job(t, servertest.Job{Assignment: "pool", Datum: nextMonday})                                            // the pool
	p.Job(t, servertest.Job{Assignment: "pool", Regio: "utrecht", Woonplaats: "Utrecht", Postcode: "3511 AB"}) // another region's pool

	var o klus.Overzicht
	p.Call(t, piet, http.MethodGet, "/api/v1/klusser/overzicht", nil, &o)
	if want := (klus.Overzicht{Naam: "Piet Bakker", Regios: []string{"den-haag"}, Vandaag: 1, DezeWeek: 3, Pool: 1}); fmt.Sprint(o) != fmt.Sprint(want) {
		t.Fatalf("Sunday 23:30: %+v, want %+v", o, want)
	}
	set(nextMonday.At(0, 30))
	p.Call(t, piet, http.MethodGet, "/api/v1/klusser/overzicht", nil, &o)
	if o.Vandaag != 1 || o.DezeWeek != 2 {
		t.Fatalf("Monday 00:30: today %d, this week %d; want 1 and 2", o.Vandaag, o.DezeWeek)
	}
	// A klusser without a region: an empty pool and no regions, not an error.
	nobody := p.Klusser(t, "Nieuw", "06 9")
	var page list.Page[klus.Klus]
	if s := p.Call(t, nobody, http.MethodGet, "/api/v1/klusser/pool", nil, &page); s != http.StatusOK || page.Total != 0 || page.Data == nil {
		t.Fatalf("pool without a region: %d %+v", s, page)
	}
	var raw map[string]any
	p.Call(t, nobody, http.MethodGet, "/api/v1/klusser/overzicht", nil, &raw)
	if regios, ok := raw["regios"].([]any); !ok || len(regios) != 0 {
		t.Fatalf("overzicht without a region: %v", raw)
	}
}

// The pool list follows the list contract: earliest date first, paged, with the total; it leaves
// the customer out, which the detail and the agenda show.
func TestPoolListAndAgenda(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{})
	piet := p.Klusser(t, "Piet Bakker", "06 1", "den-haag")
	today := calendar.System.Today()
	var ids []uuid.UUID
	for _, days := range []int{9, 2, 5} {
		ids = append(ids, p.Job(t, servertest.Job{Assignment: "pool", Datum: today.AddDays(days), Naam: "Mevrouw Jansen"}))
	}
	p.Job(t, servertest.Job{Assignment: "pool", Status: "ingepland", Klusser: piet, Datum: today.AddDays(1)})
	p.Job(t, servertest.Job{Assignment: "direct", Status: "afgerond", Klusser: piet, Datum: today.AddDays(-3)})

	var page list.Page[klus.Klus]
	p.Call(t, piet, http.MethodGet, "/api/v1/klusser/pool?page=1&per_page=2", nil, &page)
	if page.Total != 3 || len(page.Data) != 2 || page.Data[0].ID != ids[1] || page.Data[1].ID != ids[2] || page.Data[0].Klant != nil || page.Data[0].Eigen {
		t.Fatalf("pool page 1: %+v", page)
	}
	if k := page.Data[0]; k.GeschatteVerdiensteEuros != 98 || k.GeschatTariefCents != 6500 || k.GeschatteDuur != 1.5 || k.Categorie.Label != "Montage & Ophangwerk" {
		t.Fatalf("pool card: %+v", k)
	}
	p.Call(t, piet, http.MethodGet, "/api/v1/klusser/pool?page=2&per_page=2", nil, &page)
	if page.Total != 3 || len(page.Data) != 1 || page.Data[0].ID != ids[0] {
		t.Fatalf("pool page 2: %+v", page)
	}
	var k klus.Klus
	p.Call(t, piet, http.MethodGet, "/api/v1/klusser/klussen/"+ids[0].String(), nil, &k)
	if k.Klant == nil || k.Klant.Naam != "Mevrouw Jansen" || k.Klant.Telefoon != "070 111 22 33" {
		t.Fatalf("detail: %+v", k)
	}
	for tab, want := range map[string]int{"te-doen": 1, "afgerond": 1, "alles": 2} {
		p.Call(t, piet, http.MethodGet, "/api/v1/klusser/agenda?tab="+tab, nil, &page)
		if page.Total != want || len(page.Data) != want || page.Data[0].Klant == nil || !page.Data[0].Eigen {
			t.Errorf("agenda %s: %+v", tab, page)
		}
	}
	var e servertest.APIError
	if s := p.Call(t, piet, http.MethodGet, "/api/v1/klusser/agenda?tab=morgen", nil, &e); s != http.StatusBadRequest {
		t.Errorf("unknown tab: %d", s)
	}
}

// D19: the support phone of the klusser's first region, else the default setting, else the
// configured contact phone.
func TestSupportPhoneFallsBack(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Contact: "088 000 00 00"})
	piet := p.Klusser(t, "Piet Bakker", "06 1", "den-haag", "rotterdam")
	phone := func() string {
		var s klus.Support
		p.Call(t, piet, http.MethodGet, "/api/v1/klusser/support", nil, &s)
		return s.Telefoon
	}
	p.Exec(t, `UPDATE franchise_settings SET support_phone = '070 300 40 50' WHERE regio = 'den-haag'`)
	p.Exec(t, `UPDATE franchise_settings SET support_phone = '010 300 40 50' WHERE regio = 'rotterdam'`)
	p.Exec(t, `UPDATE app_settings SET setting_value = '070 123 45 67' WHERE setting_key = 'support_phone_default'`)
	if got := phone(); got != "070 300 40 50" {
		t.Fatalf("first region's phone: %q", got)
	}
	p.Exec(t, `UPDATE franchise_settings SET support_phone = '' WHERE regio = 'den-haag'`)
	if got := phone(); got != "070 123 45 67" {
		t.Fatalf("default setting: %q", got)
	}
	p.Exec(t, `UPDATE app_settings SET setting_value = '' WHERE setting_key = 'support_phone_default'`)
	if got := phone(); got != "088 000 00 00" {
		t.Fatalf("configured contact phone: %q", got)
	}
}

// Document 001 section 7: the pool follows live. A claimed job reaches the other klussers of the
// region as an event with klusser_id set (their screen drops it); a job an admin takes out of the
// pool reaches them too (migration 016), and nothing reaches another region.
func TestPoolEventsWhenAJobLeavesThePool(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Hub: true})
	piet := p.Klusser(t, "Piet Bakker", "06 1", "den-haag")
	jan := p.Klusser(t, "Jan de Groot", "06 3", "den-haag")
	kees := p.Klusser(t, "Kees", "06 2", "rotterdam")
	claimed := p.Job(t, servertest.Job{Assignment: "pool"})
	withdrawn := p.Job(t, servertest.Job{Assignment: "pool"})

	open := func(handle string) *streamOf {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, p.URL+"/api/v1/events", nil)
		req.Header.Set("X-Test-User", handle)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("stream: %v %v", err, resp)
		}
		return readStream(t, resp)
	}
	janStream, keesStream := open(jan), open(kees)
	time.Sleep(200 * time.Millisecond)

	if s := p.Call(t, piet, http.MethodPost, servertest.ClaimPath(claimed), nil, nil); s != http.StatusOK {
		t.Fatalf("claim: %d", s)
	}
	p.Exec(t, `UPDATE klussen SET assignment_type = NULL WHERE id = $1`, withdrawn)

	got := janStream.collect(2 * time.Second)
	if e, ok := got[claimed]; !ok || e.KlusserID == nil || *e.KlusserID != p.Actor(piet).UserID {
		t.Errorf("jan's stream on the claim: %+v", got)
	}
	if _, ok := got[withdrawn]; !ok {
		t.Errorf("jan's stream did not hear the job leave the pool: %+v", got)
	}
	if got := keesStream.collect(500 * time.Millisecond); len(got) != 0 {
		t.Errorf("rotterdam's stream heard den-haag: %+v", got)
	}
}

type streamOf struct{ events chan events.Event }

func readStream(t *testing.T, resp *http.Response) *streamOf {
	s := &streamOf{events: make(chan events.Event, 100)}
	t.Cleanup(func() { resp.Body.Close() })
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var e events.Event
				if json.Unmarshal([]byte(data), &e) == nil {
					s.events <- e
				}
			}
		}
	}()
	return s
}

// collect gathers the last event per job a stream receives within d.
func (s *streamOf) collect(d time.Duration) map[uuid.UUID]events.Event {
	got := map[uuid.UUID]events.Event{}
	deadline := time.After(d)
	for {
		select {
		case e := <-s.events:
			got[e.KlusID] = e
		case <-deadline:
			return got
		}
	}
}
