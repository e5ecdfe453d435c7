package tenants

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Config says how the server reaches PostgreSQL.
type Config struct {
	// URL connects as the server's role (klusmaat_app).
	URL string
	// QueueURL connects as the job queue's role (klusmaat_queue), which alone may work River's
	// tables; empty leaves the DB without a queue pool (QueuePool returns nil).
	QueueURL string
	// ActorKey signs the actor of every transaction (see proof.go); `klusmaat migrate` stores the
	// same key in the database, where only the schema owner can read it.
	ActorKey string
}

// DB is the server's database: a pool of connections as the server's role (klusmaat_app), which
// owns no table and cannot bypass row-level security, and optionally a pool for the job queue.
type DB struct {
	pool  *pgxpool.Pool
	queue *pgxpool.Pool
	key   signingKey

	limitKey    []byte       // the key of the rate limits' HMACs (limits.go)
	limitsSwept atomic.Int64 // when this server last swept the rate-limit windows (limits.go)
}

// ConnectTimeout bounds one connection attempt (dial and start-up) without connect_timeout in the URL.
const ConnectTimeout = 5 * time.Second

// Open connects to the database. It does not check the roles; see CheckRole and CheckActorKey.
func Open(ctx context.Context, c Config) (*DB, error) { return open(ctx, c, nil) }

// open is Open; tune, if not nil, changes the server pool's configuration first (tests count
// what the connections send).
func open(ctx context.Context, c Config, tune func(*pgxpool.Config)) (*DB, error) {
	key, err := newActorKey(c.ActorKey)
	if err != nil {
		return nil, err
	}
	pool, err := openPool(ctx, c.URL, removeRoleSettings, tune)
	if err != nil {
		return nil, err
	}
	if pool.Config().ConnConfig.DefaultQueryExecMode == pgx.QueryExecModeSimpleProtocol {
		// pgx would send BEGIN, the proof and the first statement as one simple-query message,
		// which prove_actor() refuses (migration 041).
		pool.Close()
		return nil, errors.New("tenants: the server's database URL may not ask for default_query_exec_mode=simple_protocol: the actor proof travels in messages of its own")
	}
	db := &DB{pool: pool, key: key, limitKey: limitKey(key)}
	if c.QueueURL != "" {
		if db.queue, err = openPool(ctx, c.QueueURL, nil, nil); err != nil {
			pool.Close()
			return nil, err
		}
	}
	return db, nil
}

func openPool(ctx context.Context, url string, afterConnect func(context.Context, *pgx.Conn) error, tune func(*pgxpool.Config)) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("tenants: parse database url: %w", err)
	}
	cfg.AfterConnect = afterConnect
	// SQL sees the product's calendar: current_date, now()::date and timestamptz-to-date casts
	// give Dutch dates whatever the server's or the cluster's own zone.
	cfg.ConnConfig.RuntimeParams["timezone"] = calendar.ZoneName
	// Deadlines (unless the URL sets its own): a database that accepts connections but never
	// answers fails a connection attempt in seconds, not after the operating system's minutes;
	// no statement or forgotten transaction holds a connection for ever. JIT off: every statement
	// here is a short read or write of a few rows, and one row-level-security subquery estimated
	// as huge once made PostgreSQL spend 6 s compiling a 1 ms list page (make load, the jobs list).
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = ConnectTimeout
	}
	for param, value := range map[string]string{"statement_timeout": "120s", "idle_in_transaction_session_timeout": "60s", "jit": "off"} {
		if _, set := cfg.ConnConfig.RuntimeParams[param]; !set {
			cfg.ConnConfig.RuntimeParams[param] = value
		}
	}
	if tune != nil {
		tune(cfg)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("tenants: open pool: %w", err)
	}
	return pool, nil
}

