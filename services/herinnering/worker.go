// Package herinnering sends the reminders of an appointment (docs/decisions.md, D27 and D33): the
// customer of a planned job or a free survey gets an e-mail, and the klusser of a planned job an
// in-app notification, at 18:00 Amsterdam time the day before (the reminder's moment), or at once
// when it is planned after that moment and has not started yet, also on its own day. Exactly once
// per appointment version: the reminder is recorded (table herinneringen, migration 032) in the
// transaction that queues it, so a second run on another server or after a restart sends nothing;
// a changed appointment is a new version; a cancelled one is no longer planned and gets none.
//
// Two runs find what is due: the periodic run (every Every, on the queue's leader) reminds every
// appointment whose moment has come, and the change that plans an appointment queues a run for
// that one appointment in its own transaction (Queue), which reminds it at once when its moment
// has already passed.
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

// Every is how often the periodic reminder run looks for what is due.
const Every = 5 * time.Minute

// Notification is the type of the klusser's in-app reminder.
const Notification = "herinnering"

// The kinds of appointment (herinneringen.soort).
const (
	SoortKlus   = "klus"
	SoortSchouw = "schouw"
)

// The customer's e-mails: the day before, and on the appointment's own day.
const (
	TemplateMorgen  = "herinnering"
	TemplateVandaag = "herinnering_vandaag"
)

// Moment is when an appointment that starts at start is reminded: 18:00 Amsterdam time the day
// before its day.
func Moment(start time.Time) time.Time { return calendar.DateOf(start).AddDays(-1).At(SendFrom, 0) }

// Due reports whether an appointment that starts at start is to be reminded at now: its moment
// has come and it has not started.
func Due(start, now time.Time) bool { return !now.Before(Moment(start)) && now.Before(start) }

// horizon is the first instant whose appointments are not due at now: an appointment is due when
// now < start < horizon(now) (Due, as a range the database can search). Before 18:00 that is the
// end of today, from 18:00 the end of tomorrow.
func horizon(now time.Time) time.Time {
	last := calendar.DateOf(now)
	if !now.Before(last.At(SendFrom, 0)) {
		last = last.AddDays(1)
	}
	return last.AddDays(1).Start()
}

// Args is a reminder run. Empty (the periodic run) it reminds everything due; with Soort and
// KlusID it looks at that one appointment only (Queue).
type Args struct {
	Soort  string     `json:"soort,omitempty"`
	KlusID *uuid.UUID `json:"klus_id,omitempty"`
}

// Kind names the job.
func (Args) Kind() string { return "herinneringen" }

// Periodic is the reminder run every Every minutes, on the queue's leader alone (River).
func Periodic() *river.PeriodicJob {
	return jobs.Periodic(Every, Args{})
}

// Queue queues, in tx (the transaction that plans or moves the appointment soort of job klus), a
// run for that appointment alone: once tx commits it is reminded at once if its moment has already
// come (D33), and otherwise the periodic run reminds it at 18:00 the day before. The run looks at
// the appointment as it then stands, so one that is changed or cancelled meanwhile is reminded as
// changed, or not at all.
func Queue(ctx context.Context, tx pgx.Tx, enqueue jobs.Enqueue, soort string, klus uuid.UUID) error {
	if enqueue == nil {
		return fmt.Errorf("herinnering: no job queue for the reminder of %s %s", soort, klus)
	}
	return enqueue(ctx, tx, Args{Soort: soort, KlusID: &klus})
}

// Worker sends what is due.
type Worker struct{ jobs.Due[Args] }

// NewWorker is the run on db, dated by clock (nil: the real clock).
func NewWorker(db *tenants.DB, clock calendar.Clock) *Worker {
	return &Worker{jobs.Due[Args]{DB: db, Clock: clock}}
}

// due is an appointment whose reminder is due and not sent yet.
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
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	return jobs.RunDue(ctx, func(ctx context.Context, enqueue jobs.Enqueue) (int, error) {
		return w.RunFor(ctx, enqueue, job.Args)
	})
}

// Run sends every reminder due now, queueing their e-mails with enqueue, and returns how many
// appointments it reminded.
func (w *Worker) Run(ctx context.Context, enqueue jobs.Enqueue) (int, error) {
	return w.RunFor(ctx, enqueue, Args{})
}

