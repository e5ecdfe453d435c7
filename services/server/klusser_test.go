package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// portal is the server as klussers use it: actors by the X-Test-User header, a job queue that
// stores its jobs (and works them when asked), a clock the test sets.
type portal struct {
	*httptest.Server
	d      *dbtest.Database
	q      *jobs.Queue
	mu     sync.Mutex
	actors map[string]tenants.Actor
	routes []httpapi.Route // the server's route table
}

type portalOptions struct {
	clock       calendar.Clock
	work        bool   // run the workers (notifications; e-mail when smtp is set)
	smtp        string // MailDev's SMTP URL
	hub         bool   // serve the event stream
	contact     string // the configured contact phone (web.Site)
	files       bool   // store files (photos, signatures, invoice PDFs) in memory
	links       *status.Links
	statusLimit *httpapi.Limiter // the status link's limit per address (status.NewLimiter when nil)
	kratos      bool             // mount the identity module (its Kratos clients never connect here)
	ory         *identity.Kratos // or with these clients (a real Kratos: kratostest.Kratos)
}

func newPortal(t *testing.T, o portalOptions) *portal {
	t.Helper()
	d := dbtest.New(t)
	p := &portal{d: d, actors: map[string]tenants.Actor{}}
	deps := server.WorkerDeps{DB: d.DB, Site: email.Site{Brand: "Klusmaat", Phone: o.contact}}
	if o.links != nil {
		deps.StatusLink = o.links.URL
	}
	var blobs files.Storage
	if o.files {
		blobs = files.MemoryStorage()
		deps.Files = blobs
	}
	if o.smtp != "" {
		mailer, err := email.NewMailer(o.smtp, "no-reply@klusmaat.nl", "Klusmaat")
		if err != nil {
			t.Fatal(err)
		}
		deps.Mailer = mailer
	}
	q, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(deps), jobs.Options{Work: o.work, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if o.work {
		if err := q.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = q.Stop(context.Background()) })
	}
	p.q = q
	var hub *events.Hub
	if o.hub {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		hub = events.NewHub(d.DB)
		go hub.Run(ctx)
		select {
		case <-hub.Ready():
		case <-time.After(10 * time.Second):
			t.Fatal("hub did not start listening")
		}
	}
	enf, _ := policy.New()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	kratos := o.ory
	if o.kratos && kratos == nil {
		if kratos, err = identity.NewKratos("http://127.0.0.1:1", "http://127.0.0.1:2"); err != nil {
			t.Fatal(err)
		}
	}
	h, routes := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: quiet, Site: web.Site{Brand: "Klusmaat", Phone: o.contact},
		Queue: q, Events: hub, Clock: o.clock, Files: blobs, StatusLinks: o.links, StatusLimiter: o.statusLimit, Kratos: kratos,
		Resolver: func(r *http.Request) (tenants.Actor, error) {
			p.mu.Lock()
			defer p.mu.Unlock()
			if a, ok := p.actors[r.Header.Get("X-Test-User")]; ok {
				return a, nil
			}
			return tenants.AnonymousActor(), nil
		}})
	p.routes = routes
	p.Server = httptest.NewServer(checkedAgainstDescription(t, h))
	t.Cleanup(p.Close)
	return p
}

