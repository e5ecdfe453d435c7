package emailjobs

import (
	"context"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// pgStore reads e-mail jobs from River's table (schema river), as the requesting admin.
type pgStore struct{ db *tenants.DB }

func (s *pgStore) List(ctx context.Context, p list.Params) (list.Page[Job], error) {
	return tenants.ListPage(ctx, s.db, p, `
		SELECT id, coalesce(args->>'template', '') AS template, coalesce(args->>'to', '') AS recipient,
		       state::text AS state, attempt AS attempts, max_attempts,
		       errors[array_upper(errors, 1)]->>'error' AS last_error, created_at, finalized_at
		FROM river.river_job
		WHERE kind = 'email' AND (cardinality($1::text[]) = 0 OR state::text = ANY ($1)) AND ($2 = '' OR args->>'to' ILIKE $2)`,
		[]any{p.Filter("state"), tenants.Contains(p.Search)}, func(r tenants.Row) (Job, error) {
			var j Job
			err := r.Scan(&j.ID, &j.Template, &j.Recipient, &j.State, &j.Attempts, &j.MaxAttempts, &j.LastError, &j.CreatedAt, &j.FinalizedAt)
			return j, err
		})
}
