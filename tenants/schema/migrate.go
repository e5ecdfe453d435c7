// Package schema holds the database schema of Klusmaat: versioned SQL migrations (tern) embedded in the
// binary, applied by `klusmaat migrate` and at `klusmaat serve` start-up, always as the schema
// owner (klusmaat_owner), never as the server's own role.
package schema

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

	"github.com/klusmaat/klusmaat/tenants"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// VersionTable records which migrations have run.
const VersionTable = "schema_version"

// Migrate brings the database at ownerURL to the newest schema version, stores actorKey as the key
// that proves each transaction's actor (tenants/proof.go), and returns the version. Concurrent
// callers (several servers starting at once) are serialised by tern's advisory lock.
func Migrate(ctx context.Context, ownerURL, actorKey string) (int32, error) {
	return MigrateTo(ctx, ownerURL, actorKey, -1)
}

// MigrateTo is Migrate up to version (-1: the newest). Only tests and benchmarks stop early, to
// compare with an older schema; River's tables and the actor key need the newest one.
func MigrateTo(ctx context.Context, ownerURL, actorKey string, version int32) (int32, error) {
	if len(actorKey) < tenants.MinActorKeyLength {
		return 0, tenants.ErrActorKey
	}
	conn, err := pgx.Connect(ctx, ownerURL)
	if err != nil {
		return 0, fmt.Errorf("connect as schema owner: %w", err)
	}
	defer conn.Close(ctx)

	m, err := newMigrator(ctx, conn)
	if err != nil {
		return 0, err
	}
	if version < 0 {
		err = m.Migrate(ctx)
	} else {
		err = m.MigrateTo(ctx, version)
	}
	if err != nil {
		return 0, fmt.Errorf("migrate: %w", err)
	}
	if version >= 0 {
		return m.GetCurrentVersion(ctx)
	}
	if err := storeActorKey(ctx, conn, actorKey); err != nil {
		return 0, err
	}
	if err := migrateRiver(ctx, ownerURL); err != nil {
		return 0, err
	}
	return m.GetCurrentVersion(ctx)
}

// storeActorKey writes the actor key where prove_actor() reads it and the server's role cannot.
// Changing KLUSMAAT_ACTOR_KEY takes effect for servers started after the next migrate.
func storeActorKey(ctx context.Context, conn *pgx.Conn, key string) error {
	_, err := conn.Exec(ctx, `
		INSERT INTO klusmaat_private.actor_key AS k (key) VALUES ($1)
		ON CONFLICT (singleton) DO UPDATE SET key = EXCLUDED.key, updated_at = now()
		WHERE k.key <> EXCLUDED.key`, []byte(key))
	if err != nil {
		return fmt.Errorf("store actor key: %w", err)
	}
	return nil
}

// RiverSchema holds River's job queue tables (riverqueue/river), apart from the tenant tables.
// They belong to the queue's role (klusmaat_queue), which the workers connect as; the server's role
// may only enqueue inside its own transactions (river_access.sql).
const RiverSchema = "river"

//go:embed river_access.sql
var riverAccess string

// migrateRiver applies River's own migrations in its schema, then who may use them.
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
	// Several servers may start at once; the access script is not safe to run twice in parallel.
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("river access: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('klusmaat river access'))`); err != nil {
		return fmt.Errorf("river access: %w", err)
	}
	if _, err := tx.Exec(ctx, riverAccess); err != nil {
		return fmt.Errorf("river access: %w", err)
	}
	return tx.Commit(ctx)
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