// RunFor is Run for the appointments that a names (all when a is empty).
func (w *Worker) RunFor(ctx context.Context, enqueue jobs.Enqueue, a Args) (int, error) {
	clock := w.Clock.OrSystem()
	now := clock()
	if a.KlusID != nil && a.Soort != SoortKlus && a.Soort != SoortSchouw {
		return 0, fmt.Errorf("herinnering: unknown appointment %q", a.Soort)
	}
	sent := 0
	err := w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		// $1 and $2: the appointments that start after now and before the horizon (Due); $3 and
		// $4: the one appointment of a run queued by its planning, or NULL for all.
		rows, err := tx.Query(ctx, `
			WITH planned AS (
			    SELECT 'klus' AS soort, k.id, k.geplande_start_tijd AS start, p.naam AS met, k.klusser_id
			    FROM klussen k JOIN profiles p ON p.id = k.klusser_id
			    WHERE k.status = 'ingepland' AND k.klusser_id IS NOT NULL AND NOT k.archived AND k.geannuleerd_at IS NULL
			      AND k.geplande_start_tijd > $1 AND k.geplande_start_tijd < $2
			      AND ($3::text IS NULL OR ($3 = 'klus' AND k.id = $4))
			    UNION ALL
			    SELECT 'schouw', s.klus_id, s.start, s.opnemer, NULL
			    FROM klus_schouwen s JOIN klussen k ON k.id = s.klus_id
			    WHERE s.status = 'gepland' AND NOT k.archived AND k.geannuleerd_at IS NULL
			      AND s.start > $1 AND s.start < $2
			      AND ($3::text IS NULL OR ($3 = 'schouw' AND s.klus_id = $4))),
			recorded AS (
			    INSERT INTO herinneringen (soort, klus_id, start)
			    SELECT soort, id, start FROM planned p
			    WHERE NOT EXISTS (SELECT 1 FROM herinneringen h WHERE h.soort = p.soort AND h.klus_id = p.id AND h.start = p.start)
			    ON CONFLICT DO NOTHING
			    RETURNING soort, klus_id, start)
			SELECT r.soort, r.klus_id, r.start, k.email,
			       klant_naam(k),
			       k.adres || ', ' || k.postcode || ' ' || k.woonplaats, p.met, p.klusser_id
			FROM recorded r JOIN planned p ON p.soort = r.soort AND p.id = r.klus_id JOIN klussen k ON k.id = r.klus_id
			ORDER BY r.start, r.klus_id`, now, horizon(now), nullIfEmpty(a.Soort), a.KlusID)
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
			if err := remind(ctx, tx, enqueue, d, calendar.DateOf(now)); err != nil {
				return err
			}
		}
		sent = len(list)
		return nil
	})
	return sent, err
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// remind notifies the klusser and queues the customer's e-mail of d, which today is reminded:
// the day before it ('morgen'), or on its own day ('vandaag', planned after its moment).
func remind(ctx context.Context, tx pgx.Tx, enqueue jobs.Enqueue, d due, today calendar.Date) error {
	day := calendar.DateOf(d.start)
	datum, tijd := day.Dutch(), d.start.In(calendar.Zone).Format("15:04")
	wanneer, template := "morgen", TemplateMorgen
	if day == today {
		wanneer, template = "vandaag", TemplateVandaag
	}
	if d.klusser != nil {
		msg := fmt.Sprintf("Herinnering: %s (%s) om %s heb je een klus in %s.", wanneer, datum, tijd, d.adres)
		if _, err := tx.Exec(ctx, `INSERT INTO notifications (user_id, message, type, klus_id) VALUES ($1, $2, $3, $4)`,
			*d.klusser, msg, Notification, d.klus); err != nil {
			return fmt.Errorf("herinnering: notify klusser: %w", err)
		}
	}
	if d.email == "" {
		return nil
	}
	wat := "uw klus"
	if d.soort == SoortSchouw {
		wat = "de gratis schouw"
	}
	return enqueue(ctx, tx, email.Args{Template: template, To: d.email, Data: map[string]string{
		"naam": d.naam, "wat": wat, "datum": datum, "tijd": tijd, "adres": d.adres, "met": d.met,
		email.StatusKlus: d.klus.String()}})
}
