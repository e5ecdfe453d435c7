// Package db holds the database schema of Klusmaat: versioned SQL migrations (tern) embedded in the
// binary, applied by `klusmaat migrate` and at `klusmaat serve` start-up, always as the schema
// owner (klusmaat_owner), never as the server's own role.
package db

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/tern/v2/migrate"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// VersionTable records which migrations have run.
const VersionTable = "schema_version"

// Migrate brings the database at ownerURL to the newest schema version and returns that version.
// Concurrent callers (several servers starting at once) are serialised by tern's advisory lock.
func Migrate(ctx context.Context, ownerURL string) (int32, error) {
	conn, err := pgx.Connect(ctx, ownerURL)
	if err != nil {
		return 0, fmt.Errorf("connect as schema owner: %w", err)
	}
	defer conn.Close(ctx)

	m, err := newMigrator(ctx, conn)
	if err != nil {
		return 0, err
	}
	if err := m.Migrate(ctx); err != nil {
		return 0, fmt.Errorf("migrate: %w", err)
	}
	if err := migrateRiver(ctx, ownerURL); err != nil {
		return 0, err
	}
	return m.GetCurrentVersion(ctx)
}

// RiverSchema holds River's job queue tables (riverqueue/river), apart from the tenant tables: jobs
// are infrastructure that only the server's own code reads (admins see e-mail jobs through an
// endpoint that Casbin restricts), so they have no row-level security of their own.
const RiverSchema = "river"

// migrateRiver applies River's own migrations in its schema and lets the server's role use them.
func migrateRiver(ctx context.Context, ownerURL string) error {
	pool, err := pgxpool.New(ctx, ownerURL)
	if err != nil {
		return fmt.Errorf("river migrate: %w", err)
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+RiverSchema); err != nil {
		return fmt.Errorf("river schema: %w", err)
	}
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Schema: RiverSchema})
	if err != nil {
		return fmt.Errorf("river migrator: %w", err)
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrate: %w", err)
	}
	_, err = pool.Exec(ctx, `
		GRANT USAGE ON SCHEMA `+RiverSchema+` TO klusmaat_app;
		GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA `+RiverSchema+` TO klusmaat_app;
		GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA `+RiverSchema+` TO klusmaat_app;
		GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA `+RiverSchema+` TO klusmaat_app;`)
	if err != nil {
		return fmt.Errorf("river grants: %w", err)
	}
	return nil
}

// LatestVersion is the version the embedded migrations lead to; readiness compares against it.
func LatestVersion() (int32, error) {
	names, err := migrate.FindMigrations(migrationsFS())
	if err != nil {
		return 0, err
	}
	return int32(len(names)), nil
}

func newMigrator(ctx context.Context, conn *pgx.Conn) (*migrate.Migrator, error) {
	m, err := migrate.NewMigrator(ctx, conn, VersionTable)
	if err != nil {
		return nil, fmt.Errorf("new migrator: %w", err)
	}
	if err := m.LoadMigrations(migrationsFS()); err != nil {
		return nil, fmt.Errorf("load migrations: %w", err)
	}
	return m, nil
}

func migrationsFS() fs.FS {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		panic(err) // the embed pattern above guarantees the folder exists
	}
	return sub
}
