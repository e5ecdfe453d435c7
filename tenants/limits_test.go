package tenants_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The shared rate-limit count: attempts of one key count up within a window and start afresh after
// it; keys and limits are counted apart; the server's role can count but neither read nor reset the
// counts, and no client address is stored as such.
func TestSharedLimitCounts(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	for i := 1; i <= 4; i++ {
		if within, err := d.DB.Hit(ctx, "proef", "192.0.2.1", 3, time.Hour); err != nil || within != (i <= 3) {
			t.Fatalf("attempt %d of at most 3: within %t, %v", i, within, err)
		}
	}
	if within, _ := d.DB.Hit(ctx, "proef", "192.0.2.2", 3, time.Hour); !within {
		t.Errorf("another address starts over")
	}
	if within, _ := d.DB.Hit(ctx, "ander", "192.0.2.1", 1, time.Hour); !within {
		t.Errorf("the same address under another limit starts over")
	}
	if within, _ := d.DB.Hit(ctx, "kort", "192.0.2.1", 1, time.Millisecond); !within {
		t.Fatalf("first attempt refused")
	}
	time.Sleep(5 * time.Millisecond) // the window has ended: the next attempt opens a new one
	if within, _ := d.DB.Hit(ctx, "kort", "192.0.2.1", 1, time.Millisecond); !within {
		t.Errorf("after the window the attempt is refused")
	}

	app, err := pgx.Connect(ctx, d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close(ctx)
	for _, sql := range []string{`SELECT count(*) FROM klusmaat_private.rate_limit_hits`,
		`DELETE FROM klusmaat_private.rate_limit_hits`, `TRUNCATE klusmaat_private.rate_limit_hits`} {
		if _, err := app.Exec(ctx, sql); err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("the server's role ran %q: %v", sql, err)
		}
	}
	owner, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close(ctx)
	var plain int
	if err := owner.QueryRow(ctx, `SELECT count(*) FROM klusmaat_private.rate_limit_hits WHERE position('192.0.2' IN encode(key, 'escape')) > 0`).Scan(&plain); err != nil || plain != 0 {
		t.Errorf("%d counts keep the address readable (%v)", plain, err)
	}
}
