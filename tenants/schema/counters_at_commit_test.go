package schema_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// insertJob adds one open job in Voorburg (den-haag) for the given date, as the office does.
const insertJob = `
	INSERT INTO klussen (status, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, email)
	VALUES ($1, 'den-haag', 'montage', 'klus', $2::date, 'ochtend', 'Straat 1', '2271 AB', 'Voorburg', '070', $3)`

// counterErrors counts the rows in which the job counters (klus_tellingen, klus_week_tellingen)
// differ from a count of the jobs themselves.
func counterErrors(t *testing.T, d *dbtest.Database) int {
	t.Helper()
	var n int
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `
			WITH telt AS (SELECT regio, status, woonplaats, archived, count(*)::int AS n FROM klussen GROUP BY 1, 2, 3, 4),
			     kept AS (SELECT regio, status, woonplaats, archived, aantal AS n FROM klus_tellingen WHERE aantal <> 0),
			     wtelt AS (SELECT regio, date_trunc('week', datum)::date AS week, status, count(*)::int AS n
			               FROM klussen WHERE NOT archived GROUP BY 1, 2, 3),
			     wkept AS (SELECT regio, week, status, aantal AS n FROM klus_week_tellingen WHERE aantal <> 0)
			SELECT (SELECT count(*) FROM (TABLE telt EXCEPT TABLE kept) a) + (SELECT count(*) FROM (TABLE kept EXCEPT TABLE telt) b)
			     + (SELECT count(*) FROM (TABLE wtelt EXCEPT TABLE wkept) c) + (SELECT count(*) FROM (TABLE wkept EXCEPT TABLE wtelt) e)`).Scan(&n)
	})
	return n
}

// Migration 050: the counters of a town and a week are written at COMMIT, so a second request of
// the same town does not wait for the first one's transaction to end; and they stay exact: both
// jobs are counted, a savepoint rolled back takes its job's counts with it, and the jobs' other
// changes (a status, a date, archiving, deleting) move them as before.
func TestCountersAreWrittenAtCommitAndStayExact(t *testing.T) {
	ctx := context.Background()
	d := dbtest.New(t)
	admin := tenants.SystemActor()

	// A inserts a job of Voorburg and keeps its transaction open while B inserts one of the same
	// town and week and commits. Were the counter rows written by A's insert, B would wait for them
	// until A ends: B's lock_timeout turns that wait into an error.
	firstInserted, secondDone := make(chan struct{}), make(chan error, 1)
	go func() {
		<-firstInserted
		secondDone <- d.DB.InTx(ctx, admin, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SET LOCAL lock_timeout = '5s'`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, insertJob, "open", "2026-12-07", "b@example.nl")
			return err
		})
	}()
	d.As(t, admin, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, insertJob, "open", "2026-12-08", "a@example.nl"); err != nil {
			return err
		}
		close(firstInserted)
		if err := <-secondDone; err != nil {
			t.Errorf("a second request of the same town waited for the first one's transaction: %v", err)
		}
		return nil
	})
	if n := counterErrors(t, d); n != 0 {
		t.Fatalf("after two requests of one town at once: %d counter rows differ from the jobs", n)
	}
	var voorburg int
	d.As(t, admin, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT coalesce(sum(aantal), 0)::int FROM klus_tellingen
			WHERE regio = 'den-haag' AND status = 'open' AND woonplaats = 'Voorburg' AND NOT archived`).Scan(&voorburg)
	})
	if voorburg != 2 {
		t.Fatalf("Voorburg's open jobs count %d, want 2", voorburg)
	}

	// A savepoint rolled back takes its job's counts with it; the rest of the transaction counts.
	d.As(t, admin, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, insertJob, "open", "2026-12-09", "c@example.nl"); err != nil {
			return err
		}
		sp, err := tx.Begin(ctx)
		if err != nil {
			return err
		}
		if _, err := sp.Exec(ctx, insertJob, "ingepland", "2026-12-10", "d@example.nl"); err != nil {
			return err
		}
		if err := sp.Rollback(ctx); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, insertJob, "bezig", "2026-12-21", "e@example.nl")
		return err
	})
	if n := counterErrors(t, d); n != 0 {
		t.Fatalf("after a savepoint rolled back: %d counter rows differ from the jobs", n)
	}

	// Every other kind of change, several in one transaction.
	d.As(t, admin, func(tx pgx.Tx) error {
		for _, q := range []string{
			`UPDATE klussen SET status = 'ingepland' WHERE email = 'a@example.nl'`,
			`UPDATE klussen SET datum = datum + 14 WHERE email = 'b@example.nl'`,
			`UPDATE klussen SET archived = true WHERE email = 'c@example.nl'`,
			`DELETE FROM klussen WHERE email = 'e@example.nl'`,
		} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
		}
		return nil
	})
	if n := counterErrors(t, d); n != 0 {
		t.Fatalf("after updates and a delete: %d counter rows differ from the jobs", n)
	}
}
