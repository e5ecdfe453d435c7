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
	return valueOf(ctx, db.Tx, fn)
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
	return valueOf(ctx, db.Read, fn)
}

// valueOf runs fn through run (DB.Tx or DB.Read) and returns the value it made.
func valueOf[T any](ctx context.Context, run func(context.Context, func(pgx.Tx) error) error, fn func(pgx.Tx) (T, error)) (T, error) {
	var v T
	err := run(ctx, func(tx pgx.Tx) (err error) {
		v, err = fn(tx)
		return err
	})
	return v, err
}

// ExecWithNext runs sql in tx together with the next message the transaction sends, in the same
// round trip: its next statement, or its COMMIT. The public request inserts its job this way with
// its e-mail job, so that the job counters its insert updates (rows every request of a town
// updates) are held for one round trip (until COMMIT) rather than two. Its result is not read; if
// it fails, the message it travels with fails with its error (wrapped) and the transaction is
// rolled back as always. On a transaction not made by DB (a savepoint) it runs at once.
func ExecWithNext(ctx context.Context, tx pgx.Tx, sql string, args ...any) error {
	t, ok := tx.(*provedTx)
	if !ok {
		_, err := tx.Exec(ctx, sql, args...)
		return err
	}
	switch {
	case t.closed:
		return pgx.ErrTxClosed
	case t.ended:
		return ErrAfterLastStatement
	}
	t.queued = append(t.queued, queuedSQL{sql: sql, args: args})
	return nil
}
