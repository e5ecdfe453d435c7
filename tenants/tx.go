package tenants

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Tx runs fn in a transaction as the actor of ctx (the request's, set by the HTTP middleware; a
// context without one is anonymous), and turns the PostgreSQL refusals a user can cause into
// domain errors (Refusals). It is what every store uses; InTx with an explicit actor is for the
// few places that act as someone else (background jobs as the system, a session looking itself up).
func (db *DB) Tx(ctx context.Context, fn func(pgx.Tx) error) error {
	return Refusals{}.Map(db.InTx(ctx, ActorFrom(ctx), fn))
}

// TxValue is DB.Tx for a transaction that reads or makes one value: fn's value when the
// transaction commits, so that a store method need not declare a variable for its closure to set.
func TxValue[T any](ctx context.Context, db *DB, fn func(pgx.Tx) (T, error)) (T, error) {
	var v T
	err := db.Tx(ctx, func(tx pgx.Tx) (err error) {
		v, err = fn(tx)
		return err
	})
	return v, err
}

// Read is DB.Tx for a read of one statement (InRead): BEGIN, the proof, the statement and COMMIT
// in one round trip instead of two, in a read-only transaction. fn runs exactly one statement
// (Query, QueryRow or Exec of one statement); a second one fails with ErrAfterLastStatement. The
// hot reads use it: a list page (ListPage), the pool, the notifications.
func (db *DB) Read(ctx context.Context, fn func(pgx.Tx) error) error {
	return Refusals{}.Map(db.InRead(ctx, ActorFrom(ctx), fn))
}

// ReadValue is TxValue for a read of one statement (DB.Read).
func ReadValue[T any](ctx context.Context, db *DB, fn func(pgx.Tx) (T, error)) (T, error) {
	var v T
	err := db.Read(ctx, func(tx pgx.Tx) (err error) {
		v, err = fn(tx)
		return err
	})
	return v, err
}

// LastStatement makes tx's next statement its last: COMMIT travels with it, in the same round
// trip, so the rows it locks (a counter row that every request of a town updates) are held only
// while PostgreSQL works through the statement and the COMMIT. The transaction then commits if
// that statement succeeds, whatever fn does afterwards, and any further statement fails with
// ErrAfterLastStatement: the statement must be one whose success means the transaction is done
// (an INSERT that cannot insert nothing, say). If it fails, the transaction is rolled back as
// always. On a transaction not made by DB (a savepoint), it does nothing: COMMIT comes at the end
// as usual.
func LastStatement(tx pgx.Tx) {
	if t, ok := tx.(*provedTx); ok && !t.closed && !t.ended {
		t.commitNext = true
	}
}
