package schema_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// forgeries are what SQL running as klusmaat_app inside a franchise owner's transaction tries, to
// become an admin or to widen its regions: the old custom settings, local and for the session,
// begin_actor (migration 010, gone) and prove_actor (024) with a signature it cannot make, the
// proof's setting forged or widened, and the session's mark set by hand.
var forgeries = []string{
	`SET LOCAL klusmaat.role = 'admin'`,
	`SELECT set_config('klusmaat.role', 'admin', true), set_config('klusmaat.regions', '{den-haag,utrecht}', true)`,
	`SELECT set_config('klusmaat.regions', '{den-haag,utrecht}', false)`,
	`SELECT begin_actor('admin', gen_random_uuid(), '{}', '\x00')`,
	`SELECT begin_actor('franchise', actor_id(), '{den-haag,utrecht}', sha256('guess'))`,
	`SELECT prove_actor('99999/admin/' || gen_random_uuid() || '//' || encode(sha256('guess'), 'hex'))`,
	`SELECT set_config('klusmaat.actor', '99999/admin/' || actor_id() || '//' || repeat('0', 64), true)`,
	`SELECT set_config('klusmaat.actor', replace(current_setting('klusmaat.actor'), '/den-haag/', '/den-haag,utrecht/'), true)`,
	`SELECT setval(c.oid::regclass, 0) FROM pg_class c WHERE c.relname = 'actor_mark'`,
}

// jobsVisible counts the jobs of the fixture the transaction can read, by region.
func jobsVisible(ctx context.Context, t *testing.T, tx pgx.Tx) (dh, ut int) {
	t.Helper()
	if err := tx.QueryRow(ctx, `SELECT count(*) FILTER (WHERE regio = 'den-haag'), count(*) FILTER (WHERE regio = 'utrecht') FROM klussen`).Scan(&dh, &ut); err != nil {
		t.Fatal(err)
	}
	return dh, ut
}

// TestActorCannotBeForgedInsideATransaction: whatever the transaction runs, it stays the franchise
// owner of den-haag (or loses its actor), never an admin, never utrecht.
func TestActorCannotBeForgedInsideATransaction(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	for _, forge := range forgeries {
		t.Run(forge, func(t *testing.T) {
			d.As(t, actors["fdh"], func(tx pgx.Tx) error {
				sp, err := tx.Begin(ctx)
				if err != nil {
					return err
				}
				if _, err := sp.Exec(ctx, forge); err != nil {
					// Refused outright: the savepoint undoes it, the actor is unchanged.
					if rerr := sp.Rollback(ctx); rerr != nil {
						return rerr
					}
				}
				var role string
				if err := tx.QueryRow(ctx, `SELECT coalesce(actor_role(), '')`).Scan(&role); err != nil {
					return err
				}
				dh, ut := jobsVisible(ctx, t, tx)
				if role == "admin" || ut != 0 || dh > 5 {
					t.Errorf("after %q: role %q, sees %d den-haag and %d utrecht jobs", forge, role, dh, ut)
				}
				return nil
			})
		})
	}
}

