package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema"
)

// TestReadinessFollowsTheSchema: the server is ready only when its database has at least the
// schema version the binary was built with.
func TestReadinessFollowsTheSchema(t *testing.T) {
	d := dbtest.New(t)
	latest, err := schema.LatestVersion()
	if err != nil {
		t.Fatal(err)
	}
	if latest < 7 {
		t.Fatalf("latest version %d; migrations not embedded?", latest)
	}
	if err := ready(context.Background(), d.DB, latest); err != nil {
		t.Fatalf("migrated database not ready: %v", err)
	}
	if err := ready(context.Background(), d.DB, latest+1); err == nil {
		t.Fatal("ready although the binary expects a newer schema")
	}
}

// Drill: a database that accepts connections but never answers. serve gives up with an error
// within seconds (the connect deadline), instead of sitting silent for the operating system's
// TCP timeout (about two minutes), so an orchestrator sees the failure and restarts it.
func TestServeGivesUpOnADatabaseThatNeverAnswers(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	held := make(chan net.Conn, 64)
	defer func() {
		for len(held) > 0 {
			(<-held).Close()
		}
	}()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			held <- c // accepted, never answered
		}
	}()
	cfg, err := loadConfig(env(map[string]string{
		"DATABASE_URL":       "postgres://klusmaat_app:x@" + ln.Addr().String() + "/klusmaat",
		"DATABASE_QUEUE_URL": "postgres://klusmaat_queue:x@" + ln.Addr().String() + "/klusmaat",
		"DATABASE_OWNER_URL": "", "METRICS_ADDR": "", "KLUSMAAT_LISTEN": "127.0.0.1:0",
	}))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- serve(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("serve returned without an error")
		}
		t.Logf("serve gave up after %v: %v", time.Since(start).Round(time.Millisecond), err)
	case <-time.After(30 * time.Second):
		t.Fatal("serve still waits for the database after 30 s")
	}
}
