package tenants

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// sweepEvery is how often a server asks the database to forget ended rate-limit windows.
const sweepEvery = time.Minute

// MaxLimitWindow is the longest window a shared rate limit may count in (migration 041).
const MaxLimitWindow = time.Hour

// limitKey derives the key of the rate limits' HMACs from the actor key: the server has it, SQL
// running as the server's role does not, so SQL cannot name the key of an account or an address.
func limitKey(actorKey signingKey) []byte {
	m := hmac.New(sha256.New, actorKey)
	m.Write([]byte("klusmaat rate limit v1"))
	return m.Sum(nil)
}

// Hit counts an attempt of key against the rate limit name in the database (migrations 028 and
// 041), in a window of the given length (at most MaxLimitWindow), and reports whether the attempts
// in the window so far, this one included, are at most max. Every server counts in the same rows,
// so the limits hold across servers (httpapi.Limiter.Share). The key (a client address or an
// account) is stored only as an HMAC under a key derived from the actor key; the count is counted
// in a proved transaction (as the visitor) and never leaves the database. Now and then the call
// also forgets the windows that have ended.
func (db *DB) Hit(ctx context.Context, name, key string, max int, window time.Duration) (bool, error) {
	m := hmac.New(sha256.New, db.limitKey)
	m.Write([]byte(name + "\x00" + key))
	sum := m.Sum(nil)
	var within bool
	// One statement that carries its COMMIT (provedTx): the key's row, which every request from one
	// address updates, is held while PostgreSQL runs the statement and the COMMIT, not while the
	// answer travels to the server and a COMMIT comes back (make load: the public request).
	one := &provedTx{db: db, actor: AnonymousActor(), commitNext: true}
	err := db.inTx(ctx, one, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT rate_limit_hit($1, $2, $3, $4)`, name, sum, window, int32(min(max, 1<<31-1))).Scan(&within)
	})
	if err != nil {
		return false, fmt.Errorf("tenants: count rate limit %s: %w", name, err)
	}
	now := time.Now().UnixNano()
	if last := db.limitsSwept.Load(); now-last > int64(sweepEvery) && db.limitsSwept.CompareAndSwap(last, now) {
		err := db.InTx(ctx, AnonymousActor(), func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `SELECT rate_limit_sweep()`)
			return err
		})
		if err != nil {
			slog.WarnContext(ctx, "rate limits: sweep failed; the next call tries again", "error", err)
			db.limitsSwept.Store(last)
		}
	}
	return within, nil
}
