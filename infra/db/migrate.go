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
	"github.com/jackc/tern/v2/migrate"
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
	return m.GetCurrentVersion(ctx)
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
