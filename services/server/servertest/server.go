// Package servertest is the kit for testing the assembled API server from any package, as
// net/http/httptest is for handlers and tenants/dbtest for the database: the real server
// (server.New, the real Casbin policy, every module) on a fresh dbtest database, clients signed in
// per role, the calls a browser makes, the SQL that sets a scene, and the common assertions. Every
// server it starts checks each /api/ answer against openapi.json (Checked), so a domain's HTTP
// tests beside the domain keep the description honest as the ones in services/server do; a test
// package calls Main from its TestMain to print how many answers were checked.
package servertest

import (
	"bytes"
	"context"
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
	"github.com/klusmaat/klusmaat/policy"
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
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// Portal is the whole server as its users meet it: actors by the X-Test-User header (the handle
// Add or Klusser returns; anonymous without one), a job queue that stores its jobs (and works them
// when Options.Work asks), a clock the test sets. The header stands in for the session cookie,
// whose own tests (services/server/auth_test.go) run against Kratos.
type Portal struct {
	*httptest.Server
	DB     *dbtest.Database // the fresh database, for scene SQL past the rules (Exec)
	Queue  *jobs.Queue      // the jobs the requests queued
	mu     sync.Mutex
	actors map[string]tenants.Actor
	Routes []httpapi.Route // the server's route table
}

// Options say which optional parts of the server a test needs; the zero value is the bare API
// with a queue that stores but does not work its jobs.
type Options struct {
	Clock       calendar.Clock
	Work        bool   // run the workers (notifications; e-mail when smtp is set)
	SMTP        string // MailDev's SMTP URL
	Hub         bool   // serve the event stream
	Contact     string // the configured contact phone (web.Site)
	Files       bool   // store files (photos, signatures, invoice PDFs) in memory
	Links       *status.Links
	StatusLimit *httpapi.Limiter // the status link's limit per address (status.NewLimiter when nil)
	Kratos      bool             // mount the identity module (its Kratos clients never connect here)
	Ory         *identity.Kratos // or with these clients (a real Kratos: kratostest.Kratos)
}

// NewPortal starts the server on a fresh database, stopped when t ends.
func NewPortal(t *testing.T, o Options) *Portal {
	t.Helper()
	d := dbtest.New(t)
	p := &Portal{DB: d, actors: map[string]tenants.Actor{}}
	deps := server.WorkerDeps{DB: d.DB, Site: email.Site{Brand: "Klusmaat", Phone: o.Contact}}
	if o.Links != nil {
		deps.StatusLink = o.Links.URL
	}
	var blobs files.Storage
	if o.Files {
		blobs = files.MemoryStorage()
		deps.Files = blobs
	}
	if o.SMTP != "" {
		mailer, err := email.NewMailer(o.SMTP, "no-reply@klusmaat.nl", "Klusmaat")
		if err != nil {
			t.Fatal(err)
		}
		deps.Mailer = mailer
	}
	q, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(deps), jobs.Options{Work: o.Work, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if o.Work {
		if err := q.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = q.Stop(context.Background()) })
	}
	p.Queue = q
	var hub *events.Hub
	if o.Hub {
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
	kratos := o.Ory
	if o.Kratos && kratos == nil {
		if kratos, err = identity.NewKratos("http://127.0.0.1:1", "http://127.0.0.1:2"); err != nil {
			t.Fatal(err)
		}
	}
	h, routes := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: quiet, Site: web.Site{Brand: "Klusmaat", Phone: o.Contact},
		Queue: q, Events: hub, Clock: o.Clock, Files: blobs, StatusLinks: o.Links, StatusLimiter: o.StatusLimit, Kratos: kratos,
		Resolver: func(r *http.Request) (tenants.Actor, error) {
			p.mu.Lock()
			defer p.mu.Unlock()
			if a, ok := p.actors[r.Header.Get("X-Test-User")]; ok {
				return a, nil
			}
			return tenants.AnonymousActor(), nil
		}})
	p.Routes = routes
	p.Server = httptest.NewServer(Checked(t, h))
	t.Cleanup(p.Close)
	return p
}

// Add signs a as a client in and returns its handle for requests (as X-Test-User). The database
// rows of the account are the test's to write (Klusser writes a klusser's).
func (p *Portal) Add(a tenants.Actor) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.actors[a.UserID.String()] = a
	return a.UserID.String()
}

// Actor is the actor behind handle.
func (p *Portal) Actor(handle string) tenants.Actor {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.actors[handle]
}

// BackOffice is the portal with an admin, a franchise owner of den-haag and klussers of den-haag
// (piet) and utrecht (gerrit), each with its role row as the accounts module makes them.
type BackOffice struct {
	*Portal
	Admin, Franchise, Piet, Gerrit string
}

// NewBackOffice starts the portal with the back office's cast signed in: Admin, Franchise (den-haag),
// Piet (klusser, den-haag) and Gerrit (klusser, utrecht), handles for Call.
func NewBackOffice(t *testing.T, o Options) *BackOffice {
	t.Helper()
	p := NewPortal(t, o)
	b := &BackOffice{Portal: p}
	b.Admin = p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, p.Actor(b.Admin).UserID)
	p.Exec(t, `INSERT INTO profiles (id, naam, email) VALUES ($1, 'Anna Admin', 'anna@klusmaat.nl')`, p.Actor(b.Admin).UserID)
	b.Franchise = p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}})
	p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'franchise')`, p.Actor(b.Franchise).UserID)
	b.Piet = p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	b.Gerrit = p.Klusser(t, "Gerrit Visser", "06 12 34 56 02", "utrecht")
	return b
}

// ID is the user id of handle, as the API names it.
func (b *BackOffice) ID(handle string) uuid.UUID { return b.Actor(handle).UserID }

// Demo is the server on the demo data (tenants/schema/seed, with its fixed ids), anonymous callers
// only, with the JSON log of its requests in Logs.
type Demo struct {
	*httptest.Server
	Routes []httpapi.Route
	Logs   *bytes.Buffer
	DB     *dbtest.Database
}

// NewDemo runs the real server on a fresh database loaded with the demo data.
func NewDemo(t *testing.T) *Demo {
	t.Helper()
	d := dbtest.New(t)
	if err := seed.Run(context.Background(), d.DB, calendar.System.Today(), seed.FixedIDs()); err != nil {
		t.Fatal(err)
	}
	enf, err := policy.New()
	if err != nil {
		t.Fatal(err)
	}
	logs := &bytes.Buffer{}
	logger := slog.New(httpapi.LogHandler{Handler: slog.NewJSONHandler(logs, nil)})
	slog.SetDefault(logger)
	h, routes := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: logger, Site: web.Site{Brand: "Klusmaat"}})
	ts := httptest.NewServer(Checked(t, h))
	t.Cleanup(ts.Close)
	return &Demo{Server: ts, Routes: routes, Logs: logs, DB: d}
}

// Get requests path anonymously and returns the answer with its body read.
func (s *Demo) Get(t *testing.T, path string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(s.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}