// removeRoleSettings keeps settings stored for the server's role out of its sessions. SQL running
// as klusmaat_app may run ALTER ROLE SESSION_USER [IN DATABASE ...] SET (a role may set its own
// defaults; PostgreSQL has no privilege to withhold): default_transaction_read_only, search_path,
// lock_timeout, DateStyle and the like would then hold for every new connection, restarts included.
// The server's role needs none of its own (the settings it relies on travel in the start-up
// packet), so a new connection that finds any removes them for every later connection, logs it,
// and takes on the values a session starts with without them (read from a second, short-lived
// connection). PostgreSQL names the source of such a setting 'user' or 'database user'.
func removeRoleSettings(ctx context.Context, conn *pgx.Conn) error {
	var names []string
	var roleWide, inDatabase bool
	own, err := readSettings(ctx, conn, "the role's settings", `SELECT name, source FROM pg_catalog.pg_settings WHERE source IN ('user', 'database user') ORDER BY name`)
	if err != nil {
		return err
	}
	for _, s := range own {
		name, source := s[0], s[1]
		names = append(names, name)
		roleWide = roleWide || source == "user"
		inDatabase = inDatabase || source == "database user"
	}
	if len(names) == 0 {
		return nil
	}
	slog.WarnContext(ctx, "database: the server's role had settings of its own (ALTER ROLE ... SET), which every new connection would inherit; removed", "settings", names)
	stmts := []string{"BEGIN READ WRITE", "SET LOCAL lock_timeout = 0"} // either may be one of them
	if roleWide {
		stmts = append(stmts, "ALTER ROLE CURRENT_USER RESET ALL")
	}
	if inDatabase {
		stmts = append(stmts, "ALTER ROLE CURRENT_USER IN DATABASE "+pgx.Identifier{conn.Config().Database}.Sanitize()+" RESET ALL")
	}
	if _, err := conn.Exec(ctx, strings.Join(append(stmts, "COMMIT"), "; ")); err != nil {
		return fmt.Errorf("tenants: remove the role's settings: %w", err)
	}
	fresh, err := pgx.ConnectConfig(ctx, conn.Config())
	if err != nil {
		return fmt.Errorf("tenants: read the settings of a new session: %w", err)
	}
	defer fresh.Close(context.Background())
	initial, err := readSettings(ctx, fresh, "the settings of a new session", `SELECT name, setting FROM pg_catalog.pg_settings WHERE name = ANY ($1)`, names)
	if err != nil {
		return err
	}
	values := map[string]string{}
	for _, s := range initial {
		values[s[0]] = s[1]
	}
	for _, name := range names {
		if _, err := conn.Exec(ctx, `SELECT pg_catalog.set_config($1, $2, false)`, name, values[name]); err != nil {
			return fmt.Errorf("tenants: set %s as a new session has it: %w", name, err)
		}
	}
	return nil
}

// readSettings runs query, which selects two text columns of pg_settings (a setting's name and
// its source or value), and returns its rows; what names them in an error.
func readSettings(ctx context.Context, conn *pgx.Conn, what, query string, args ...any) ([][2]string, error) {
	rows, err := conn.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("tenants: read %s: %w", what, err)
	}
	pairs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) ([2]string, error) {
		var p [2]string
		return p, row.Scan(&p[0], &p[1])
	})
	if err != nil {
		return nil, fmt.Errorf("tenants: read %s: %w", what, err)
	}
	return pairs, nil
}

// acquire takes a connection of the server's pool.
func (db *DB) acquire(ctx context.Context) (*pgxpool.Conn, error) { return db.pool.Acquire(ctx) }

// Close releases every connection.
func (db *DB) Close() {
	db.pool.Close()
	if db.queue != nil {
		db.queue.Close()
	}
}

// Ping checks that the database answers; the readiness endpoint uses it.
func (db *DB) Ping(ctx context.Context) error { return db.pool.Ping(ctx) }

// InTx runs fn in a transaction that acts as actor. The actor is proved to PostgreSQL for this
// transaction alone (proof.go): nothing fn runs can change or widen it, and it ends with the
// transaction, so it never leaks to the next user of the pooled connection. fn's error rolls the
// transaction back; a nil error commits it. BEGIN and the proof travel with fn's first statement
// (provedTx), so a transaction of one query costs two round trips: that statement and COMMIT
// (InRead: one).
func (db *DB) InTx(ctx context.Context, actor Actor, fn func(pgx.Tx) error) error {
	return db.inTx(ctx, &provedTx{db: db, actor: actor}, fn)
}

// InRead is InTx for a read of one statement (DB.Read): the transaction is read only, and BEGIN,
// the proof, the statement and COMMIT travel in one round trip. A second statement fails with
// ErrAfterLastStatement, and so does a first one that cannot carry the COMMIT (a batch, COPY, a
// savepoint, an Exec without arguments that may hold several statements).
func (db *DB) InRead(ctx context.Context, actor Actor, fn func(pgx.Tx) error) error {
	return db.inTx(ctx, &provedTx{db: db, actor: actor, readOnly: true, commitNext: true}, fn)
}

func (db *DB) inTx(ctx context.Context, t *provedTx, fn func(pgx.Tx) error) error {
	if err := t.actor.Validate(); err != nil {
		return err
	}
	if err := t.acquire(ctx); err != nil {
		return err
	}
	// A connection given back inside a transaction (a failed COMMIT or ROLLBACK) is closed by the
	// pool, not reused.
	defer t.release()
	return t.run(ctx, fn)
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

// QueuePool is the pool of River's job queue (schema river), as the queue's own role: the server's
// role may only add jobs, inside a service transaction (jobs.Queue.Enqueue), and read the ones it
// just added. Services never use this pool.
func (db *DB) QueuePool() *pgxpool.Pool { return db.queue }

// AppPool is the server role's pool, for its metrics (queries go through Tx and InTx).
func (db *DB) AppPool() *pgxpool.Pool { return db.pool }

// Listen calls fn with the payload of every NOTIFY on channel until ctx ends, on a connection of
// its own. onListen runs each time the LISTEN is in place: first at start, then after every lost
// connection is re-established, when notifications may have been missed meanwhile. A payload is
// only a hint: any session may NOTIFY any channel, so fn must not trust what it says.
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
	pooled, err := db.acquire(ctx)
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
