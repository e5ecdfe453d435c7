package emailjobs

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
)

// NewStore reads e-mail jobs from River's table (schema river), as the requesting admin.
func NewStore(db *tenants.DB) Store { return &pgStore{db: db} }

type pgStore struct{ db *tenants.DB }

func (s *pgStore) List(ctx context.Context, state string, limit int) ([]Job, error) {
	out := []Job{}
	err := s.db.InTx(ctx, tenants.ActorFrom(ctx), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id, coalesce(args->>'template', ''), coalesce(args->>'to', ''), state::text, attempt,
			       max_attempts, errors[array_upper(errors, 1)]->>'error', created_at, finalized_at
			FROM river.river_job
			WHERE kind = 'email' AND ($1 = '' OR state::text = $1)
			ORDER BY id DESC LIMIT $2`, state, limit)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Job, error) {
			var j Job
			err := r.Scan(&j.ID, &j.Template, &j.Recipient, &j.State, &j.Attempts, &j.MaxAttempts, &j.LastError, &j.CreatedAt, &j.FinalizedAt)
			return j, err
		})
		return err
	})
	return out, err
}
