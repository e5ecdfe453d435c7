// Package herinnering sends the reminders of the day before (docs/decisions.md, D27): at 18:00
// Amsterdam time, or at once when an appointment is planned later that evening, the customer of
// each appointment of tomorrow (a planned job, or a free survey) gets an e-mail, and the klusser
// of a planned job an in-app notification. Exactly once per appointment version: the reminder is
// recorded (table herinneringen, migration 032) in the transaction that queues it, so a second
// run on another server or after a restart sends nothing; a changed appointment is a new version;
// a cancelled one is no longer planned and gets none.
package herinnering

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// SendFrom is the hour of the day before at which reminders go out.
const SendFrom = 18

// Every is how often the reminder job runs; an appointment planned after 18:00 for tomorrow is
// reminded within this time.
const Every = 5 * time.Minute

// Notification is the type of the klusser's in-app reminder.
const Notification = "herinnering"

// Args is the reminder run; the worker finds what is due itself.
type Args struct{}

// Kind names the job.
func (Args) Kind() string { return "herinneringen" }

// Periodic is the reminder run every Every minutes, on the queue's leader alone (River).
func Periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(Every),
		func() (river.JobArgs, *river.InsertOpts) { return Args{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

// Worker sends what is due.
type Worker struct {
	river.WorkerDefaults[Args]
	DB    *tenants.DB
	Clock calendar.Clock // nil: the real clock
}

// due is an appointment of tomorrow not reminded yet.
type due struct {
	soort              string
	klus               uuid.UUID
	start              time.Time
	email, naam, adres string
	met                string
	klusser            *uuid.UUID
}

// Work records and sends the reminders that are due now, queueing the e-mails with the client
// that runs it.
func (w *Worker) Work(ctx context.Context, _ *river.Job[Args]) error {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("herinnering: no queue: %w", err)
	}
	_, err = w.Run(ctx, func(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
		_, err := client.InsertTx(ctx, tx, args, nil)
		return err
	})
	return err
}

// Run sends the reminders due now, queueing their e-mails with enqueue, and returns how many
// appointments it reminded.
func (w *Worker) Run(ctx context.Context, enqueue jobs.Enqueue) (int, error) {
	clock := w.Clock
	if clock == nil {
		clock = calendar.System
	}
	now := clock()
	today := calendar.DateOf(now)
	if now.Before(today.At(SendFrom, 0)) {
		return 0, nil
	}
	tomorrow := today.AddDays(1)
	sent := 0
	err := w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			WITH planned AS (
			    SELECT 'klus' AS soort, k.id, k.geplande_start_tijd AS start, p.naam AS met, k.klusser_id
			    FROM klussen k JOIN profiles p ON p.id = k.klusser_id
			    WHERE k.status = 'ingepland' AND NOT k.archived AND k.geannuleerd_at IS NULL
			      AND (k.geplande_start_tijd AT TIME ZONE 'Europe/Amsterdam')::date = $1
			    UNION ALL
			    SELECT 'schouw', s.klus_id, s.start, s.opnemer, NULL
			    FROM klus_schouwen s JOIN klussen k ON k.id = s.klus_id
			    WHERE s.status = 'gepland' AND NOT k.archived AND k.geannuleerd_at IS NULL
			      AND (s.start AT TIME ZONE 'Europe/Amsterdam')::date = $1),
			recorded AS (
			    INSERT INTO herinneringen (soort, klus_id, start)
			    SELECT soort, id, start FROM planned ON CONFLICT DO NOTHING
			    RETURNING soort, klus_id, start)
			SELECT r.soort, r.klus_id, r.start, k.email,
			       coalesce(nullif(btrim(k.naam), ''), nullif(btrim(k.klant_voornaam || ' ' || k.klant_achternaam), ''), k.email),
			       k.adres || ', ' || k.postcode || ' ' || k.woonplaats, p.met, p.klusser_id
			FROM recorded r JOIN planned p ON p.soort = r.soort AND p.id = r.klus_id JOIN klussen k ON k.id = r.klus_id
			ORDER BY r.start, r.klus_id`, tomorrow)
		if err != nil {
			return fmt.Errorf("herinnering: due: %w", err)
		}
		list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (due, error) {
			var d due
			return d, r.Scan(&d.soort, &d.klus, &d.start, &d.email, &d.naam, &d.adres, &d.met, &d.klusser)
		})
		if err != nil {
			return err
		}
		for _, d := range list {
			if err := remind(ctx, tx, enqueue, d); err != nil {
				return err
			}
		}
		sent = len(list)
		return nil
	})
	return sent, err
}

func remind(ctx context.Context, tx pgx.Tx, enqueue jobs.Enqueue, d due) error {
	datum, tijd := calendar.DateOf(d.start).Dutch(), d.start.In(calendar.Zone).Format("15:04")
	if d.klusser != nil {
		msg := fmt.Sprintf("Herinnering: morgen (%s) om %s heb je een klus in %s.", datum, tijd, d.adres)
		if _, err := tx.Exec(ctx, `INSERT INTO notifications (user_id, message, type, klus_id) VALUES ($1, $2, $3, $4)`,
			*d.klusser, msg, Notification, d.klus); err != nil {
			return fmt.Errorf("herinnering: notify klusser: %w", err)
		}
	}
	if d.email == "" {
		return nil
	}
	wat := "uw klus"
	if d.soort == "schouw" {
		wat = "de gratis schouw"
	}
	return enqueue(ctx, tx, email.Args{Template: "herinnering", To: d.email, Data: map[string]string{
		"naam": d.naam, "wat": wat, "datum": datum, "tijd": tijd, "adres": d.adres, "met": d.met,
		email.StatusKlus: d.klus.String()}})
}
