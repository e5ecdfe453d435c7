package emailjobs

import (
	"github.com/klusmaat/klusmaat/services/platform/listing"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// query reads e-mail jobs from River's table (schema river), as the requesting admin; the list
// is all this domain does, so the query is its service too (listing).
func query(db *tenants.DB) listing.Query[Job] {
	return listing.Query[Job]{DB: db, SQL: `
		SELECT id, coalesce(args->>'template', '') AS template, coalesce(args->>'to', '') AS recipient,
		       state::text AS state, attempt AS attempts, max_attempts,
		       errors[array_upper(errors, 1)]->>'error' AS last_error, created_at, finalized_at
		FROM river.river_job
		WHERE kind = 'email' AND (cardinality($1::text[]) = 0 OR state::text = ANY ($1)) AND ($2 = '' OR args->>'to' ILIKE $2)`,
		Args: func(p list.Params) []any { return []any{p.Filter("state"), tenants.Contains(p.Search)} },
		Scan: func(r tenants.Row) (Job, error) {
			var j Job
			err := r.Scan(&j.ID, &j.Template, &j.Recipient, &j.State, &j.Attempts, &j.MaxAttempts, &j.LastError, &j.CreatedAt, &j.FinalizedAt)
			return j, err
		}}
}
