package regio

import (
	"github.com/klusmaat/klusmaat/services/platform/listing"
	"github.com/klusmaat/klusmaat/tenants"
)

// query lists the active regions with their towns; the list is all this resource does, so the
// query is its service too (listing). Regions and towns are reference data that every actor may
// read (policy read_any_actor, migration 001).
func query(db *tenants.DB) listing.Query[Regio] {
	return listing.Query[Regio]{DB: db, SQL: `
		SELECT r.slug, r.naam,
		       coalesce(array_agg(t.naam ORDER BY t.naam, t.woonplaats) FILTER (WHERE t.woonplaats IS NOT NULL), '{}') AS woonplaatsen
		FROM regions r LEFT JOIN region_towns t ON t.regio = r.slug
		WHERE r.actief
		GROUP BY r.slug, r.naam`,
		Scan: func(row tenants.Row) (Regio, error) {
			var r Regio
			err := row.Scan(&r.Slug, &r.Naam, &r.Woonplaatsen)
			r.ID = r.Slug
			return r, err
		}}
}
