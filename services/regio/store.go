package regio

import (
	"context"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// pgStore is the PostgreSQL store (module.go makes it). Regions and towns are reference data that
// every actor may read (policy read_any_actor, migration 001); only the active regions are listed.
type pgStore struct{ db *tenants.DB }

func (s *pgStore) ListActive(ctx context.Context, p list.Params) (list.Page[Regio], error) {
	return tenants.ListPage(ctx, s.db, p, `
		SELECT r.slug, r.naam,
		       coalesce(array_agg(t.naam ORDER BY t.naam, t.woonplaats) FILTER (WHERE t.woonplaats IS NOT NULL), '{}') AS woonplaatsen
		FROM regions r LEFT JOIN region_towns t ON t.regio = r.slug
		WHERE r.actief
		GROUP BY r.slug, r.naam`, nil, func(row tenants.Row) (Regio, error) {
		var r Regio
		err := row.Scan(&r.Slug, &r.Naam, &r.Woonplaatsen)
		r.ID = r.Slug
		return r, err
	})
}
