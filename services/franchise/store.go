package franchise

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// pgStore is the PostgreSQL store; row-level security lets only an admin see other users' roles.
type pgStore struct{ db *tenants.DB }

const rowSelect = `
	SELECT p.id, p.naam, p.email, p.regio
	FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'franchise'`

func scan(r tenants.Row) (Eigenaar, error) {
	var e Eigenaar
	return e, r.Scan(&e.ID, &e.Naam, &e.Email, &e.Regio)
}

func (s *pgStore) List(ctx context.Context, p list.Params) (list.Page[Eigenaar], error) {
	return tenants.ListPage(ctx, s.db, p, rowSelect+` WHERE ($1 = '' OR (p.naam || ' ' || p.email) ILIKE $1)`,
		[]any{tenants.Contains(p.Search)}, scan)
}

func (s *pgStore) Get(ctx context.Context, id uuid.UUID) (Eigenaar, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Eigenaar, error) {
		e, err := scan(tx.QueryRow(ctx, rowSelect+` WHERE p.id = $1`, id))
		return e, tenants.NoRowsAs(ErrNotFound, err)
	})
}

func (s *pgStore) KnownRegions(ctx context.Context) ([]string, error) {
	return s.db.ActiveRegions(ctx)
}

// SetRegions writes the owner's regions and the audit entry with before and after (D22).
func (s *pgStore) SetRegions(ctx context.Context, id uuid.UUID, regions []string) (Eigenaar, error) {
	var e Eigenaar
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		before, err := scan(tx.QueryRow(ctx, rowSelect+` WHERE p.id = $1 FOR UPDATE OF p`, id))
		if err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		if _, err := tx.Exec(ctx, `UPDATE profiles SET regio = $2 WHERE id = $1`, id, regions); err != nil {
			return err
		}
		if e, err = scan(tx.QueryRow(ctx, rowSelect+` WHERE p.id = $1`, id)); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "regios", Entity: "franchise", EntityID: id.String(),
			Before: map[string]any{"regio": before.Regio}, After: map[string]any{"regio": e.Regio}})
	})
	return e, err
}
