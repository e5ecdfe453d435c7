package schouw

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/herinnering"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Audit actions (D22).
const (
	AuditPlan     = "schouw_gepland"
	AuditUitkomst = "schouw_uitgevoerd"
	AuditAnnuleer = "schouw_geannuleerd"
)

// pgStore is the PostgreSQL store: row-level security admits admins everywhere and franchise owners
// in their regions (migration 031), so a job the actor may not see is not found. Planning queues
// the customer's e-mail in the same transaction, with the data the database checks it against
// (river_access.sql).
type pgStore struct {
	db      *tenants.DB
	enqueue jobs.Enqueue
}

// columns are a survey's as scan reads them.
const columns = `klus_id, start, opnemer, status, uitkomst, versie, reden, geannuleerd_at`

const schouwSelect = `SELECT ` + columns + ` FROM klus_schouwen WHERE klus_id = $1`

func scan(row pgx.Row) (Schouw, error) {
	var s Schouw
	return s, row.Scan(&s.KlusID, &s.Start, &s.Opnemer, &s.Status, &s.Uitkomst, &s.Versie, &s.Reden, &s.GeannuleerdAt)
}

// read reads a job's survey with its photos; pgx.ErrNoRows when none is planned.
func read(ctx context.Context, tx pgx.Tx, klus uuid.UUID) (Schouw, error) {
	sch, err := scan(tx.QueryRow(ctx, schouwSelect, klus))
	if err != nil {
		return sch, err
	}
	sch.Fotos, err = fotos(ctx, tx, klus)
	return sch, err
}

// visible reports whether the actor sees the job (its region, for the audit log).
func visible(ctx context.Context, tx pgx.Tx, klus uuid.UUID) (string, error) {
	var regio string
	err := tx.QueryRow(ctx, `SELECT regio FROM klussen WHERE id = $1`, klus).Scan(&regio)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	return regio, err
}

func (s *pgStore) Get(ctx context.Context, klus uuid.UUID) (*Schouw, error) {
	var out *Schouw
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		if _, err := visible(ctx, tx, klus); err != nil {
			return err
		}
		sch, err := read(ctx, tx, klus)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		out = &sch
		return err
	})
	return out, err
}

// change runs fn on the survey of a job the actor sees (visible, whose region fn gets) and answers
// the survey fn wrote with its photos, in one transaction: the shape of every change of a survey.
func (s *pgStore) change(ctx context.Context, klus uuid.UUID, fn func(tx pgx.Tx, regio string) (Schouw, error)) (Schouw, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Schouw, error) {
		regio, err := visible(ctx, tx, klus)
		if err != nil {
			return Schouw{}, err
		}
		sch, err := fn(tx, regio)
		if err != nil {
			return Schouw{}, err
		}
		sch.Fotos, err = fotos(ctx, tx, klus)
		return sch, err
	})
}

func (s *pgStore) Plan(ctx context.Context, klus uuid.UUID, start time.Time, opnemer string) (Schouw, bool, error) {
	var replanned bool
	sch, err := s.change(ctx, klus, func(tx pgx.Tx, regio string) (Schouw, error) {
		var status *string
		if err := tx.QueryRow(ctx, `SELECT status FROM klus_schouwen WHERE klus_id = $1 FOR UPDATE`, klus).Scan(&status); err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return Schouw{}, fmt.Errorf("schouw: read: %w", err)
		}
		if status != nil && *status == "uitgevoerd" {
			return Schouw{}, ErrUitgevoerd
		}
		// A cancelled survey planned again is planned anew (D33), not changed.
		replanned = status != nil && *status == "gepland"
		sch, err := scan(tx.QueryRow(ctx, `
			INSERT INTO klus_schouwen (klus_id, start, opnemer, regio) VALUES ($1, $2, $3, '')
			ON CONFLICT (klus_id) DO UPDATE SET start = excluded.start, opnemer = excluded.opnemer,
			    status = 'gepland', reden = '', geannuleerd_at = NULL
			RETURNING `+columns, klus, start, opnemer))
		if err != nil {
			return Schouw{}, fmt.Errorf("schouw: plan: %w", err)
		}
		if err := s.mail(ctx, tx, klus, sch); err != nil {
			return Schouw{}, err
		}
		// Its reminder: at once when planned after 18:00 the day before (D33), else at 18:00.
		if err := herinnering.Queue(ctx, tx, s.enqueue, herinnering.SoortSchouw, klus); err != nil {
			return Schouw{}, err
		}
		return sch, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditPlan, Entity: "klus", EntityID: klus.String(), Region: &regio,
			After: map[string]any{"start": start, "opnemer": opnemer, "versie": sch.Versie}})
	})
	return sch, replanned, err
}

