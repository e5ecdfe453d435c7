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