// TestSessionSettingsDoNotOutliveTheTransaction: an admin transaction that leaves session-level
// settings behind on its pooled connection hands nothing to the next transaction there.
func TestSessionSettingsDoNotOutliveTheTransaction(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	single := oneConnection(t, d)
	// As an admin, copy the actor into session-level settings (the old names and anything else).
	if err := single.InTx(ctx, actors["admin"], func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SELECT set_config('klusmaat.role', 'admin', false),
			set_config('klusmaat.user_id', actor_id()::text, false), set_config('klusmaat.regions', '{den-haag,utrecht}', false)`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := single.InTx(ctx, actors["fut"], func(tx pgx.Tx) error {
		var role string
		if err := tx.QueryRow(ctx, `SELECT actor_role()`).Scan(&role); err != nil {
			return err
		}
		dh, ut := jobsVisible(ctx, t, tx)
		if role != "franchise" || dh != 0 || ut != 2 {
			t.Errorf("next transaction on the connection: role %q, %d den-haag and %d utrecht jobs; want franchise, 0, 2", role, dh, ut)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestNoActorOutsideAProvedTransaction: a raw connection as the server's role, with session-level
// settings of its choosing and a transaction of its own, has no actor and sees nothing.
func TestNoActorOutsideAProvedTransaction(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `SELECT set_config('klusmaat.role', 'admin', false), set_config('klusmaat.user_id', $1, false)`, adminID.String()); err != nil {
		t.Fatal(err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	var role *string
	var jobs, roles int
	if err := tx.QueryRow(ctx, `SELECT actor_role(), (SELECT count(*) FROM klussen), (SELECT count(*) FROM user_roles)`).Scan(&role, &jobs, &roles); err != nil {
		t.Fatal(err)
	}
	if role != nil || jobs != 0 || roles != 0 {
		t.Errorf("unproved transaction: role %v, %d jobs, %d roles", role, jobs, roles)
	}
}

// TestActorKeyAndRecordsAreOutOfReach: the server's role cannot read the key, nor write or read
// the recorded actors other than its own current one.
func TestActorKeyAndRecordsAreOutOfReach(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	for _, stmt := range []string{
		`SELECT key FROM klusmaat_private.actor_key`,
		`UPDATE klusmaat_private.actor_key SET key = sha256('x')`,
		// The sequences that hold each session's nonce, last count and mark (migration 024),
		// reached by their oid, as the server's role has no USAGE on the schema.
		`SELECT currval(c.oid::regclass) FROM pg_class c WHERE c.relname = 'actor_nonce'`,
		`SELECT nextval(c.oid::regclass) FROM pg_class c WHERE c.relname = 'actor_mark'`,
		`SELECT setval(c.oid::regclass, 1) FROM pg_class c WHERE c.relname = 'actor_count'`,
		`SELECT setval(c.oid::regclass, public.actor_mark(current_setting('klusmaat.actor'))) FROM pg_class c WHERE c.relname = 'actor_mark'`,
		`CREATE OR REPLACE VIEW current_actor AS SELECT 'admin'::text AS role, NULL::uuid AS user_id, '{}'::text[] AS regions`,
		// Stand-ins in the session's temporary schema, found first by name, cannot even be made.
		`CREATE TEMP TABLE klussen (id uuid, regio text)`,
		`CREATE TEMP VIEW current_actor AS SELECT 'admin'::text AS role, actor_id() AS user_id, '{utrecht}'::text[] AS regions; SET LOCAL search_path = pg_temp, public`,
		`CREATE FUNCTION pg_temp.actor_role() RETURNS text LANGUAGE sql AS $$ SELECT 'admin' $$; SET LOCAL search_path = pg_temp, public`,
	} {
		t.Run(stmt, func(t *testing.T) {
			err := d.DB.InTx(ctx, actors["fdh"], func(tx pgx.Tx) error {
				for _, s := range strings.Split(stmt, "; ") {
					if _, err := tx.Exec(ctx, s); err != nil {
						return err
					}
				}
				var ut int
				var role string
				if err := tx.QueryRow(ctx, `SELECT count(*), public.actor_role() FROM klussen WHERE regio = 'utrecht'`).Scan(&ut, &role); err != nil || ut != 0 || role != "franchise" {
					t.Errorf("sees %d utrecht jobs as %q (%v)", ut, role, err)
				}
				return nil
			})
			if err == nil {
				t.Errorf("%q succeeded as the server's role", stmt)
			}
		})
	}
}

// TestAWrongActorKeyIsRefused: a server whose key is not the database's proves no actor, and its
// start-up check says so.
func TestAWrongActorKeyIsRefused(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	cfg := d.Config()
	cfg.ActorKey = strings.Repeat("x", tenants.MinActorKeyLength)
	other, err := tenants.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := other.InTx(ctx, actors["admin"], func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SELECT 1`)
		return err
	}); err == nil {
		t.Fatal("a transaction with a foreign key proved its actor")
	}
	if err := other.CheckActorKey(ctx); !errors.Is(err, tenants.ErrActorKeyMismatch) {
		t.Fatalf("CheckActorKey with a foreign key: %v, want ErrActorKeyMismatch", err)
	}
	if err := d.DB.CheckActorKey(ctx); err != nil {
		t.Fatalf("CheckActorKey with the database's key: %v", err)
	}
}
