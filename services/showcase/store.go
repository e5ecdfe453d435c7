package showcase

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
)

// NewStore returns the PostgreSQL store. It reads through the public_klussers view, which holds
// the showcase columns only and belongs to a role that can read nothing else (migration 007).
func NewStore(db *tenants.DB) Store { return &pgStore{db: db} }

type pgStore struct{ db *tenants.DB }

func (s *pgStore) ListVisible(ctx context.Context) ([]Klusser, error) {
	out := []Klusser{}
	err := s.db.InTx(ctx, tenants.ActorFrom(ctx), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id::text, naam, woonplaats, specialisaties, gemiddelde_beoordeling::float8,
			       totaal_uren::float8, gepensioneerd_sinds, intro_tekst, profiel_foto_url,
			       array_remove(ARRAY[carousel_foto_1, carousel_foto_2, carousel_foto_3], NULL)
			FROM public_klussers
			ORDER BY gemiddelde_beoordeling DESC NULLS LAST, naam, id`)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Klusser, error) {
			var k Klusser
			err := row.Scan(&k.ID, &k.Naam, &k.Woonplaats, &k.Specialisaties, &k.GemiddeldeBeoordeling,
				&k.TotaalUren, &k.GepensioneerdSinds, &k.IntroTekst, &k.ProfielFotoURL, &k.CarouselFotos)
			return k, err
		})
		return err
	})
	return out, err
}
