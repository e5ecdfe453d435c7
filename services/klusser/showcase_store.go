package klusser

import (
	"context"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// showcaseStore is the PostgreSQL store (module.go makes it). It reads through the public_klussers view,
// which holds the showcase columns only and belongs to a role that can read nothing else (migration
// 007).
type showcaseStore struct{ db *tenants.DB }

func (s *showcaseStore) ListVisible(ctx context.Context, p list.Params) (list.Page[ShowcaseKlusser], error) {
	return tenants.ListPage(ctx, s.db, p, `
		SELECT id::text AS id, naam, woonplaats, specialisaties, gemiddelde_beoordeling::float8 AS gemiddelde_beoordeling,
		       totaal_uren::float8 AS totaal_uren, gepensioneerd_sinds, intro_tekst, profiel_foto_url,
		       array_remove(ARRAY[carousel_foto_1, carousel_foto_2, carousel_foto_3], NULL) AS carousel_fotos
		FROM public_klussers`, nil, func(row tenants.Row) (ShowcaseKlusser, error) {
		var k ShowcaseKlusser
		err := row.Scan(&k.ID, &k.Naam, &k.Woonplaats, &k.Specialisaties, &k.GemiddeldeBeoordeling,
			&k.TotaalUren, &k.GepensioneerdSinds, &k.IntroTekst, &k.ProfielFotoURL, &k.CarouselFotos)
		return k, err
	})
}
