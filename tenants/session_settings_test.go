package tenants_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// Every session of the server's pool runs in the product's calendar zone, with deadlines, and
// without JIT compilation (a mis-estimated list page once spent seconds compiling).
func TestServerSessionsCarryTheirSettings(t *testing.T) {
	d := dbtest.New(t)
	want := map[string]string{
		"TimeZone":                            "Europe/Amsterdam",
		"statement_timeout":                   "2min",
		"idle_in_transaction_session_timeout": "1min",
		"jit":                                 "off",
	}
	ctx := context.Background()
	err := d.DB.Tx(ctx, func(tx pgx.Tx) error {
		for name, value := range want {
			var got string
			if err := tx.QueryRow(ctx, `SELECT current_setting($1)`, name).Scan(&got); err != nil {
				return err
			}
			if got != value {
				t.Errorf("%s = %q, want %q", name, got, value)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
