package tenants

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// DB is the server's database: a pool of connections as the server's role (klusmaat_app), which
// owns no table and cannot bypass row-level security.
type DB struct {
	pool *pgxpool.Pool
}

// Open connects to the database at url. It does not check the role; see CheckRole.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("tenants: parse database url: %w", err)
	}
	// SQL sees the product's calendar: current_date, now()::date and timestamptz-to-date casts
	// give Dutch dates whatever the server's or the cluster's own zone.
	cfg.ConnConfig.RuntimeParams["timezone"] = calendar.ZoneName
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("tenants: open pool: %w", err)
	}
	return &DB{pool: pool}, nil
}

// Close releases every connection.
func (db *DB) Close() { db.pool.Close() }

// Ping checks that the database answers; the readiness endpoint uses it.
func (db *DB) Ping(ctx context.Context) error { return db.pool.Ping(ctx) }

// InTx runs fn in a transaction that acts as actor. The actor is set with set_config(..., true),
// so it lasts exactly as long as the transaction and never leaks to the next user of the pooled
// connection. fn's error rolls the transaction back; a nil error commits it.
func (db *DB) InTx(ctx context.Context, actor Actor, fn func(pgx.Tx) error) error {
	if err := actor.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if err := setActor(ctx, tx, actor); err != nil {
			return err
		}
		return fn(tx)
	})
}

func setActor(ctx context.Context, tx pgx.Tx, a Actor) error {
	userID := ""
	if a.Role != Anonymous {
		userID = a.UserID.String()
	}
	regions := a.Regions
	if regions == nil {
		regions = []string{}
	}
	_, err := tx.Exec(ctx, `SELECT set_config('klusmaat.user_id', $1, true),
	                               set_config('klusmaat.role', $2, true),
	                               set_config('klusmaat.regions', $3::text[]::text, true)`,
		userID, string(a.Role), regions)
	if err != nil {
		return fmt.Errorf("tenants: set actor: %w", err)
	}
	return nil
}

// ErrPrivilegedRole means the server's database role could get around row-level security.
var ErrPrivilegedRole = errors.New("tenants: the server's database role is privileged")

// CheckRole refuses to serve with a role that would make row-level security moot: a superuser, a
// role with BYPASSRLS, or one that owns any table of the schema (D4).
func (db *DB) CheckRole(ctx context.Context) error {
	var super, bypass bool
	var owned int
	err := db.pool.QueryRow(ctx, `
		SELECT r.rolsuper, r.rolbypassrls,
		       (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'p')
		           AND pg_has_role(current_user, c.relowner, 'USAGE'))
		FROM pg_roles r WHERE r.rolname = current_user`).Scan(&super, &bypass, &owned)
	if err != nil {
		return fmt.Errorf("tenants: inspect role: %w", err)
	}
	if super || bypass || owned > 0 {
		return fmt.Errorf("%w (superuser=%t bypassrls=%t owns or inherits %d relations)", ErrPrivilegedRole, super, bypass, owned)
	}
	return nil
}

// SchemaVersion returns the applied migration version, for readiness checks.
func (db *DB) SchemaVersion(ctx context.Context) (int32, error) {
	var v int32
	err := db.pool.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v)
	return v, err
}

// QueuePool is the pool for River's job queue (schema river), which holds no tenant data and is
// not under row-level security. Services never use it: they enqueue jobs inside InTx.
func (db *DB) QueuePool() *pgxpool.Pool { return db.pool }

// Listen calls fn with the payload of every NOTIFY on channel until ctx ends, on a connection of
// its own. onListen runs each time the LISTEN is in place: first at start, then after every lost
// connection is re-established, when notifications may have been missed meanwhile.
func (db *DB) Listen(ctx context.Context, channel string, fn func(payload string), onListen func()) error {
	for {
		err := db.listenOnce(ctx, channel, fn, onListen)
		if ctx.Err() != nil {
			return nil
		}
		slog.WarnContext(ctx, "listen: connection lost, retrying", "channel", channel, "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

func (db *DB) listenOnce(ctx context.Context, channel string, fn func(string), onListen func()) error {
	pooled, err := db.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// A listening connection is never handed back to the pool: LISTEN state must not leak.
	conn := pooled.Hijack()
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	if onListen != nil {
		onListen()
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		fn(n.Payload)
	}
}
