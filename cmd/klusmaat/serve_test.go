package main

import (
	"context"
	"testing"

	"github.com/klusmaat/klusmaat/infra/db"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// TestReadinessFollowsTheSchema: the server is ready only when its database has exactly the schema
// version the binary was built with.
func TestReadinessFollowsTheSchema(t *testing.T) {
	d := dbtest.New(t)
	latest, err := db.LatestVersion()
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
