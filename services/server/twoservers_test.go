package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/events"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/web"
	"github.com/klusmaat/klusmaat/tenants"
)

// instance is one more server on the portal's database: its own connection pools, its own event
// hub (its own LISTEN) and an insert-only queue, as a second `klusmaat serve` with
// KLUSMAAT_RUN_WORKERS=false has; it shares nothing in memory with the portal's server but the
// test's table of signed-in users.
func (p *portal) instance(t *testing.T) *httptest.Server {
	t.Helper()
	db, err := tenants.Open(context.Background(), p.d.Config())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	q, err := jobs.NewQueue(db.QueuePool(), jobs.NewWorkers(jobs.WorkerDeps{DB: db}), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	hub := events.NewHub(db)
	go hub.Run(ctx)
	select {
	case <-hub.Ready():
	case <-time.After(10 * time.Second):
		t.Fatal("the second server's hub did not listen")
	}
	enf, _ := policy.New()
	h, _ := server.New(server.Deps{DB: db, Policy: enf, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Site: web.Site{Brand: "Klusmaat"}, Queue: q, Events: hub,
		Resolver: func(r *http.Request) (tenants.Actor, error) {
			p.mu.Lock()
			defer p.mu.Unlock()
			if a, ok := p.actors[r.Header.Get("X-Test-User")]; ok {
				return a, nil
			}
			return tenants.AnonymousActor(), nil
		}})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// worker is a `klusmaat worker`: a third process's pools and a queue that works, sending mail.
func (p *portal) worker(t *testing.T, smtpURL string) {
	t.Helper()
	db, err := tenants.Open(context.Background(), p.d.Config())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	mailer, err := email.NewMailer(smtpURL, "no-reply@klusmaat.nl", "Klusmaat")
	if err != nil {
		t.Fatal(err)
	}
	q, err := jobs.NewQueue(db.QueuePool(), jobs.NewWorkers(jobs.WorkerDeps{DB: db, Mailer: mailer, Site: email.Site{Brand: "Klusmaat"}}),
		jobs.Options{Work: true, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
}

// Two servers and one worker on one database (issue 17): an event made through one server reaches
// a stream on the other; 100 claims spread over both have one winner; an e-mail enqueued by a
// server is sent by the worker exactly once.
func TestTwoServersOneDatabase(t *testing.T) {
	smtpURL, mailAPI := jobstest.MailDev(t)
	a := newPortal(t, portalOptions{hub: true}) // server A: insert-only queue, its own hub
	b := a.instance(t)                         // server B
	a.worker(t, smtpURL)
	admin := a.add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})

	// Realtime across servers: B's stream hears a request made through A.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, b.URL+"/api/v1/events", nil)
	req.Header.Set("X-Test-User", admin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("stream on B: %v %v", err, resp)
	}
	stream := readStream(t, resp)
	var created struct {
		ID uuid.UUID `json:"id"`
	}
	to := fmt.Sprintf("twee-servers-%s@example.nl", uuid.NewString()[:8])
	body := validRequest()
	body["email"] = to
	if s := a.call(t, "", http.MethodPost, "/api/v1/public/aanvragen", body, &created); s != http.StatusCreated {
		t.Fatalf("request on A: %d", s)
	}
	deadline := time.After(10 * time.Second)
	for heard := false; !heard; {
		select {
		case e := <-stream.events:
			heard = e.KlusID == created.ID && e.Op == "INSERT"
		case <-deadline:
			t.Fatal("server B's stream did not hear the request made on server A")
		}
	}

	// The confirmation e-mail: enqueued by A's transaction, sent once by the worker.
	if mails := jobstest.WaitForMails(t, mailAPI, to, 1, 15*time.Second); len(mails) != 1 {
		t.Fatalf("%d confirmation e-mails, want 1", len(mails))
	}
	time.Sleep(time.Second)
	if mails := jobstest.MailsTo(t, mailAPI, to); len(mails) != 1 {
		t.Fatalf("%d confirmation e-mails after a second, want exactly 1", len(mails))
	}

	// 100 claims, every other one through B: one winner, 99 told it was taken.
	klus := a.job(t, job{assignment: "pool"})
	handles := make([]string, 100)
	for i := range handles {
		handles[i] = a.klusser(t, fmt.Sprintf("Klusser %d", i), "06 1000 00"+fmt.Sprint(i), "den-haag")
	}
	statuses := make([]int, len(handles))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, h := range handles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			base := a.URL
			if i%2 == 1 {
				base = b.URL
			}
			r, _ := http.NewRequest(http.MethodPost, base+claimPath(klus), nil)
			r.Header.Set("X-Klusmaat-CSRF", "1")
			r.Header.Set("X-Test-User", h)
			res, err := http.DefaultClient.Do(r)
			if err != nil {
				t.Error(err)
				return
			}
			res.Body.Close()
			statuses[i] = res.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	wins, lost := map[string]int{}, 0
	for i, s := range statuses {
		switch s {
		case http.StatusOK:
			wins[map[bool]string{true: "A", false: "B"}[i%2 == 0]]++
		case http.StatusConflict:
			lost++
		default:
			t.Errorf("claim %d: %d", i, s)
		}
	}
	if wins["A"]+wins["B"] != 1 || lost != 99 {
		t.Fatalf("wins %v and %d told it was taken; want one winner over both servers and 99", wins, lost)
	}
}
