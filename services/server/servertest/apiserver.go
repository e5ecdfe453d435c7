package servertest

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// APIServer is the real server of an API test: the handler server.New builds from deps, with the
// real Casbin policy, served on a loopback port. Requests are made as the actor set with As (the
// resolver stands in for the session middleware, whose own tests run against Kratos).
type APIServer struct {
	*httptest.Server
	t testing.TB

	mu    sync.Mutex
	actor tenants.Actor
}

// NewAPIServer starts the server for deps. Left empty: the policy (policy.New), the logger
// (slog.Default), the brand (Klusmaat) and the resolver (the actor of As; anonymous at first).
func NewAPIServer(t testing.TB, deps server.Deps) *APIServer {
	t.Helper()
	s := &APIServer{t: t, actor: tenants.AnonymousActor()}
	if deps.Policy == nil {
		enf, err := policy.New()
		if err != nil {
			t.Fatal(err)
		}
		deps.Policy = enf
	}
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Site == (web.Site{}) {
		deps.Site = web.Site{Brand: "Klusmaat"}
	}
	if deps.Resolver == nil {
		deps.Resolver = func(*http.Request) (tenants.Actor, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			return s.actor, nil
		}
	}
	h, _ := server.New(deps)
	s.Server = httptest.NewServer(Checked(t, h))
	t.Cleanup(s.Close)
	return s
}

// As makes the following requests as a.
func (s *APIServer) As(a tenants.Actor) *APIServer {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.actor = a
	return s
}

// Do sends a request as a browser of the console would (the CSRF header; a JSON body when body is
// not empty) and returns the status, the body and the headers of the answer.
func (s *APIServer) Do(method, path, body string) (int, []byte, http.Header) {
	s.t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set(httpapi.CSRFHeader, "1")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp.StatusCode, b, resp.Header
}

// FormServer is the server of the public forms: a fresh database, the workers running and
// mailing to MailDev (jobstest.MailDev), anonymous callers.
type FormServer struct {
	*APIServer
	DB *dbtest.Database
}

// NewFormServer starts it with limit per address (a generous one when zero).
func NewFormServer(t *testing.T, limit server.FormLimit) *FormServer {
	t.Helper()
	smtpURL, _ := jobstest.MailDev(t)
	d := dbtest.New(t)
	mailer, err := email.NewMailer(smtpURL, "no-reply@klusmaat.nl", "Klusmaat")
	if err != nil {
		t.Fatal(err)
	}
	q, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(server.WorkerDeps{DB: d.DB, Mailer: mailer,
		Site: email.Site{Brand: "Klusmaat", Phone: "070 123 45 67", Email: "info@klusmaat.nl"}}),
		jobs.Options{Work: true, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	if limit.Max == 0 {
		limit = server.FormLimit{Max: 1000, Window: time.Minute}
	}
	fs := &FormServer{APIServer: NewAPIServer(t, server.Deps{DB: d.DB, Queue: q, FormLimit: limit}), DB: d}
	return fs
}

// Post sends body as a form's JSON and returns the status with the answer read both as an error and
// as an object.
func (s *FormServer) Post(t *testing.T, path string, body []byte) (int, httpapi.ErrorBody, map[string]any) {
	t.Helper()
	status, raw, _ := s.Do(http.MethodPost, path, string(body))
	var e httpapi.ErrorBody
	var ok map[string]any
	_ = json.Unmarshal(raw, &e)
	_ = json.Unmarshal(raw, &ok)
	return status, e, ok
}

// Count reads count(*) of a table as the system.
func (s *FormServer) Count(t *testing.T, table string) int {
	t.Helper()
	var n int
	s.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), "SELECT count(*) FROM "+table).Scan(&n)
	})
	return n
}
