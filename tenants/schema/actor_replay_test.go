package schema_test

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The proof of migration 024: what SQL running as the server's role can do with a genuine proof it
// reads (klusmaat.actor is visible to it) or changes. Each case must end with no actor and no rows,
// or with a refusal.

// proofOf returns the proof the server sent for a transaction as actor, read from inside it.
func proofOf(t *testing.T, db *tenants.DB, a tenants.Actor) string {
	t.Helper()
	var proof string
	if err := db.InTx(context.Background(), a, func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT current_setting('klusmaat.actor')`).Scan(&proof)
	}); err != nil {
		t.Fatal(err)
	}
	if strings.Count(proof, "/") != 4 {
		t.Fatalf("proof %q has not the form count/role/user/regions/signature", proof)
	}
	return proof
}

// seen is what a transaction sees after running setup: its actor role ("" for none) and the
// fixture's jobs by region.
func seen(ctx context.Context, t *testing.T, tx pgx.Tx) (role string, dh, ut int) {
	t.Helper()
	if err := tx.QueryRow(ctx, `SELECT coalesce(actor_role(), '')`).Scan(&role); err != nil {
		t.Fatal(err)
	}
	dh, ut = jobsVisible(ctx, t, tx)
	return role, dh, ut
}

// TestAnAlteredProofProvesNothing: inside a franchise owner's transaction, its proof with the
// claims changed (admin, another region, another user, the count) makes no actor, and prove_actor
// refuses it.
func TestAnAlteredProofProvesNothing(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	alter := map[string]func([]string){
		"role admin":        func(p []string) { p[1] = "admin" },
		"regions widened":   func(p []string) { p[3] = "den-haag,utrecht" },
		"another region":    func(p []string) { p[3] = "utrecht" },
		"another user":      func(p []string) { p[2] = adminID.String() },
		"a later count":     func(p []string) { p[0] += "0" },
		"signature flipped": func(p []string) { p[4] = strings.Repeat("0", 64) },
	}
	for name, change := range alter {
		t.Run(name, func(t *testing.T) {
			d.As(t, actors["fdh"], func(tx pgx.Tx) error {
				var proof string
				if err := tx.QueryRow(ctx, `SELECT current_setting('klusmaat.actor')`).Scan(&proof); err != nil {
					return err
				}
				parts := strings.Split(proof, "/")
				change(parts)
				altered := strings.Join(parts, "/")
				if _, err := tx.Exec(ctx, `SELECT set_config('klusmaat.actor', $1, true)`, altered); err != nil {
					return err
				}
				if role, dh, ut := seen(ctx, t, tx); role != "" || dh+ut != 0 {
					t.Errorf("with the proof altered (%s): role %q, %d den-haag and %d utrecht jobs; want none", name, role, dh, ut)
				}
				sp, err := tx.Begin(ctx)
				if err != nil {
					return err
				}
				if _, err := sp.Exec(ctx, `SELECT prove_actor($1)`, altered); err == nil {
					t.Errorf("prove_actor accepted the altered proof (%s)", name)
				}
				return sp.Rollback(ctx)
			})
		})
	}
}

// TestAProofIsGoodForItsOwnTransactionOnly: a franchise owner's proof replayed in a later
// transaction on the same connection (as setting or through prove_actor, with or without the
// server's own proof there), or on another connection, gives no rows.
func TestAProofIsGoodForItsOwnTransactionOnly(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	single := oneConnection(t, d)
	proof := proofOf(t, single, actors["fdh"])

	t.Run("later transaction, under another proved actor", func(t *testing.T) {
		if err := single.InTx(ctx, actors["fut"], func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT set_config('klusmaat.actor', $1, true)`, proof); err != nil {
				return err
			}
			if role, dh, ut := seen(ctx, t, tx); role != "" || dh != 0 {
				t.Errorf("the replayed proof: role %q, %d den-haag and %d utrecht jobs; want no actor and no den-haag jobs", role, dh, ut)
			}
			sp, err := tx.Begin(ctx)
			if err != nil {
				return err
			}
			if _, err := sp.Exec(ctx, `SELECT prove_actor($1)`, proof); err == nil {
				t.Error("prove_actor accepted a proof used in an earlier transaction")
			}
			return sp.Rollback(ctx)
		}); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("later transaction on the same connection, without a proof of its own", func(t *testing.T) {
		conn, err := single.AppPool().Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, replay := range []string{
			`SELECT set_config('klusmaat.actor', $1, true)`,
			`SELECT set_config('klusmaat.actor', $1, false)`, // a session-level leftover
			`SELECT prove_actor($1)`,
		} {
			err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
				if _, err := tx.Exec(ctx, replay, proof); err != nil {
					return err
				}
				if role, dh, ut := seen(ctx, t, tx); role != "" || dh+ut != 0 {
					t.Errorf("%s: role %q, %d den-haag and %d utrecht jobs; want none", replay, role, dh, ut)
				}
				return nil
			})
			if err != nil && !strings.HasPrefix(replay, `SELECT prove_actor`) {
				t.Errorf("%s: %v", replay, err)
			}
			if err == nil && strings.HasPrefix(replay, `SELECT prove_actor`) {
				t.Error("prove_actor accepted a used proof in a later transaction")
			}
		}
		conn.Release()
		// The session-level copy is still there: the next proved transaction replaces it.
		if err := single.InTx(ctx, actors["fut"], func(tx pgx.Tx) error {
			if role, dh, ut := seen(ctx, t, tx); role != "franchise" || dh != 0 || ut != 2 {
				t.Errorf("the next proved transaction: role %q, %d den-haag and %d utrecht jobs; want franchise, 0, 2", role, dh, ut)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("another connection", func(t *testing.T) {
		conn, err := pgx.Connect(ctx, d.AppURL)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `SELECT actor_session()`); err != nil {
			t.Fatal(err)
		}
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(ctx) //nolint:errcheck
		if _, err := tx.Exec(ctx, `SELECT set_config('klusmaat.actor', $1, true)`, proof); err != nil {
			t.Fatal(err)
		}
		if role, dh, ut := seen(ctx, t, tx); role != "" || dh+ut != 0 {
			t.Errorf("on another connection: role %q, %d den-haag and %d utrecht jobs; want none", role, dh, ut)
		}
		if _, err := tx.Exec(ctx, `SELECT prove_actor($1)`, proof); err == nil {
			t.Error("prove_actor accepted another connection's proof")
		}
	})
}

// TestOneProofPerTransaction: a second prove_actor in a transaction is refused, also with a
// connection's fresh session starting over.
func TestOneProofPerTransaction(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	d.As(t, actors["fdh"], func(tx pgx.Tx) error {
		var proof string
		if err := tx.QueryRow(ctx, `SELECT current_setting('klusmaat.actor')`).Scan(&proof); err != nil {
			return err
		}
		for _, stmt := range []string{`SELECT prove_actor($1)`, `SELECT actor_session()`} {
			sp, err := tx.Begin(ctx)
			if err != nil {
				return err
			}
			var args []any
			if strings.Contains(stmt, "$1") {
				args = []any{proof}
			}
			if _, err := sp.Exec(ctx, stmt, args...); err == nil {
				t.Errorf("%s succeeded inside a proved transaction", stmt)
			}
			if err := sp.Rollback(ctx); err != nil {
				return err
			}
		}
		if role, dh, ut := seen(ctx, t, tx); role != "franchise" || ut != 0 || dh == 0 {
			t.Errorf("after the refusals: role %q, %d den-haag and %d utrecht jobs", role, dh, ut)
		}
		return nil
	})
}

// TestAReadWritesNothing: a proved read takes no transaction id (it is a read-only transaction to
// PostgreSQL) and even runs in a read-only transaction.
func TestAReadWritesNothing(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	for name, a := range actors {
		d.As(t, a, func(tx pgx.Tx) error {
			var xid *string
			var jobs int
			if err := tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM klussen), pg_current_xact_id_if_assigned()::text`).Scan(&jobs, &xid); err != nil {
				return err
			}
			if xid != nil {
				t.Errorf("%s: a read took transaction id %s", name, *xid)
			}
			if _, err := tx.Exec(ctx, `SET TRANSACTION READ ONLY`); err != nil {
				t.Errorf("%s: the read cannot continue as a read-only transaction: %v", name, err)
			}
			return nil
		})
	}
}
