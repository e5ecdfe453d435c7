package tenants

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Lock waits until no other transaction holds key and holds it until tx ends (PostgreSQL's
// transaction-level advisory lock on the key's 64-bit hash). Work that must not run twice at once
// takes its key first: drafting the klussers' statements, making a business's payment batch,
// importing a business's bank statement.
func Lock(ctx context.Context, tx pgx.Tx, key string) error {
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key)
	return err
}
