package exports

// The worker makes the exports as River jobs. A job acts as the person who asked for the export,
// so the rows it reads are exactly the rows that person may read. Who that person is, and what it
// may read, comes from the database when the job runs: the job names only the export and its
// requester, because any transaction that may enqueue could write a job. What a kind of export
// writes belongs to its domain (werkbon: hours, factuur: invoices); the server hands the worker
// those Kinds.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Args names the export and who asked for it. (Jobs enqueued by earlier versions also carry a
// role and regions; they are ignored.)
type Args struct {
	ExportID uuid.UUID `json:"export_id"`
	UserID   uuid.UUID `json:"user_id"`
}

// Kind names the job.
func (Args) Kind() string { return "export" }

// InsertOpts: an export is worth a few tries, not a day of them.
func (Args) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} }

// ArgsFor builds the job of export e for the actor who asked for it.
func ArgsFor(a tenants.Actor, e Export) Args {
	return Args{ExportID: e.ID, UserID: a.UserID}
}

// Worker makes exports.
type Worker struct {
	river.WorkerDefaults[Args]
	DB    *tenants.DB
	Files files.Storage
	// Kinds are the exports by Soort, each written by its domain.
	Kinds map[string]Kind
}

// ErrEmpty is what a Kind's Write returns when the period has nothing to export (document 001:
// exports refuse empty data).
var ErrEmpty = errors.New("exports: nothing to export")

// Work builds the CSV, stores it and marks the export done; an empty period fails with the
// spec's Dutch message; after the last attempt an error marks the export failed.
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	a := job.Args
	actor, err := requester(ctx, w.DB, a.UserID)
	if err != nil {
		// The export is the user's own row, which the user itself may mark failed.
		return w.failed(ctx, job, tenants.Actor{UserID: a.UserID, Role: tenants.Authenticated}, err)
	}
	var req Request
	if err := w.DB.InTx(ctx, actor, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT params->>'soort', params->>'van', params->>'tot', coalesce(params->>'regio', '') FROM exports WHERE id = $1`,
			a.ExportID).Scan(&req.Soort, &req.Van, &req.Tot, &req.Regio); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE exports SET status = 'bezig', voortgang = 10 WHERE id = $1`, a.ExportID)
		return err
	}); err != nil {
		return w.failed(ctx, job, actor, err)
	}

	kind, ok := w.Kinds[req.Soort]
	if !ok {
		return w.finish(ctx, actor, a.ExportID, "mislukt", msgUnknown, 0, "")
	}
	// The CSV goes to a temporary file as the rows arrive and from there to storage, so a
	// 100,000-row export never sits in memory (BenchmarkHoursExport prints the peak).
	tmp, err := os.CreateTemp("", "klusmaat-export-*.csv")
	if err != nil {
		return w.failed(ctx, job, actor, err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	buf := bufio.NewWriterSize(tmp, 64<<10)
	var rows int
	err = w.DB.InTx(ctx, actor, func(tx pgx.Tx) error {
		var err error
		rows, err = kind.Write(ctx, tx, req, buf)
		return err
	})
	if errors.Is(err, ErrEmpty) {
		return w.finish(ctx, actor, a.ExportID, "mislukt", kind.Empty, 0, "")
	}
	if err == nil {
		err = buf.Flush()
	}
	if err != nil {
		return w.failed(ctx, job, actor, err)
	}
	if err := w.progress(ctx, actor, a.ExportID, 80); err != nil {
		return w.failed(ctx, job, actor, err)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return w.failed(ctx, job, actor, err)
	}
	key := a.ExportID.String() + ".csv"
	if err := w.Files.Upload(ctx, files.Exports, key, "text/csv; charset=utf-8", tmp); err != nil {
		return w.failed(ctx, job, actor, err)
	}
	name := fmt.Sprintf("%s-export-%s-tot-%s.csv", req.Soort, calendar.DutchOf(req.Van), calendar.DutchOf(req.Tot))
	return w.finish(ctx, actor, a.ExportID, "klaar", "", rows, name)
}

// msgUnknown is the failure of an export whose kind the worker does not know.
const msgUnknown = "Onbekende export"

// Kind is one export of the reports page: how its rows are written (returning how many, or
// ErrEmpty) and the messages of an empty period and a failure (document 001 section 8).
type Kind struct {
	Write        func(ctx context.Context, tx pgx.Tx, req Request, out io.Writer) (int, error)
	Empty, Fault string
}

// requester is the actor of the user who asked for an export, as the database knows it now: its
// roles (user_roles) and regions (its profile), read as the user itself. A user without a role
// acts as authenticated and reads nothing; a role taken away since the request no longer counts.
func requester(ctx context.Context, db *tenants.DB, userID uuid.UUID) (tenants.Actor, error) {
	self := tenants.Actor{UserID: userID, Role: tenants.Authenticated}
	var roles []tenants.Role
	var regions []string
	err := db.InTx(ctx, self, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT role FROM user_roles WHERE user_id = $1`, userID)
		if err != nil {
			return err
		}
		if roles, err = pgx.CollectRows(rows, pgx.RowTo[tenants.Role]); err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `SELECT regio FROM profiles WHERE id = $1`, userID).Scan(&regions)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return tenants.Actor{}, fmt.Errorf("exports: requester %s: %w", userID, err)
	}
	actor := tenants.Actor{UserID: userID, Role: identity.PrimaryRole(roles)}
	if actor.Role == tenants.Franchise || actor.Role == tenants.Klusser {
		actor.Regions = regions
	}
	return actor, nil
}

func (w *Worker) progress(ctx context.Context, actor tenants.Actor, id uuid.UUID, pct int) error {
	return w.DB.InTx(ctx, actor, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE exports SET voortgang = $2 WHERE id = $1`, id, pct)
		return err
	})
}

func (w *Worker) finish(ctx context.Context, actor tenants.Actor, id uuid.UUID, status, fout string, rows int, name string) error {
	return w.DB.InTx(ctx, actor, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			UPDATE exports SET status = $2, fout = nullif($3, ''), rijen = $4, bestandsnaam = nullif($5, ''),
			       file_key = CASE WHEN $2 = 'klaar' THEN id::text || '.csv' END, voortgang = 100, finished_at = now()
			WHERE id = $1`, id, status, fout, rows, name)
		return err
	})
}

// failed records a failure on the export once River will not try again; before that River retries.
func (w *Worker) failed(ctx context.Context, job *river.Job[Args], actor tenants.Actor, err error) error {
	if job.Attempt >= job.MaxAttempts {
		// The kind's own words (document 001 section 8: 'Fout bij exporteren uren/facturen');
		// an export whose kind cannot be read says what Work says of an unknown one.
		fault := msgUnknown
		var soort string
		_ = w.DB.InTx(ctx, actor, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, `SELECT params->>'soort' FROM exports WHERE id = $1`, job.Args.ExportID).Scan(&soort)
		})
		if k, ok := w.Kinds[soort]; ok {
			fault = k.Fault
		}
		if ferr := w.finish(ctx, actor, job.Args.ExportID, "mislukt", fault, 0, ""); ferr != nil {
			return errors.Join(err, ferr)
		}
	}
	return err
}
