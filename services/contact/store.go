package contact

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// AuditLog is the audit action of a logged contact (D22).
const AuditLog = "contact_vastgelegd"

// pgStore is the PostgreSQL store. The database fills in the job's region, the author and the
// author's name (migration 030), and row-level security admits admins everywhere and franchise
// owners in their own regions: a job the actor may not see is not found.
type pgStore struct{ db *tenants.DB }

func (s *pgStore) Log(ctx context.Context, klus uuid.UUID, in Form, at time.Time) (Contact, error) {
	var c Contact
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var regio string
		var created time.Time
		if err := tx.QueryRow(ctx, `SELECT regio, created_at FROM klussen WHERE id = $1`, klus).Scan(&regio, &created); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrNotFound
			}
			return fmt.Errorf("contact: read job: %w", err)
		}
		if at.Before(created.Add(-time.Minute)) {
			return validate.Errors{"tijdstip": MsgVoorAanvraag}.Invalid("invalid_contact", MsgGecontroleerd)
		}
		err := tx.QueryRow(ctx, `
			INSERT INTO klus_contacten (klus_id, wijze, notitie, tijdstip, door) VALUES ($1, $2, $3, $4, actor_id())
			RETURNING id, door_naam`, klus, in.Wijze, in.Notitie, at).Scan(&c.ID, &c.Door)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "42501" {
			return ErrNotFound // a franchise owner's job of another region: as if it did not exist
		}
		if err != nil {
			return fmt.Errorf("contact: log: %w", err)
		}
		c.KlusID, c.Wijze, c.Notitie, c.Tijdstip = klus, in.Wijze, in.Notitie, at
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditLog, Entity: "klus", EntityID: klus.String(), Region: &regio,
			After: map[string]any{"wijze": in.Wijze, "tijdstip": at}})
	})
	return c, err
}

func (s *pgStore) List(ctx context.Context, klus uuid.UUID, p list.Params) (list.Page[Contact], error) {
	var page list.Page[Contact]
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var found bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM klussen WHERE id = $1)`, klus).Scan(&found); err != nil {
			return fmt.Errorf("contact: read job: %w", err)
		}
		if !found {
			return ErrNotFound
		}
		var err error
		page, err = tenants.QueryPage(ctx, tx, p, `
			SELECT id, klus_id, wijze, notitie, door_naam, tijdstip FROM klus_contacten WHERE klus_id = $1`, []any{klus},
			func(r tenants.Row) (Contact, error) {
				var c Contact
				return c, r.Scan(&c.ID, &c.KlusID, &c.Wijze, &c.Notitie, &c.Door, &c.Tijdstip)
			})
		return err
	})
	return page, err
}
