package audit

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// pgStore is the PostgreSQL store; row-level security lets admins alone read the log.
type pgStore struct{ db *tenants.DB }

func (s *pgStore) List(ctx context.Context, p list.Params, van, tot *time.Time) (list.Page[Entry], error) {
	return tenants.ListPage(ctx, s.db, p, `
		SELECT a.id, a.occurred_at, a.actor_id, pr.naam AS actor_naam, nullif(pr.email, '') AS actor_email, a.actor_role,
		       a.action, a.entity, a.entity_id, a.regio, a.before, a.after
		FROM audit_log a LEFT JOIN profiles pr ON pr.id = a.actor_id
		WHERE (cardinality($1::uuid[]) = 0 OR a.actor_id = ANY ($1))
		  AND (cardinality($2::text[]) = 0 OR a.action = ANY ($2))
		  AND (cardinality($3::text[]) = 0 OR a.entity = ANY ($3))
		  AND (cardinality($4::text[]) = 0 OR a.entity_id = ANY ($4))
		  AND (cardinality($5::text[]) = 0 OR a.regio = ANY ($5))
		  AND ($6::timestamptz IS NULL OR a.occurred_at >= $6)
		  AND ($7::timestamptz IS NULL OR a.occurred_at < $7)
		  AND ($8 = '' OR (coalesce(pr.naam, '') || ' ' || coalesce(pr.email, '')) ILIKE $8)`,
		[]any{uuids(p.Filter("actor_id")), p.Filter("action"), p.Filter("entity"), p.Filter("entity_id"), p.Filter("regio"),
			van, tot, tenants.Contains(p.Search)},
		func(r tenants.Row) (Entry, error) {
			var e Entry
			var before, after []byte
			err := r.Scan(&e.ID, &e.OccurredAt, &e.ActorID, &e.ActorNaam, &e.ActorEmail, &e.ActorRole, &e.Action, &e.Entity,
				&e.EntityID, &e.Regio, &before, &after)
			e.Before, e.After = raw(before), raw(after)
			return e, err
		})
}

// raw is a JSON column as it is, SQL NULL as JSON null.
func raw(b []byte) []byte {
	if b == nil {
		return []byte("null")
	}
	return b
}

// uuids keeps the values that are ids; another value matches nothing.
func uuids(vs []string) []uuid.UUID {
	out := []uuid.UUID{}
	for _, v := range vs {
		id, err := uuid.Parse(v)
		if err != nil {
			id = uuid.Nil
		}
		out = append(out, id)
	}
	return out
}
