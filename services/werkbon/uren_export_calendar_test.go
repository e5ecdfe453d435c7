package werkbon

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// The hours export counts a work order on the Dutch day its work ended, as the charts do, not on
// the day it was opened (when the job was planned, possibly months before): work ended at 23:30
// UTC on 31 December belongs to 1 January (00:30 in the Netherlands), at 22:30 UTC to 31 December,
// whatever the zone of the machine or of the database cluster; the row's date is that day.
func TestHoursExportUsesDutchDays(t *testing.T) {
	ctx := context.Background()
	d := dbtest.New(t)
	ids := seed.FixedIDs()
	if err := seed.Run(ctx, d.DB, calendar.NewDate(2026, time.December, 20), ids); err != nil {
		t.Fatal(err)
	}
	admin := tenants.Actor{UserID: ids["admin@klusmaat.nl"], Role: tenants.Admin}
	// Every completed work order opened on 1 June; the work of all but two ended far away, of those
	// two on either side of midnight.
	d.As(t, admin, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			WITH c AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM werkbonnen WHERE status = 'completed'),
			     e AS (SELECT id, CASE n WHEN 1 THEN timestamptz '2026-12-31T22:30:00Z'
			                             WHEN 2 THEN timestamptz '2026-12-31T23:30:00Z'
			                             ELSE timestamptz '2026-06-02T12:00:00Z' END AS eind FROM c)
			UPDATE werkbonnen w SET created_at = timestamptz '2026-06-01T08:00:00Z',
			       start_tijd = e.eind - interval '1 hour', eind_tijd = e.eind
			FROM e WHERE e.id = w.id`)
		return err
	})

	rowsOn := func(day string) int {
		t.Helper()
		var n int
		var out bytes.Buffer
		d.As(t, admin, func(tx pgx.Tx) error {
			var err error
			n, err = writeUren(ctx, tx, exports.Request{Soort: "uren", Van: day, Tot: day}, &out)
			if errors.Is(err, exports.ErrEmpty) {
				return nil
			}
			return err
		})
		if n > 0 && !strings.HasPrefix(out.String(), "Datum;Klusser;") {
			t.Fatalf("export of %s starts with %q", day, out.String())
		}
		if n > 0 {
			want := day[8:10] + "-" + day[5:7] + "-" + day[0:4]
			if line := strings.Split(out.String(), "\n")[1]; !strings.HasPrefix(line, want+";") {
				t.Fatalf("export of %s: row %q, want it dated %s (the day the work ended)", day, line, want)
			}
		}
		return n
	}
	if n := rowsOn("2026-12-31"); n != 1 {
		t.Fatalf("31 December: %d rows, want 1 (the work order of 23:30 Dutch time)", n)
	}
	if n := rowsOn("2027-01-01"); n != 1 {
		t.Fatalf("1 January: %d rows, want 1 (the work order of 00:30 Dutch time)", n)
	}
	if n := rowsOn("2026-12-30"); n != 0 {
		t.Fatalf("30 December: %d rows, want none", n)
	}
}