// klusser adds a klusser (role, profile) of regions and returns its handle for requests.
func (p *portal) klusser(t testing.TB, naam, telefoon string, regions ...string) string {
	t.Helper()
	a := tenants.Actor{UserID: uuid.New(), Role: tenants.Klusser, Regions: regions}
	if regions == nil {
		regions = []string{}
	}
	p.exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'klusser')`, a.UserID)
	p.exec(t, `INSERT INTO profiles (id, naam, telefoon, regio) VALUES ($1, $2, $3, $4)`, a.UserID, naam, telefoon, regions)
	return p.add(a)
}

func (p *portal) add(a tenants.Actor) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.actors[a.UserID.String()] = a
	return a.UserID.String()
}

func (p *portal) actor(handle string) tenants.Actor {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.actors[handle]
}

// exec runs SQL as the system (an admin), past the klusser's rules, to set the scene.
func (p *portal) exec(t testing.TB, sql string, args ...any) {
	t.Helper()
	p.d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), sql, args...)
		return err
	})
}

// job is a job to insert; zero fields take the defaults of newJob.
type job struct {
	regio, woonplaats, postcode, assignment, status, klusser, email, naam string
	datum                                                                 calendar.Date
	start                                                                 *time.Time
	changes                                                               int
}

func (p *portal) job(t testing.TB, j job) uuid.UUID {
	t.Helper()
	id := uuid.New()
	if j.regio == "" {
		j.regio, j.woonplaats, j.postcode = "den-haag", "Voorburg", "2271 AB"
	}
	if j.status == "" {
		j.status = "open"
	}
	if j.datum.IsZero() {
		j.datum = calendar.System.Today().AddDays(3)
	}
	var assignment, klusserID any
	if j.assignment != "" {
		assignment = j.assignment
	}
	if j.klusser != "" {
		klusserID = p.actor(j.klusser).UserID
	}
	p.exec(t, `
		INSERT INTO klussen (id, regio, assignment_type, status, klusser_id, claimed_at, categorie, beschrijving, datum, tijd,
		                     adres, postcode, woonplaats, telefoon, email, naam, geschatte_duur, geplande_start_tijd, planning_changes_count)
		VALUES ($1, $2, $3, $4, $5, CASE WHEN $5::uuid IS NULL THEN NULL ELSE now() - interval '1 day' END, 'montage',
		        'Lamp ophangen', $6, 'ochtend', 'Herenstraat 1', $7, $8, '070 111 22 33', $9, $10, 1.5, $11, $12)`,
		id, j.regio, assignment, j.status, klusserID, j.datum, j.postcode, j.woonplaats, j.email, j.naam, j.start, j.changes)
	return id
}

// call makes an API request as handle and decodes the answer into out (when not nil).
func (p *portal) call(t testing.TB, handle, method, path string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.URL+path, rd)
	req.Header.Set(httpapi.CSRFHeader, "1")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Test-User", handle)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return 0
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Errorf("%s %s: %d %s", method, path, resp.StatusCode, b)
		}
	}
	return resp.StatusCode
}

type apiError struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

func claimPath(id uuid.UUID) string { return fmt.Sprintf("/api/v1/klusser/klussen/%s/claim", id) }
func planPath(id uuid.UUID) string  { return fmt.Sprintf("/api/v1/klusser/klussen/%s/planning", id) }

// D17: of 100 klussers claiming one pool job at the same moment exactly one gets it; the other 99
// hear it was just taken, and the row names the winner.
func TestHundredSimultaneousClaimsOneWinner(t *testing.T) {
	p := newPortal(t, portalOptions{})
	pooled := p.job(t, job{assignment: "pool"})
	handles := make([]string, 100)
	for i := range handles {
		handles[i] = p.klusser(t, fmt.Sprintf("Klusser %d", i), "06 1000 00"+fmt.Sprint(i), "den-haag")
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
			var e apiError
			statuses[i] = p.call(t, h, http.MethodPost, claimPath(pooled), nil, &e)
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
	p.d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT klusser_id, claimed_at FROM klussen WHERE id = $1`, pooled).Scan(&owner, &claimed)
	})
	if owner != p.actor(winner).UserID || claimed == nil {
		t.Fatalf("row names %s (claimed at %v), the winner was %s", owner, claimed, winner)
	}
	// The winner sees it as its own, still open; the job left everyone's pool.
	var k klus.Klus
	if s := p.call(t, winner, http.MethodGet, "/api/v1/klusser/klussen/"+pooled.String(), nil, &k); s != http.StatusOK || !k.Eigen || k.Status != "open" {
		t.Fatalf("winner's job: %d %+v", s, k)
	}
	var c klus.Count
	if p.call(t, handles[0], http.MethodGet, "/api/v1/klusser/pool/count", nil, &c); c.Total != 0 {
		t.Fatalf("pool after the claim: %d", c.Total)
	}
}

