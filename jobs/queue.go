// Package jobs is the platform's background work on River (riverqueue/river, D16): e-mails,
// notifications and exports. A change and the jobs it causes are committed together, because
// Enqueue inserts the job in the caller's transaction; workers retry with backoff, and a job that
// keeps failing is kept, discarded, with its errors, for admins to see.
//
// The web server runs the workers itself unless KLUSMAAT_RUN_WORKERS=false; `klusmaat worker` runs
// them alone so that they can scale apart from the web servers.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/klusmaat/klusmaat/tenants/schema"
)

// Queue inserts jobs and, when it works them, runs the workers.
type Queue struct {
	client  *river.Client[pgx.Tx]
	working bool
}

// Options tune a queue.
type Options struct {
	// Work runs the workers in this process; false makes an insert-only client.
	Work bool
	// RetryBase is the first retry delay; each further attempt doubles it, up to RetryMax.
	RetryBase, RetryMax time.Duration
	// PollInterval is how often workers look for new jobs (default DefaultPollInterval; tests
	// shorten it). New jobs are not announced (withoutInsertNotify), so this is their longest wait.
	PollInterval time.Duration
	// JobTimeout bounds one attempt (default DefaultJobTimeout); RescueAfter is when a job still
	// marked running, because the worker that ran it died, is given to another worker (default
	// DefaultRescueAfter, and always longer than JobTimeout, so a live attempt is never taken).
	JobTimeout, RescueAfter time.Duration
	Logger                  *slog.Logger
	// Periodic are the jobs the queue's leader inserts on a schedule (the reminders, D27); only a
	// working queue runs them, and among several working processes only the elected leader.
	Periodic []*river.PeriodicJob
}

// The defaults of a job's attempt: 5 minutes is more than the slowest job (a 100,000-row export)
// takes; a job of a killed worker is retried 5 minutes after that, not River's default hour.
const (
	DefaultJobTimeout  = 5 * time.Minute
	DefaultRescueAfter = 10 * time.Minute
)

// NewQueue returns a queue on pool, a pool as the job queue's role (tenants.DB.QueuePool; River's
// tables are in schema.RiverSchema). Enqueue still inserts in the caller's transaction, as the server's
// role.
func NewQueue(pool *pgxpool.Pool, workers *river.Workers, o Options) (*Queue, error) {
	if o.RetryBase == 0 {
		o.RetryBase = 10 * time.Second
	}
	if o.RetryMax == 0 {
		o.RetryMax = time.Hour
	}
	if o.JobTimeout == 0 {
		o.JobTimeout = DefaultJobTimeout
	}
	if o.RescueAfter == 0 {
		o.RescueAfter = DefaultRescueAfter
	}
	cfg := &river.Config{
		Schema:               schema.RiverSchema,
		Logger:               o.Logger,
		RetryPolicy:          backoff{base: o.RetryBase, max: o.RetryMax},
		JobTimeout:           o.JobTimeout,
		RescueStuckJobsAfter: o.RescueAfter,
	}
	if o.PollInterval <= 0 {
		o.PollInterval = DefaultPollInterval
	}
	cfg.FetchPollInterval = o.PollInterval
	cfg.FetchCooldown = o.PollInterval / 2
	if o.Work {
		cfg.Workers = workers
		cfg.PeriodicJobs = o.Periodic
		cfg.Queues = map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 10},
			QueueEmail:         {MaxWorkers: 5},
		}
	}
	client, err := river.NewClient[pgx.Tx](withoutInsertNotify{riverpgxv5.New(pool)}, cfg)
	if err != nil {
		return nil, fmt.Errorf("jobs: new client: %w", err)
	}
	return &Queue{client: client, working: o.Work}, nil
}

// withoutInsertNotify is River's pgx driver, except that River does not announce a new job with
// pg_notify inside the transaction that enqueues it: that transaction runs as the server's role,
// which may not call pg_notify (tenants/schema/bootstrap_database.sql). Workers still LISTEN for River's
// other announcements, and find new jobs by polling (Options.PollInterval).
type withoutInsertNotify struct{ *riverpgxv5.Driver }

func (withoutInsertNotify) SupportsListenNotify() bool { return false }

// DefaultPollInterval: a new e-mail or notification waits at most half a second for a worker, at
// the cost of a small query per queue twice a second in each worker process.
const DefaultPollInterval = 500 * time.Millisecond

// QueueEmail is the queue of outgoing e-mail, so that a slow mail server never holds up other work.
const QueueEmail = "email"

// Enqueue adds a background job in the caller's transaction, so that a change and the jobs it
// causes commit together or not at all. Queue.Enqueue is one; services take it as a dependency
// (nil in tests that queue nothing).
type Enqueue func(ctx context.Context, tx pgx.Tx, args river.JobArgs) error

// Running is the Enqueue of the client that runs the worker (River puts it in the ctx of Work), so
// that a job queues what it causes in its own transactions, as a request does with Queue.Enqueue.
func Running(ctx context.Context) (Enqueue, error) {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
		_, err := client.InsertTx(ctx, tx, args, nil)
		return err
	}, nil
}

// Periodic is a job that the queue's leader inserts with args every interval and once at start
// (Options.Periodic): the runs that look for what is due themselves (reminders, dunning letters,
// monthly drafts), for which a run missed while no server was up is made good by the next.
func Periodic(every time.Duration, args river.JobArgs) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return args, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

// Enqueue adds a job in tx: it runs only if tx commits.
func (q *Queue) Enqueue(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
	if _, err := q.client.InsertTx(ctx, tx, args, nil); err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// Start runs the workers until Stop (a no-op for an insert-only queue).
func (q *Queue) Start(ctx context.Context) error {
	if !q.working {
		return nil
	}
	return q.client.Start(ctx)
}

// Stop lets running jobs finish (up to ctx's deadline) and stops the workers.
func (q *Queue) Stop(ctx context.Context) error {
	if !q.working {
		return nil
	}
	return q.client.Stop(ctx)
}

// Client is River's client, for tests and subscriptions.
func (q *Queue) Client() *river.Client[pgx.Tx] { return q.client }

// backoff retries after base, 2·base, 4·base ... capped at max, with the attempt's own jitter left
// out so that tests can reason about it.
type backoff struct{ base, max time.Duration }

func (b backoff) NextRetry(job *rivertype.JobRow) time.Time {
	delay := time.Duration(float64(b.base) * math.Pow(2, float64(max(job.Attempt-1, 0))))
	if delay > b.max || delay <= 0 {
		delay = b.max
	}
	return time.Now().Add(delay)
}
