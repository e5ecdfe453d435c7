package server_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/tenants"
)

// apiServer is the real server of an API test: the handler server.New builds from deps, with the
// real Casbin policy, served on a loopback port. Requests are made as the actor set with as (the
// resolver stands in for the session middleware, whose own tests run against Kratos).
type apiServer struct {
	*httptest.Server
	t testing.TB

	mu    sync.Mutex
	actor tenants.Actor
}

// newAPIServer starts the server for deps. Left empty: the policy (policy.New), the logger
// (slog.Default), the brand (Klusmaat) and the resolver (the actor of as; anonymous at first).
func newAPIServer(t testing.TB, deps server.Deps) *apiServer {
	t.Helper()
	s := &apiServer{t: t, actor: tenants.AnonymousActor()}
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
	s.Server = httptest.NewServer(checkedAgainstDescription(t, h))
	t.Cleanup(s.Close)
	return s
}

// as makes the following requests as a.
func (s *apiServer) as(a tenants.Actor) *apiServer {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.actor = a
	return s
}

// do sends a request as a browser of the console would (the CSRF header; a JSON body when body is
// not empty) and returns the status, the body and the headers of the answer.
func (s *apiServer) do(method, path, body string) (int, []byte, http.Header) {
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