// D18: 20 simultaneous changes of one planned job: exactly 2 succeed, the counter ends at 2.
func TestTwentySimultaneousChangesStopAtTwo(t *testing.T) {
	p := newPortal(t, portalOptions{})
	piet := p.klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	datum := calendar.System.Today().AddDays(5)
	start := datum.At(9, 0)
	jobID := p.job(t, job{assignment: "pool", status: "ingepland", klusser: piet, start: &start, datum: datum})

	var wg sync.WaitGroup
	gate := make(chan struct{})
	statuses := make([]int, 20)
	codes := make([]string, 20)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			var e apiError
			// Every request asks a different time (10:00, 10:30, ...), so each is a real change.
			tijd := fmt.Sprintf("%02d:%02d", 10+i/2, 30*(i%2))
			statuses[i] = p.call(t, piet, http.MethodPut, planPath(jobID), klus.Planning{Datum: datum.String(), Tijd: tijd}, &e)
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
	p.call(t, piet, http.MethodGet, "/api/v1/klusser/klussen/"+jobID.String(), nil, &k)
	if ok != 2 || refused != 18 || k.PlanningChangesCount != 2 {
		t.Fatalf("%d changes succeeded, %d refused, counter %d; want 2, 18, 2", ok, refused, k.PlanningChangesCount)
	}
}

