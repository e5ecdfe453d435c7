// Package dbtest gives integration tests a real, migrated PostgreSQL database of their own, in the
// throw-away cluster that `make test` starts. Each call creates a new database, migrates it as the
// schema owner and drops it when the test ends, so tests never see each other's rows.
//
// Set KLUSMAAT_TEST_OWNER_URL (the owner role on the cluster's maintenance database),
// KLUSMAAT_TEST_APP_PASSWORD and KLUSMAAT_TEST_QUEUE_PASSWORD. Without them the tests are skipped,
// unless KLUSMAAT_REQUIRE_DB=1 (as `make test` sets), which turns a missing database into a
// failure instead of a silent skip.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/schema"
)

// Database is one test's database.
type Database struct {
	// DB is the server's door: the klusmaat_app role, through tenants.
	DB *tenants.DB
	// AppURL connects as klusmaat_app; QueueURL as the job queue's role; OwnerURL as the schema owner.
	AppURL, QueueURL, OwnerURL string
	Name                       string
}

// ActorKey is the actor key of every test database (tenants.Config.ActorKey).
const ActorKey = "klusmaat-test-actor-key-0123456789abcdef"

// Config is how to open another tenants.DB on this database (a second server process).
func (d *Database) Config() tenants.Config {
	return tenants.Config{URL: d.AppURL, QueueURL: d.QueueURL, ActorKey: ActorKey}
}

// New creates, migrates and returns a fresh database; it is dropped at the end of the test.
func New(t testing.TB) *Database {
	t.Helper()
	return NewAt(t, -1)
}

// NewAt is New with the schema at version (-1: the newest); only benchmarks that compare with an
// older schema stop early.
func NewAt(t testing.TB, version int32) *Database {
	t.Helper()
	base := os.Getenv("KLUSMAAT_TEST_OWNER_URL")
	appPassword := os.Getenv("KLUSMAAT_TEST_APP_PASSWORD")
	queuePassword := os.Getenv("KLUSMAAT_TEST_QUEUE_PASSWORD")
	if base == "" || appPassword == "" || queuePassword == "" {
		if os.Getenv("KLUSMAAT_REQUIRE_DB") == "1" {
			t.Fatal("dbtest: KLUSMAAT_TEST_OWNER_URL, KLUSMAAT_TEST_APP_PASSWORD and KLUSMAAT_TEST_QUEUE_PASSWORD must be set")
		}
		t.Skip("dbtest: no test database configured (run make test)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "kmtest_" + hex.EncodeToString(b[:])

	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("dbtest: connect: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("dbtest: create database: %v", err)
	}

	ownerURL := withDatabase(t, base, name, "", "")
	appURL := withDatabase(t, base, name, "klusmaat_app", appPassword)
	queueURL := withDatabase(t, base, name, "klusmaat_queue", queuePassword)
	if _, err := schema.MigrateTo(ctx, ownerURL, ActorKey, version); err != nil {
		t.Fatalf("dbtest: migrate: %v", err)
	}
	database, err := tenants.Open(ctx, tenants.Config{URL: appURL, QueueURL: queueURL, ActorKey: ActorKey})
	if err != nil {
		t.Fatalf("dbtest: open: %v", err)
	}
	t.Cleanup(func() {
		database.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Logf("dbtest: drop %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		// A closed pool's backends may still be exiting, and FORCE may not end the server's
		// role's backends (the owner is no member of it): wait for them a little.
		for range 50 {
			if _, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("dbtest: drop %s: %v", name, err)
	})
	return &Database{DB: database, AppURL: appURL, QueueURL: queueURL, OwnerURL: ownerURL, Name: name}
}

// withDatabase returns base with another database name and, if user is set, other credentials.
func withDatabase(t testing.TB, base, name, user, password string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("dbtest: parse url: %v", err)
	}
	u.Path = "/" + name
	if user != "" {
		u.User = url.UserPassword(user, password)
	}
	return u.String()
}

// As runs fn in a transaction acting as actor, failing the test on error.
func (d *Database) As(t testing.TB, actor tenants.Actor, fn func(tx pgx.Tx) error) {
	t.Helper()
	if err := d.DB.InTx(context.Background(), actor, fn); err != nil {
		t.Fatalf("dbtest: as %s: %v", actor.Role, err)
	}
}
