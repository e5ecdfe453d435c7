package klusser

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// beheerStore is the PostgreSQL store. Row-level security decides which klussers the actor sees.
type beheerStore struct{ db *tenants.DB }

// rowSelect reads klussers in the shape of Klusser, with the output names the list sorts on.
const rowSelect = `
	SELECT p.id, p.naam, p.email, p.telefoon, p.woonplaats, p.regio,
	       round(p.gemiddelde_beoordeling, 1)::float8 AS gemiddelde_beoordeling, p.totaal_uren::float8 AS totaal_uren,
	       p.actief, p.zichtbaar_op_website
	FROM profiles p
	JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'`

// where: $1 regions (any of them), $2 actief (ja, nee or empty), $3 search.
const where = `
	WHERE (cardinality($1::text[]) = 0 OR p.regio && $1)
	  AND ($2 = '' OR p.actief = ($2 = 'ja'))
	  AND ($3 = '' OR (p.naam || ' ' || p.email || ' ' || p.telefoon) ILIKE $3)`

// ActiveRegions reads the active regions' slugs (tenants.ActiveRegions) as the actor of ctx.
func (s *beheerStore) ActiveRegions(ctx context.Context) ([]string, error) {
	return s.db.ActiveRegions(ctx)
}

func scanKlusser(r tenants.Row, k *Klusser, extra ...any) error {
	return r.Scan(append([]any{&k.ID, &k.Naam, &k.Email, &k.Telefoon, &k.Woonplaats, &k.Regio,
		&k.GemiddeldeBeoordeling, &k.TotaalUren, &k.Actief, &k.Zichtbaar}, extra...)...)
}

func (s *beheerStore) List(ctx context.Context, p list.Params) (list.Page[Klusser], error) {
	actief, regio := listFilters(p)
	return tenants.ListPage(ctx, s.db, p, rowSelect+where, []any{regio, actief, tenants.Contains(p.Search)},
		func(r tenants.Row) (Klusser, error) {
			var k Klusser
			return k, scanKlusser(r, &k)
		})
}

func (s *beheerStore) Get(ctx context.Context, id uuid.UUID) (Detail, error) {
	d := Detail{Beoordelingen: []Review{}, Uren: []Gewerkt{}}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		err := scanKlusser(tx.QueryRow(ctx, `
			SELECT list.*, p.adres, p.postcode, p.leeftijd, p.heeft_vog, p.heeft_vervoer, p.motivatie, p.ervaring,
			       p.beschikbaarheid, p.gepensioneerd_sinds, p.specialisaties, p.intro_tekst,
			       p.profiel_foto_url, p.carousel_foto_1, p.carousel_foto_2, p.carousel_foto_3
			FROM (`+rowSelect+` WHERE p.id = $1) list JOIN profiles p ON p.id = list.id`, id),
			&d.Klusser, &d.Adres, &d.Postcode, &d.Leeftijd, &d.HeeftVOG, &d.HeeftVervoer, &d.Motivatie, &d.Ervaring,
			&d.Beschikbaarheid, &d.GepensioneerdSinds, &d.Specialisaties, &d.IntroTekst,
			&d.Fotos.Profiel, &d.Fotos.Carousel1, &d.Fotos.Carousel2, &d.Fotos.Carousel3)
		if err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		// Only the work orders of jobs the actor may see: a franchise owner those of its regions.
		rows, err := tx.Query(ctx, `
			SELECT w.id, k.datum, k.beschrijving, k.woonplaats, w.rating_algemeen, w.opmerkingen, w.uren
			FROM werkbonnen w JOIN klussen k ON k.id = w.klus_id
			WHERE w.klusser_id = $1 AND w.status = 'completed'
			ORDER BY k.datum DESC, w.id LIMIT 50`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var wid uuid.UUID
			var datum calendar.Date
			var beschrijving, woonplaats, opmerkingen string
			var rating, uren *int
			if err := rows.Scan(&wid, &datum, &beschrijving, &woonplaats, &rating, &opmerkingen, &uren); err != nil {
				return err
			}
			if rating != nil {
				d.Beoordelingen = append(d.Beoordelingen, Review{WerkbonID: wid, Datum: datum.String(), Beschrijving: beschrijving,
					Woonplaats: woonplaats, RatingAlgemeen: *rating, Opmerkingen: opmerkingen})
			}
			if uren != nil {
				d.Uren = append(d.Uren, Gewerkt{WerkbonID: wid, Datum: datum.String(), Beschrijving: beschrijving, Woonplaats: woonplaats, Uren: *uren})
			}
		}
		return rows.Err()
	})
	return d, err
}