// D3: a klusser of rotterdam cannot list, see, claim or plan a den-haag pool job, through the API
// or in SQL.
func TestOtherRegionsPoolIsOutOfReach(t *testing.T) {
	p := newPortal(t, portalOptions{})
	kees := p.klusser(t, "Kees Rotterdam", "06 2", "rotterdam")
	piet := p.klusser(t, "Piet Bakker", "06 1", "den-haag")
	dh := p.job(t, job{assignment: "pool"})
	rt := p.job(t, job{assignment: "pool", regio: "rotterdam", woonplaats: "Rotterdam", postcode: "3011 AA"})

	var page list.Page[klus.Klus]
	if s := p.call(t, kees, http.MethodGet, "/api/v1/klusser/pool", nil, &page); s != http.StatusOK || page.Total != 1 || len(page.Data) != 1 || page.Data[0].ID != rt {
		t.Fatalf("rotterdam pool: %d %+v", s, page)
	}
	var e apiError
	if s := p.call(t, kees, http.MethodGet, "/api/v1/klusser/klussen/"+dh.String(), nil, &e); s != http.StatusNotFound || e.Error.Message != "Klus niet gevonden" {
		t.Fatalf("see den-haag job: %d %+v", s, e)
	}
	if s := p.call(t, kees, http.MethodPost, claimPath(dh), nil, &e); s != http.StatusNotFound {
		t.Fatalf("claim den-haag job: %d %+v", s, e)
	}
	if s := p.call(t, kees, http.MethodPut, planPath(dh), klus.Planning{Datum: calendar.System.Today().AddDays(2).String(), Tijd: "10:00"}, &e); s != http.StatusNotFound {
		t.Fatalf("plan den-haag job: %d %+v", s, e)
	}
	// In SQL, as the rotterdam klusser: the row is invisible and no UPDATE reaches it.
	p.d.As(t, p.actor(kees), func(tx pgx.Tx) error {
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
	if p.call(t, piet, http.MethodGet, "/api/v1/klusser/pool/count", nil, &c); c.Total != 1 {
		t.Fatalf("den-haag pool: %d", c.Total)
	}
}

// A claim of a job that is not (or no longer) in the klusser's pool is refused, and changes nothing.
func TestClaimOutsideThePoolIsRefused(t *testing.T) {
	p := newPortal(t, portalOptions{})
	piet := p.klusser(t, "Piet Bakker", "06 1", "den-haag")
	jan := p.klusser(t, "Jan de Groot", "06 3", "den-haag")
	direct := p.job(t, job{})                                                       // open, not offered in the pool
	finished := p.job(t, job{assignment: "pool", status: "afgerond", klusser: jan}) // done by jan
	taken := p.job(t, job{assignment: "pool"})
	if s := p.call(t, jan, http.MethodPost, claimPath(taken), nil, nil); s != http.StatusOK {
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
		var e apiError
		if s := p.call(t, piet, http.MethodPost, claimPath(c.id), nil, &e); s != c.status || e.Error.Code != c.code {
			t.Errorf("%s: %d %s, want %d %s", name, s, e.Error.Code, c.status, c.code)
		}
	}
	var owner *uuid.UUID
	p.d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
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
	p := newPortal(t, portalOptions{clock: calendar.Fixed(now)})
	piet := p.klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	today := calendar.DateOf(now)
	jobID := p.job(t, job{assignment: "pool", klusser: piet, datum: today.AddDays(2)})
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
		var e apiError
		s := p.call(t, piet, http.MethodPut, planPath(jobID), klus.Planning{Datum: c.datum, Tijd: c.tijd}, &e)
		if s != http.StatusBadRequest || e.Error.Fields[c.field] != c.msg {
			t.Errorf("plan %q %q: %d %+v, want 400 with %s: %q", c.datum, c.tijd, s, e.Error, c.field, c.msg)
		}
	}
	// 08:00 today is accepted (today counts, whatever the hour), as the first plan.
	var k klus.Klus
	if s := p.call(t, piet, http.MethodPut, planPath(jobID), klus.Planning{Datum: today.String(), Tijd: "08:00"}, &k); s != http.StatusOK {
		t.Fatalf("08:00: %d", s)
	}
	if k.Status != "ingepland" || k.GeplandeStartTijd == nil || !k.GeplandeStartTijd.Equal(today.At(8, 0)) ||
		k.WerkbonID == nil || k.PlanningChangesCount != 0 {
		t.Fatalf("after the first plan: %+v", k)
	}
	// 20:00 is the last slot: a change, counted.
	if s := p.call(t, piet, http.MethodPut, planPath(jobID), klus.Planning{Datum: today.AddDays(1).String(), Tijd: "20:00"}, &k); s != http.StatusOK {
		t.Fatalf("20:00: %d", s)
	}
	if !k.GeplandeStartTijd.Equal(today.AddDays(1).At(20, 0)) || k.PlanningChangesCount != 1 {
		t.Fatalf("after the change: %+v", k)
	}
	// The same moment again changes nothing and does not count.
	if s := p.call(t, piet, http.MethodPut, planPath(jobID), klus.Planning{Datum: today.AddDays(1).String(), Tijd: "20:00"}, &k); s != http.StatusOK || k.PlanningChangesCount != 1 {
		t.Fatalf("same moment: %d %+v", s, k)
	}
	// Someone else's job, and a job already running, are refused.
	jan := p.klusser(t, "Jan", "06 3", "den-haag")
	var e apiError
	if s := p.call(t, jan, http.MethodPut, planPath(jobID), klus.Planning{Datum: today.String(), Tijd: "10:00"}, &e); s != http.StatusNotFound {
		t.Errorf("plan of another's job: %d", s)
	}
	bezig := p.job(t, job{assignment: "pool", status: "bezig", klusser: piet, start: &now})
	if s := p.call(t, piet, http.MethodPut, planPath(bezig), klus.Planning{Datum: today.String(), Tijd: "10:00"}, &e); s != http.StatusConflict || e.Error.Code != "finished" {
		t.Errorf("plan of a running job: %d %+v", s, e.Error)
	}
}

// The customer receives the planning e-mail with the klusser's name and phone, the date, time and
// address; every admin gets the notification rows of the claim, the plan and the change.
func TestPlanningEmailsTheCustomerAndNotifiesAdmins(t *testing.T) {
	smtpURL, apiURL := jobstest.MailDev(t)
	p := newPortal(t, portalOptions{work: true, smtp: smtpURL})
	admins := []uuid.UUID{uuid.New(), uuid.New()}
	for _, a := range admins {
		p.exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, a)
	}
	piet := p.klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	to := "klant-" + uuid.NewString()[:8] + "@example.nl"
	datum := calendar.System.Today().AddDays(4)
	jobID := p.job(t, job{assignment: "pool", email: to, naam: "Mevrouw Jansen", datum: datum})

	if s := p.call(t, piet, http.MethodPost, claimPath(jobID), nil, nil); s != http.StatusOK {
		t.Fatalf("claim: %d", s)
	}
	if s := p.call(t, piet, http.MethodPut, planPath(jobID), klus.Planning{Datum: datum.String(), Tijd: "09:30"}, nil); s != http.StatusOK {
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
	if s := p.call(t, piet, http.MethodPut, planPath(jobID), klus.Planning{Datum: datum.AddDays(1).String(), Tijd: "14:00"}, nil); s != http.StatusOK {
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
		p.d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
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
	res, err := p.q.Client().JobList(context.Background(), river.NewJobListParams().Kinds("email").States("discarded", "cancelled", "retryable"))
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
	p := newPortal(t, portalOptions{clock: calendar.Fixed(today.At(12, 0))})
	piet := p.klusser(t, "Piet Bakker", "06 1", "den-haag")
	jan := p.klusser(t, "Jan", "06 3", "den-haag")
	opened := today.AddDays(-60).At(9, 0)
	workOrder := func(who string, ended time.Time, uren *int) {
		jobID := p.job(t, job{assignment: "pool", status: "afgerond", klusser: who})
		status, start := "running", ended
		var end any
		if uren != nil {
			status, end, start = "completed", ended, ended.Add(-time.Duration(*uren)*time.Hour)
		}
		p.exec(t, `INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, jobID, p.actor(who).UserID, status, start, end, uren, opened)
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
	if s := p.call(t, piet, http.MethodGet, "/api/v1/klusser/verdiensten", nil, &v); s != http.StatusOK {
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
	p := newPortal(t, portalOptions{clock: func() time.Time { mu.Lock(); defer mu.Unlock(); return now }})
	piet := p.klusser(t, "Piet Bakker", "06 1", "den-haag")
	monday, nextMonday := sunday.AddDays(-6), sunday.AddDays(1)
	p.job(t, job{assignment: "pool", klusser: piet, datum: sunday})                                 // today, open
	p.job(t, job{assignment: "pool", klusser: piet, datum: sunday, status: "afgerond"})             // today, but done
	p.job(t, job{assignment: "pool", klusser: piet, datum: monday, status: "afgerond"})             // this week's Monday
	p.job(t, job{assignment: "pool", klusser: piet, datum: monday.AddDays(-1)})                     // last week
	p.job(t, job{assignment: "pool", klusser: piet, datum: nextMonday})                             // next week
	p.job(t, job{assignment: "pool", klusser: piet, datum: nextMonday.AddDays(6)})                  // next week's Sunday
	p.job(t, job{assignment: "pool", datum: nextMonday})                                            // the pool
	p.job(t, job{assignment: "pool", regio: "utrecht", woonplaats: "Utrecht", postcode: "3511 AB"}) // another region's pool

	var o klus.Overzicht
	p.call(t, piet, http.MethodGet, "/api/v1/klusser/overzicht", nil, &o)
	if want := (klus.Overzicht{Naam: "Piet Bakker", Regios: []string{"den-haag"}, Vandaag: 1, DezeWeek: 3, Pool: 1}); fmt.Sprint(o) != fmt.Sprint(want) {
		t.Fatalf("Sunday 23:30: %+v, want %+v", o, want)
	}
	set(nextMonday.At(0, 30))
	p.call(t, piet, http.MethodGet, "/api/v1/klusser/overzicht", nil, &o)
	if o.Vandaag != 1 || o.DezeWeek != 2 {
		t.Fatalf("Monday 00:30: today %d, this week %d; want 1 and 2", o.Vandaag, o.DezeWeek)
	}
	// A klusser without a region: an empty pool and no regions, not an error.
	nobody := p.klusser(t, "Nieuw", "06 9")
	var page list.Page[klus.Klus]
	if s := p.call(t, nobody, http.MethodGet, "/api/v1/klusser/pool", nil, &page); s != http.StatusOK || page.Total != 0 || page.Data == nil {
		t.Fatalf("pool without a region: %d %+v", s, page)
	}
	var raw map[string]any
	p.call(t, nobody, http.MethodGet, "/api/v1/klusser/overzicht", nil, &raw)
	if regios, ok := raw["regios"].([]any); !ok || len(regios) != 0 {
		t.Fatalf("overzicht without a region: %v", raw)
	}
}

// The pool list follows the list contract: earliest date first, paged, with the total; it leaves
// the customer out, which the detail and the agenda show.
func TestPoolListAndAgenda(t *testing.T) {
	p := newPortal(t, portalOptions{})
	piet := p.klusser(t, "Piet Bakker", "06 1", "den-haag")
	today := calendar.System.Today()
	var ids []uuid.UUID
	for _, days := range []int{9, 2, 5} {
		ids = append(ids, p.job(t, job{assignment: "pool", datum: today.AddDays(days), naam: "Mevrouw Jansen"}))
	}
	p.job(t, job{assignment: "pool", status: "ingepland", klusser: piet, datum: today.AddDays(1)})
	p.job(t, job{assignment: "direct", status: "afgerond", klusser: piet, datum: today.AddDays(-3)})

	var page list.Page[klus.Klus]
	p.call(t, piet, http.MethodGet, "/api/v1/klusser/pool?page=1&per_page=2", nil, &page)
	if page.Total != 3 || len(page.Data) != 2 || page.Data[0].ID != ids[1] || page.Data[1].ID != ids[2] || page.Data[0].Klant != nil || page.Data[0].Eigen {
		t.Fatalf("pool page 1: %+v", page)
	}
	if k := page.Data[0]; k.GeschatteVerdiensteEuros != 98 || k.GeschatTariefCents != 6500 || k.GeschatteDuur != 1.5 || k.Categorie.Label != "Montage & Ophangwerk" {
		t.Fatalf("pool card: %+v", k)
	}
	p.call(t, piet, http.MethodGet, "/api/v1/klusser/pool?page=2&per_page=2", nil, &page)
	if page.Total != 3 || len(page.Data) != 1 || page.Data[0].ID != ids[0] {
		t.Fatalf("pool page 2: %+v", page)
	}
	var k klus.Klus
	p.call(t, piet, http.MethodGet, "/api/v1/klusser/klussen/"+ids[0].String(), nil, &k)
	if k.Klant == nil || k.Klant.Naam != "Mevrouw Jansen" || k.Klant.Telefoon != "070 111 22 33" {
		t.Fatalf("detail: %+v", k)
	}
	for tab, want := range map[string]int{"te-doen": 1, "afgerond": 1, "alles": 2} {
		p.call(t, piet, http.MethodGet, "/api/v1/klusser/agenda?tab="+tab, nil, &page)
		if page.Total != want || len(page.Data) != want || page.Data[0].Klant == nil || !page.Data[0].Eigen {
			t.Errorf("agenda %s: %+v", tab, page)
		}
	}
	var e apiError
	if s := p.call(t, piet, http.MethodGet, "/api/v1/klusser/agenda?tab=morgen", nil, &e); s != http.StatusBadRequest {
		t.Errorf("unknown tab: %d", s)
	}
}

// D19: the support phone of the klusser's first region, else the default setting, else the
// configured contact phone.
func TestSupportPhoneFallsBack(t *testing.T) {
	p := newPortal(t, portalOptions{contact: "088 000 00 00"})
	piet := p.klusser(t, "Piet Bakker", "06 1", "den-haag", "rotterdam")
	phone := func() string {
		var s klus.Support
		p.call(t, piet, http.MethodGet, "/api/v1/klusser/support", nil, &s)
		return s.Telefoon
	}
	p.exec(t, `UPDATE franchise_settings SET support_phone = '070 300 40 50' WHERE regio = 'den-haag'`)
	p.exec(t, `UPDATE franchise_settings SET support_phone = '010 300 40 50' WHERE regio = 'rotterdam'`)
	p.exec(t, `UPDATE app_settings SET setting_value = '070 123 45 67' WHERE setting_key = 'support_phone_default'`)
	if got := phone(); got != "070 300 40 50" {
		t.Fatalf("first region's phone: %q", got)
	}
	p.exec(t, `UPDATE franchise_settings SET support_phone = '' WHERE regio = 'den-haag'`)
	if got := phone(); got != "070 123 45 67" {
		t.Fatalf("default setting: %q", got)
	}
	p.exec(t, `UPDATE app_settings SET setting_value = '' WHERE setting_key = 'support_phone_default'`)
	if got := phone(); got != "088 000 00 00" {
		t.Fatalf("configured contact phone: %q", got)
	}
}

// Document 001 section 7: the pool follows live. A claimed job reaches the other klussers of the
// region as an event with klusser_id set (their screen drops it); a job an admin takes out of the
// pool reaches them too (migration 016), and nothing reaches another region.
func TestPoolEventsWhenAJobLeavesThePool(t *testing.T) {
	p := newPortal(t, portalOptions{hub: true})
	piet := p.klusser(t, "Piet Bakker", "06 1", "den-haag")
	jan := p.klusser(t, "Jan de Groot", "06 3", "den-haag")
	kees := p.klusser(t, "Kees", "06 2", "rotterdam")
	claimed := p.job(t, job{assignment: "pool"})
	withdrawn := p.job(t, job{assignment: "pool"})

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

	if s := p.call(t, piet, http.MethodPost, claimPath(claimed), nil, nil); s != http.StatusOK {
		t.Fatalf("claim: %d", s)
	}
	p.exec(t, `UPDATE klussen SET assignment_type = NULL WHERE id = $1`, withdrawn)

	got := janStream.collect(2 * time.Second)
	if e, ok := got[claimed]; !ok || e.KlusserID == nil || *e.KlusserID != p.actor(piet).UserID {
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
