package tenants_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// counting is the test database through a server pool of one connection that counts its flights
// (a run of writes before the database answers: one round trip).
func counting(t *testing.T) (*dbtest.Database, *tenants.DB, *atomic.Int64) {
	t.Helper()
	d := dbtest.New(t)
	flights := new(atomic.Int64)
	db, err := tenants.OpenCountingFlights(context.Background(), d.Config(), flights)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return d, db, flights
}

// roundTrips runs tx twice (the first run on a connection also starts its actor proofs and
// prepares the statements) and returns the second run's round trips.
func roundTrips(t *testing.T, flights *atomic.Int64, tx func() error) int64 {
	t.Helper()
	if err := tx(); err != nil {
		t.Fatal(err)
	}
	before := flights.Load()
	if err := tx(); err != nil {
		t.Fatal(err)
	}
	return flights.Load() - before
}

var franchiseDH = tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}}

// A read of one statement (the notifications, the pool, every list page without a search) is one
// round trip: BEGIN, the proof, the statement and COMMIT together; a transaction of one statement
// otherwise takes two (the statement, then COMMIT). The read acts as its actor, read only.
func TestAReadIsOneRoundTrip(t *testing.T) {
	_, db, flights := counting(t)
	ctx := tenants.WithActor(context.Background(), franchiseDH)
	const probe = `SELECT coalesce(actor_role(), ''), array_to_string(actor_regions(), ','), current_setting('transaction_read_only')`
	var role, regions, readOnly string
	scan := func(tx pgx.Tx) error { return tx.QueryRow(ctx, probe).Scan(&role, &regions, &readOnly) }

	if n := roundTrips(t, flights, func() error { return db.InTx(ctx, franchiseDH, scan) }); n != 2 {
		t.Errorf("a transaction of one statement: %d round trips, want 2 (the count does not count)", n)
	}
	if n := roundTrips(t, flights, func() error { return db.Read(ctx, scan) }); n != 1 {
		t.Errorf("a read: %d round trips, want 1", n)
	}
	if role != "franchise" || regions != "den-haag" || readOnly != "on" {
		t.Errorf("the read acts as %q of %q, read only %s; want franchise of den-haag, read only", role, regions, readOnly)
	}

	spec := &list.Spec{Sorts: []string{"naam"}, DefaultSort: "naam", Tiebreak: []string{"id"}}
	p, err := list.Parse(spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	var page list.Page[string]
	n := roundTrips(t, flights, func() (err error) {
		page, err = tenants.ListPage(ctx, db, p, `SELECT * FROM (VALUES (1, 'Bas'), (2, 'Anna')) AS t(id, naam)`, nil,
			func(r tenants.Row) (string, error) {
				var id int
				var naam string
				return naam, r.Scan(&id, &naam)
			})
		return err
	})
	if n != 1 || page.Total != 2 || len(page.Data) != 2 || page.Data[0] != "Anna" {
		t.Errorf("a list page: %d round trips, %v of %d; want 1, [Anna Bas] of 2", n, page.Data, page.Total)
	}
}

// The shared rate limit's count is one statement that carries its COMMIT: one round trip, so the
// key's row is not held while an answer travels.
func TestALimitHitIsOneRoundTrip(t *testing.T) {
	_, db, flights := counting(t)
	ctx := context.Background()
	hit := func() error {
		within, err := db.Hit(ctx, "proef", "192.0.2.1", 10, time.Hour)
		if err == nil && !within {
			err = errors.New("refused within the limit")
		}
		return err
	}
	if n := roundTrips(t, flights, hit); n != 1 {
		t.Errorf("a rate-limit hit: %d round trips, want 1", n)
	}
}

// The actor of a read ends with its COMMIT: neither the next statement on the connection nor the
// next transaction finds it, even when the read's statement copied the proof into a setting of
// the session.
func TestAReadLeavesNoActorBehind(t *testing.T) {
	_, db, _ := counting(t)
	ctx := context.Background()
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	for name, sql := range map[string]string{
		"a plain read":           `SELECT coalesce(actor_role(), '')`,
		"the proof copied along": `SELECT set_config('klusmaat.actor', current_setting('klusmaat.actor'), false) || coalesce(actor_role(), '')`,
	} {
		t.Run(name, func(t *testing.T) {
			var seen string
			if err := db.InRead(ctx, admin, func(tx pgx.Tx) error { return tx.QueryRow(ctx, sql).Scan(&seen) }); err != nil {
				t.Fatal(err)
			}
			var after string
			if err := db.AppPool().QueryRow(ctx, `SELECT coalesce(actor_role(), '')`).Scan(&after); err != nil || after != "" {
				t.Errorf("the next statement on the connection acts as %q (%v), want no actor", after, err)
			}
			if err := db.InTx(ctx, tenants.AnonymousActor(), func(tx pgx.Tx) error {
				return tx.QueryRow(ctx, `SELECT coalesce(actor_role(), '')`).Scan(&after)
			}); err != nil || after != "anonymous" {
				t.Errorf("the next transaction acts as %q (%v), want anonymous", after, err)
			}
		})
	}
}

// A read writes nothing, runs one statement, and ends as any transaction when it fails: its
// error reaches the caller and the connection serves the next transaction.
func TestAReadEndsAsATransactionDoes(t *testing.T) {
	_, db, _ := counting(t)
	ctx := context.Background()
	errMine := errors.New("the caller's own error")
	cases := []struct {
		name string
		fn   func(tx pgx.Tx) error
		want func(error) bool
	}{
		{"a write", func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE notifications SET read_at = now() WHERE user_id = actor_id()`)
			return err
		}, func(err error) bool { return tenants.PGCode(err) == "25006" }}, // read_only_sql_transaction
		{"a failing statement", func(tx pgx.Tx) error {
			var n int
			return tx.QueryRow(ctx, `SELECT 1 / (SELECT count(*) FROM notifications)::int`).Scan(&n)
		}, func(err error) bool { return tenants.PGCode(err) == "22012" }}, // division_by_zero
		{"a failing statement whose error fn ignores", func(tx pgx.Tx) error {
			_, _ = tx.Exec(ctx, `SELECT 1 / 0`)
			return nil
		}, func(err error) bool { return errors.Is(err, pgx.ErrTxCommitRollback) }},
		{"a second statement", func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT 1`).Scan(&n); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT 2`).Scan(&n)
		}, func(err error) bool { return errors.Is(err, tenants.ErrAfterLastStatement) }},
		{"a batch", func(tx pgx.Tx) error {
			b := &pgx.Batch{}
			b.Queue(`SELECT 1`)
			return tx.SendBatch(ctx, b).Close()
		}, func(err error) bool { return err != nil }},
		{"statements in one message", func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `SELECT 1; SELECT 2`)
			return err
		}, func(err error) bool { return err != nil }},
		{"fn's error after the statement", func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT 1`).Scan(&n); err != nil {
				return err
			}
			return errMine
		}, func(err error) bool { return errors.Is(err, errMine) }},
		{"rows left open", func(tx pgx.Tx) error {
			_, err := tx.Query(ctx, `SELECT generate_series(1, 1000)`)
			return err
		}, func(err error) bool { return err == nil }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := db.InRead(ctx, franchiseDH, c.fn); !c.want(err) {
				t.Errorf("the read ended with %v", err)
			}
			var role string
			err := db.InTx(ctx, tenants.AnonymousActor(), func(tx pgx.Tx) error {
				return tx.QueryRow(ctx, `SELECT coalesce(actor_role(), '')`).Scan(&role)
			})
			if err != nil || role != "anonymous" {
				t.Errorf("the next transaction on the connection: %q, %v; want anonymous", role, err)
			}
		})
	}
}

