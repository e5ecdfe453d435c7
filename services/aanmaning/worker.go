// Package aanmaning follows up the unpaid invoices of consumers as Dutch law has it
// (docs/decisions.md, D30): 7 days after the due date a friendly betalingsherinnering, 14 days
// later the 14-dagenbrief that the WIK requires before collection costs may be charged (the open
// amount, 14 days from the day after receipt, the costs in euros), and after that term the
// question to the office whether to hand the invoice over; nothing is handed over by itself. A
// customer without an e-mail address gets the same letters on paper: the office prints them
// (brief.go, the route of module.go). A paid, credited or disputed invoice gets nothing more.
//
// Each step is sent once, as D27's reminders: it is recorded (factuur_gebeurtenissen, migration
// 038, whose unique index allows each step once per invoice) in the transaction that queues its
// e-mail, so a second run on another server or after a restart finds the record and sends
// nothing.
package aanmaning

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// SendFrom is the hour from which a day's letters go out: in office hours, so that a customer
// who reads one can call the office the same day, and an e-mail is received on the day it is
// dated.
const SendFrom = 9

// Every is how often the run looks for what is due.
const Every = 15 * time.Minute

// Args is the run; the worker finds what is due itself.
type Args struct{}

// Kind names the job.
func (Args) Kind() string { return "aanmaningen" }

// Periodic is the run every Every minutes, on the queue's leader alone (River).
func Periodic() *river.PeriodicJob {
	return jobs.Periodic(Every, Args{})
}

// Worker sends what is due.
type Worker struct{ jobs.Due[Args] }

// NewWorker is the run on db, dated by clock (nil: the real clock).
func NewWorker(db *tenants.DB, clock calendar.Clock) *Worker {
	return &Worker{jobs.Due[Args]{DB: db, Clock: clock}}
}

// Result counts what one run recorded.
type Result struct {
	Herinneringen, Brieven, UitHanden int
}

// Work records and sends what is due now, queueing the e-mails with the client that runs it.
func (w *Worker) Work(ctx context.Context, _ *river.Job[Args]) error {
	return jobs.RunDue(ctx, w.Run)
}

// Run records the steps due today (Amsterdam) and queues their e-mails with enqueue. Each invoice
// is its own transaction, so one that fails (and is retried with the job) holds up no other.
func (w *Worker) Run(ctx context.Context, enqueue jobs.Enqueue) (Result, error) {
	clock := w.Clock.OrSystem()
	now := clock()
	today := calendar.DateOf(now)
	var res Result
	if now.Before(today.At(SendFrom, 0)) {
		return res, nil
	}
	var list []stand
	err := w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) (err error) {
		list, err = dueStanden(ctx, tx, today, nil)
		return err
	})
	if err != nil {
		return res, err
	}
	var errs []error
	for _, s := range list {
		var done string
		err := w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) (err error) {
			done, err = step(ctx, tx, enqueue, today, s.factuur)
			return err
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("aanmaning: invoice %s: %w", s.factuur, err))
			continue
		}
		switch done {
		case SoortHerinnering:
			res.Herinneringen++
		case SoortBrief:
			res.Brieven++
		case SoortVoorstel:
			res.UitHanden++
		}
	}
	return res, errors.Join(errs...)
}
