package schema_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// TestJobEventsComeFromTheTriggerOnly: no actor, not even an admin, adds a job event or announces
// one; the trigger still records every change, a visitor's request included.
func TestJobEventsComeFromTheTriggerOnly(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	forged := []string{
		`INSERT INTO klus_events (klus_id, op, regio, status, assignment_type) VALUES (gen_random_uuid(), 'INSERT', 'utrecht', 'open', 'pool')`,
		`SELECT pg_notify('klus_events', '{"id": 1, "regio": "utrecht", "assignment_type": "pool"}')`,
	}
	for _, name := range actorOrder {
		for _, sql := range forged {
			err := d.DB.InTx(ctx, actors[name], func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, sql)
				return err
			})
			if err == nil || !strings.Contains(err.Error(), "permission denied") {
				t.Errorf("%s: %.40s...: %v, want permission denied", name, sql, err)
			}
		}
	}

	d.As(t, actors["anon"], func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO klussen (id, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
			VALUES ($1, 'den-haag', 'montage', 'x', current_date, 'ochtend', 'a', '2271 AB', 'Voorburg', '1')`, id("request"))
		return err
	})
	var n int
	d.As(t, actors["admin"], func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM klus_events WHERE klus_id = $1 AND op = 'INSERT' AND regio = 'den-haag'`, id("request")).Scan(&n)
	})
	if n != 1 {
		t.Fatalf("a visitor's request left %d events, want 1", n)
	}
}

// TestQueueIsOutOfReach: River's jobs (e-mail recipients and contents, export requests) are the
// queue role's. The server's role enqueues inside a transaction and reads back only that
// transaction's job; without an actor it sees and changes nothing, and no actor changes a job.
func TestQueueIsOutOfReach(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	q, err := jobs.NewQueue(d.DB.QueuePool(), river.NewWorkers(), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The franchise owner's own export: a job an actor may queue for itself (e-mails and
	// notifications are bound to what the transaction changed; TestEnqueueChecks).
	job := exportArgs{ExportID: uuid.New(), UserID: fdhID}
	d.As(t, actors["fdh"], func(tx pgx.Tx) error {
		if err := q.Enqueue(ctx, tx, job); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM river.river_job`).Scan(&n); err != nil || n != 1 {
			t.Errorf("the enqueuing transaction sees %d jobs (%v), want its own 1", n, err)
		}
		return nil
	})

	conn, err := pgx.Connect(ctx, d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var visible int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM river.river_job`).Scan(&visible); err != nil || visible != 0 {
		t.Errorf("without an actor: %d jobs visible (%v)", visible, err)
	}
	for _, stmt := range []string{
		`UPDATE river.river_job SET args = '{"to": "aanvaller@example.nl"}'`,
		`DELETE FROM river.river_job`,
		`INSERT INTO river.river_job (args, kind, max_attempts, priority, queue, state) VALUES ('{}', 'email', 1, 1, 'email', 'available')`,
		`SELECT count(*) FROM river.river_leader`,
		`SELECT count(*) FROM river.river_queue`,
	} {
		tag, err := conn.Exec(ctx, stmt)
		if err == nil && (tag.RowsAffected() > 0 || strings.HasPrefix(stmt, "SELECT")) {
			t.Errorf("without an actor: %q succeeded (%d rows)", stmt, tag.RowsAffected())
		}
	}

	seen := map[string]int{}
	for _, name := range actorOrder {
		d.As(t, actors[name], func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM river.river_job`).Scan(&n); err != nil {
				return err
			}
			seen[name] = n
			for _, stmt := range []string{`UPDATE river.river_job SET state = 'cancelled', finalized_at = now()`, `UPDATE river.river_job SET kind = kind`} {
				sp, err := tx.Begin(ctx)
				if err != nil {
					return err
				}
				if tag, err := sp.Exec(ctx, stmt); err == nil && tag.RowsAffected() > 0 {
					t.Errorf("%s: %q changed %d jobs", name, stmt, tag.RowsAffected())
				}
				if err := sp.Rollback(ctx); err != nil {
					return err
				}
			}
			return nil
		})
	}
	// Only admins follow the queue (the e-mail job list); the franchise owner who enqueued the job
	// does not see it in a later transaction.
	for name, n := range seen {
		if want := map[bool]int{true: 1, false: 0}[name == "admin"]; n != want {
			t.Errorf("%s sees %d jobs, want %d", name, n, want)
		}
	}
	res, err := q.Client().JobList(ctx, river.NewJobListParams().Kinds(job.Kind()))
	if err != nil || len(res.Jobs) != 1 || res.Jobs[0].State != "available" {
		t.Fatalf("the queue's own view: %v %v", res, err)
	}
}