// A read on a connection whose session SQL unsettled (DISCARD SEQUENCES: the database refuses the
// proof) is proved again on a fresh connection, as every transaction is.
func TestAReadRenewsARefusedProof(t *testing.T) {
	_, db, _ := counting(t)
	ctx := context.Background()
	if err := db.InTx(ctx, franchiseDH, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DISCARD SEQUENCES`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var role string
	err := db.InRead(ctx, franchiseDH, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT coalesce(actor_role(), '')`).Scan(&role)
	})
	if err != nil || role != "franchise" {
		t.Errorf("the read after DISCARD SEQUENCES: %q, %v; want franchise", role, err)
	}
}

// A statement can travel with the transaction's next message (the public request's insert, with
// its e-mail job's or with COMMIT): a round trip fewer, committed with the rest, and when it fails
// the message it went with fails and the whole transaction is rolled back.
func TestAStatementTravelsWithTheNext(t *testing.T) {
	_, db, flights := counting(t)
	ctx := context.Background()
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	const grant = `INSERT INTO user_roles (user_id, role) VALUES ($1, 'klusser')`
	roles := func(ids ...uuid.UUID) (n int) {
		t.Helper()
		if err := db.InRead(ctx, admin, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, `SELECT count(*) FROM user_roles WHERE user_id = ANY ($1)`, ids).Scan(&n)
		}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	grants := func(ids ...uuid.UUID) func(tx pgx.Tx) error {
		return func(tx pgx.Tx) error {
			for _, id := range ids[:len(ids)-1] {
				if err := tenants.ExecWithNext(ctx, tx, grant, id); err != nil {
					return err
				}
			}
			_, err := tx.Exec(ctx, grant, ids[len(ids)-1])
			return err
		}
	}

	var a, b, c uuid.UUID
	n := roundTrips(t, flights, func() error {
		a, b, c = uuid.New(), uuid.New(), uuid.New()
		return db.InTx(ctx, admin, grants(a, b, c))
	})
	if n != 2 || roles(a, b, c) != 3 {
		t.Errorf("three inserts, two with the third: %d round trips, %d of 3 rows; want 2 and 3", n, roles(a, b, c))
	}
	n = roundTrips(t, flights, func() error {
		a = uuid.New()
		return db.InTx(ctx, admin, func(tx pgx.Tx) error { return tenants.ExecWithNext(ctx, tx, grant, a) })
	})
	if n != 1 || roles(a) != 1 {
		t.Errorf("an insert with COMMIT: %d round trips, %d of 1 row; want 1 and 1", n, roles(a))
	}

	a, b = uuid.New(), uuid.New()
	err := db.InTx(ctx, admin, grants(a, a, b)) // the same row twice: the second is refused
	if tenants.PGCode(err) != tenants.CodeUniqueViolation || roles(a, b) != 0 {
		t.Errorf("a statement that fails before the next: %v, %d rows kept; want the refusal and none", err, roles(a, b))
	}
	a, b = uuid.New(), uuid.New()
	err = db.InTx(ctx, admin, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, grant, a); err != nil {
			return err
		}
		return tenants.ExecWithNext(ctx, tx, grant, a)
	})
	if tenants.PGCode(err) != tenants.CodeUniqueViolation || roles(a) != 0 {
		t.Errorf("a statement that fails with COMMIT: %v, %d rows kept; want the refusal and none", err, roles(a))
	}
	var role string
	if err := db.InTx(ctx, tenants.AnonymousActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT coalesce(actor_role(), '')`).Scan(&role)
	}); err != nil || role != "anonymous" {
		t.Errorf("the next transaction on the connection: %q, %v", role, err)
	}
}
