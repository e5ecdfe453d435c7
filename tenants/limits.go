package tenants

import (
	"context"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"time"
)

// sweepEvery is how often a server asks the database to forget ended rate-limit windows.
const sweepEvery = time.Minute

// Hit counts an attempt of key against the rate limit name in the database (migration 028), in a
// window of the given length, and returns the attempts in the window so far. Every server counts
// in the same rows, so the limits hold across servers (httpapi.Limiter.Share). The key (a client
// address or an account) is stored only as a hash. Now and then the call also forgets the windows
// that have ended.
func (db *DB) Hit(ctx context.Context, name, key string, window time.Duration) (int, error) {
	sum := sha256.Sum256([]byte(name + "\x00" + key))
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT rate_limit_hit($1, $2, $3)`, name, sum[:], window).Scan(&n); err != nil {
		return 0, fmt.Errorf("tenants: count rate limit %s: %w", name, err)
	}
	now := time.Now().UnixNano()
	if last := db.limitsSwept.Load(); now-last > int64(sweepEvery) && db.limitsSwept.CompareAndSwap(last, now) {
		if _, err := db.pool.Exec(ctx, `SELECT rate_limit_sweep()`); err != nil {
			slog.WarnContext(ctx, "rate limits: sweep failed; the next call tries again", "error", err)
			db.limitsSwept.Store(last)
		}
	}
	return n, nil
}