// mail queues 'Uw gratis schouw is ingepland' to the customer, when the job has an address.
func (s *pgStore) mail(ctx context.Context, tx pgx.Tx, klus uuid.UUID, sch Schouw) error {
	naam, to, adres, err := s.customer(ctx, tx, klus)
	if err != nil || to == "" {
		return err
	}
	return s.enqueue(ctx, tx, email.Args{Template: "schouw", To: to, Data: map[string]string{
		"naam": naam, "datum": calendar.DateOf(sch.Start).Dutch(), "tijd": sch.Start.In(calendar.Zone).Format("15:04"),
		"adres": adres, "opnemer": sch.Opnemer, email.StatusKlus: klus.String()}})
}

func (s *pgStore) Record(ctx context.Context, klus uuid.UUID, uitkomst string) (Schouw, error) {
	return s.change(ctx, klus, func(tx pgx.Tx, regio string) (Schouw, error) {
		// A cancelled survey took no place: its outcome waits for a new one.
		sch, err := scan(tx.QueryRow(ctx, `
			UPDATE klus_schouwen SET status = 'uitgevoerd', uitkomst = $2 WHERE klus_id = $1 AND status <> 'geannuleerd'
			RETURNING `+columns, klus, uitkomst))
		if errors.Is(err, pgx.ErrNoRows) {
			return Schouw{}, ErrNoSchouw
		}
		if err != nil {
			return Schouw{}, fmt.Errorf("schouw: record: %w", err)
		}
		return sch, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditUitkomst, Entity: "klus", EntityID: klus.String(), Region: &regio,
			After: map[string]any{"versie": sch.Versie}})
	})
}

// Cancel cancels the job's planned survey (D33): marked 'geannuleerd' with the reason, so that no
// reminder finds it (and those it had are void, migration 048), the status page and the week board
// no longer show it and a new one can be planned; the customer is e-mailed in the same transaction.
func (s *pgStore) Cancel(ctx context.Context, klus uuid.UUID, reden string) (Schouw, error) {
	return s.change(ctx, klus, func(tx pgx.Tx, regio string) (Schouw, error) {
		before, err := scan(tx.QueryRow(ctx, schouwSelect+` FOR UPDATE`, klus))
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return Schouw{}, ErrNoSchouw
		case err != nil:
			return Schouw{}, fmt.Errorf("schouw: read: %w", err)
		case before.Status == "uitgevoerd":
			return Schouw{}, ErrUitgevoerd
		case before.Status == "geannuleerd":
			return Schouw{}, ErrAlGeannuleerd
		}
		sch, err := scan(tx.QueryRow(ctx, `
			UPDATE klus_schouwen SET status = 'geannuleerd', reden = $2, geannuleerd_at = now() WHERE klus_id = $1
			RETURNING `+columns, klus, reden))
		if err != nil {
			return Schouw{}, fmt.Errorf("schouw: cancel: %w", err)
		}
		if err := s.mailCancelled(ctx, tx, klus, sch); err != nil {
			return Schouw{}, err
		}
		return sch, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditAnnuleer, Entity: "klus", EntityID: klus.String(), Region: &regio,
			Before: map[string]any{"status": before.Status, "start": before.Start, "opnemer": before.Opnemer, "versie": before.Versie},
			After:  map[string]any{"status": sch.Status, "reden": reden}})
	})
}

// mailCancelled queues 'Uw gratis schouw is geannuleerd' to the customer, when the job has an
// address: the survey's date and time, and the reason when one was given.
func (s *pgStore) mailCancelled(ctx context.Context, tx pgx.Tx, klus uuid.UUID, sch Schouw) error {
	naam, to, adres, err := s.customer(ctx, tx, klus)
	if err != nil || to == "" {
		return err
	}
	data := map[string]string{"naam": naam, "datum": calendar.DateOf(sch.Start).Dutch(), "tijd": sch.Start.In(calendar.Zone).Format("15:04"),
		"adres": adres, email.StatusKlus: klus.String()}
	if sch.Reden != "" {
		data["reden"] = sch.Reden
	}
	return s.enqueue(ctx, tx, email.Args{Template: "schouw_geannuleerd", To: to, Data: data})
}

// customer reads who a survey's e-mail goes to: the name to greet, the address (empty: no e-mail)
// and the job's address; it refuses when there is no queue to send with.
func (s *pgStore) customer(ctx context.Context, tx pgx.Tx, klus uuid.UUID) (naam, to, adres string, err error) {
	if err = tx.QueryRow(ctx, `
		SELECT klant_naam(k), k.email, k.adres || ', ' || k.postcode || ' ' || k.woonplaats
		FROM klussen k WHERE k.id = $1`, klus).Scan(&naam, &to, &adres); err != nil {
		return "", "", "", fmt.Errorf("schouw: read job: %w", err)
	}
	if to != "" && s.enqueue == nil {
		return "", "", "", errors.New("schouw: no job queue for the customer's e-mail")
	}
	return naam, to, adres, nil
}
