package schema_test

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/notify"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// TestNotificationsAreBoundToTheChange (issue 42, item 4): the in-app notifications are held to
// what the enqueuing transaction changed, as the e-mails are (TestEnqueueChecks). SQL in an
// actor's transaction cannot tell the admins that anyone picked up, planned or cancelled any job
// with a text of its own, nor send a klusser an assignment with a town, date or time of its own;
// the application's own paths, which change the job in the same transaction, pass.
func TestNotificationsAreBoundToTheChange(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	q, err := jobs.NewQueue(d.DB.QueuePool(), river.NewWorkers(), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// claim is the klusser's claim of the den-haag pool job (portaal Claim), in tx.
	claim := func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE klussen SET klusser_id = actor_id(), claimed_at = now() WHERE id = $1`, id("dh_pool"))
		return err
	}
	// assign is an admin's assignment of the fresh den-haag request to the den-haag klusser.
	assign := func(tx pgx.Tx) (notify.KlusserArgs, error) {
		a := notify.KlusserArgs{KlusID: id("dh_new"), KlusserID: kdhID}
		err := tx.QueryRow(ctx, `UPDATE klussen SET klusser_id = $2, status = 'ingepland', claimed_at = now() WHERE id = $1
			RETURNING to_char(datum, 'DD-MM-YYYY'), tijd, woonplaats`, a.KlusID, a.KlusserID).Scan(&a.Datum, &a.Tijd, &a.Woonplaats)
		return a, err
	}
	// plan is the klusser's plan of its own job, with the admins' notification's date and time.
	plan := func(tx pgx.Tx) (notify.AdminsArgs, error) {
		a := notify.AdminsArgs{Type: notify.KlusGewijzigd, KlusID: id("dh_kdh2"), KlusserNaam: "K Den Haag"}
		err := tx.QueryRow(ctx, `UPDATE klussen SET geplande_start_tijd = (current_date + 3) + time '14:30' WHERE id = $1
			RETURNING to_char(geplande_start_tijd AT TIME ZONE 'Europe/Amsterdam', 'DD-MM-YYYY'),
			          to_char(geplande_start_tijd AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI')`, a.KlusID).Scan(&a.Datum, &a.Tijd)
		return a, err
	}
	none := func(pgx.Tx) error { return nil }

	refused := []struct {
		name   string
		actor  tenants.Actor
		change func(pgx.Tx) error
		job    river.JobArgs
	}{
		{"an anonymous 'picked up' of any job with any name (the finding)", actors["anon"], none,
			notify.AdminsArgs{Type: notify.KlusOpgepakt, KlusID: id("ut_pool"), KlusserNaam: "Bel 0900-OPLICHTER"}},
		{"a klusser's 'picked up' of a job it did not claim", actors["kdh"], none,
			notify.AdminsArgs{Type: notify.KlusOpgepakt, KlusID: id("dh_pool"), KlusserNaam: "K Den Haag"}},
		{"a claim announced under another name", actors["kdh"], claim,
			notify.AdminsArgs{Type: notify.KlusOpgepakt, KlusID: id("dh_pool"), KlusserNaam: "Iemand Anders"}},
		{"a claim announced with a date", actors["kdh"], claim,
			notify.AdminsArgs{Type: notify.KlusOpgepakt, KlusID: id("dh_pool"), KlusserNaam: "K Den Haag", Datum: "01-01-2030"}},
		{"a plan announced at another time", actors["kdh"], func(tx pgx.Tx) error { _, err := plan(tx); return err },
			notify.AdminsArgs{Type: notify.KlusGewijzigd, KlusID: id("dh_kdh2"), KlusserNaam: "K Den Haag", Datum: "01-01-2030", Tijd: "03:00"}},
		{"a cancellation of a job nobody cancelled", actors["anon"], none,
			notify.AdminsArgs{Type: notify.KlusGeannuleerd, KlusID: id("dh_new")}},
		{"a quote's answer nobody gave", actors["anon"], none,
			notify.AdminsArgs{Type: notify.OfferteAkkoord, KlusID: id("dh_new"), Nummer: "O2026-0001"}},
		{"a type the worker does not know", actors["admin"], func(tx pgx.Tx) error { _, err := assign(tx); return err },
			notify.AdminsArgs{Type: "mededeling", KlusID: id("dh_new"), KlusserNaam: "Klik hier"}},
		{"a pool notice for a job that did not enter the pool", actors["fdh"], none,
			notify.PoolArgs{KlusID: id("dh_pool")}},
		{"a klusser's assignment with free text (the finding)", actors["admin"], none,
			notify.KlusserArgs{KlusID: id("dh_new"), KlusserID: kdhID, Datum: "morgen", Tijd: "nu", Woonplaats: "Bel 0900-OPLICHTER"}},
		{"an assignment with another town", actors["admin"], func(tx pgx.Tx) error { _, err := assign(tx); return err },
			notify.KlusserArgs{KlusID: id("dh_new"), KlusserID: kdhID, Datum: "01-01-2030", Tijd: "ochtend", Woonplaats: "Bel 0900-OPLICHTER"}},
		{"an assignment told to another klusser", actors["admin"], func(tx pgx.Tx) error { _, err := assign(tx); return err },
			notify.KlusserArgs{KlusID: id("dh_new"), KlusserID: kutID}},
	}
	for _, c := range refused {
		err := d.DB.InTx(ctx, c.actor, func(tx pgx.Tx) error {
			if err := c.change(tx); err != nil {
				t.Fatalf("%s: setting up: %v", c.name, err)
			}
			return q.Enqueue(ctx, tx, c.job)
		})
		if err == nil || !strings.Contains(err.Error(), "may not enqueue") {
			t.Errorf("%s: %v, want refused", c.name, err)
		}
	}

	// Plain SQL, the way an injection would write it, meets the same check.
	err = d.DB.InTx(ctx, actors["anon"], func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO river.river_job (args, kind, max_attempts, priority, queue, state)
			VALUES (jsonb_build_object('type', 'klus_opgepakt', 'klus_id', $1::text, 'klusser_naam', 'Oplichter'), 'notify_admins', 1, 1, 'default', 'available')`, id("ut_pool"))
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "may not enqueue") {
		t.Errorf("a plain INSERT of a notification: %v, want refused", err)
	}

	// The application's own paths, each in the transaction of its change.
	admitted := []struct {
		name  string
		actor tenants.Actor
		job   func(pgx.Tx) (river.JobArgs, error)
	}{
		{"the claim", actors["kdh"], func(tx pgx.Tx) (river.JobArgs, error) {
			return notify.AdminsArgs{Type: notify.KlusOpgepakt, KlusID: id("dh_pool"), KlusserNaam: "K Den Haag"}, claim(tx)
		}},
		{"the changed plan", actors["kdh"], func(tx pgx.Tx) (river.JobArgs, error) { return plan(tx) }},
		{"the assignment", actors["admin"], func(tx pgx.Tx) (river.JobArgs, error) { return assign(tx) }},
		{"the pool", actors["admin"], func(tx pgx.Tx) (river.JobArgs, error) {
			_, err := tx.Exec(ctx, `UPDATE klussen SET klusser_id = NULL, status = 'open', claimed_at = NULL, assignment_type = 'pool',
				geplande_start_tijd = NULL, klusser_telefoon = NULL, planning_changes_count = 0 WHERE id = $1`, id("dh_new"))
			return notify.PoolArgs{KlusID: id("dh_new")}, err
		}},
		{"the customer's cancellation through the link", actors["anon"], func(tx pgx.Tx) (river.JobArgs, error) {
			var regio string
			err := tx.QueryRow(ctx, `SELECT regio FROM klus_status_annuleren($1)`, statusToken(id("ut_pool"), dbtest.ActorKey)).Scan(&regio)
			return notify.AdminsArgs{Type: notify.KlusGeannuleerd, KlusID: id("ut_pool")}, err
		}},
	}
	for _, c := range admitted {
		err := d.DB.InTx(ctx, c.actor, func(tx pgx.Tx) error {
			job, err := c.job(tx)
			if err != nil {
				t.Fatalf("%s: setting up: %v", c.name, err)
			}
			return q.Enqueue(ctx, tx, job)
		})
		if err != nil {
			t.Errorf("%s: %v, want admitted", c.name, err)
		}
	}
}
