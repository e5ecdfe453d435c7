package status

import (
	"context"
	"errors"
	"fmt"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs/notify"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// pgStore reads through klus_status and cancels through klus_status_annuleren (migration 018):
// the visitor's role reads no table itself.
type pgStore struct {
	db      *tenants.DB
	enqueue jobs.Enqueue
	site    factuur.Site
}

func read(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Row, error) {
	var r Row
	var d calendar.Date
	err := tx.QueryRow(ctx, `
		SELECT categorie, beschrijving, datum, tijd, woonplaats, status, geannuleerd, geplande_start_tijd,
		       klusser_voornaam, klusser_foto, toegewezen, support_phone, factuur_id, factuur_pdf, regio
		FROM klus_status($1)`, id).Scan(&r.Categorie, &r.Beschrijving, &d, &r.Tijd, &r.Woonplaats, &r.Status,
		&r.Geannuleerd, &r.GeplandOp, &r.KlusserVoornaam, &r.KlusserFoto, &r.Toegewezen, &r.SupportPhone,
		&r.FactuurID, &r.FactuurPDF, &r.Regio)
	r.Datum = d.String()
	if err != nil {
		return r, tenants.NoRowsAs(ErrNotFound, err)
	}
	var sch Schouw
	err = tx.QueryRow(ctx, `SELECT start, opnemer, uitgevoerd FROM klus_status_schouw($1)`, id).Scan(&sch.Start, &sch.Opnemer, &sch.Uitgevoerd)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return r, nil
	case err != nil:
		return r, fmt.Errorf("status: read survey: %w", err)
	}
	r.Schouw = &sch
	return r, nil
}

func (s *pgStore) Read(ctx context.Context, id uuid.UUID) (Row, error) {
	var r Row
	err := s.db.Tx(ctx, func(tx pgx.Tx) (err error) {
		r, err = read(ctx, tx, id)
		return err
	})
	return r, err
}

// Cancel cancels an open, unplanned request and tells the admins, in one transaction.
func (s *pgStore) Cancel(ctx context.Context, id uuid.UUID) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		var regio string
		err := tx.QueryRow(ctx, `SELECT regio FROM klus_status_annuleren($1)`, id).Scan(&regio)
		if errors.Is(err, pgx.ErrNoRows) {
			if _, err := read(ctx, tx, id); err != nil {
				return err // no such job, or the link no longer opens it
			}
			return ErrNotCancelled
		}
		if err != nil {
			return fmt.Errorf("status: cancel: %w", err)
		}
		if s.enqueue == nil {
			return errors.New("status: no job queue for the admins' notification")
		}
		return s.enqueue(ctx, tx, notify.AdminsArgs{Type: notify.KlusGeannuleerd, KlusID: id})
	})
}

// InvoicePDF draws the invoice of a finished job as it stands now (D28: a customer who downloads
// it after paying gets a paid invoice), read as the system: the visitor's role reads no invoice
// itself, and the link already proved which job's invoice this is.
func (s *pgStore) InvoicePDF(ctx context.Context, id uuid.UUID) (*PDF, error) {
	r, err := s.Read(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.FactuurID == nil || r.FactuurPDF == nil {
		return nil, ErrNoInvoice
	}
	var data []byte
	err = s.db.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		f, _, err := factuur.Read(ctx, tx, *r.FactuurID)
		if err != nil {
			return err
		}
		data, err = factuur.Render(f, s.site)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("status: invoice PDF: %w", err)
	}
	return &PDF{Name: "factuur.pdf", Data: data}, nil
}
