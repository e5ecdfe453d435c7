package dashboard

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/contact"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// pgStore is the PostgreSQL store. Three statements in one transaction (one snapshot): the counts
// per region and status and the top towns from klus_tellingen (kept by triggers on klussen,
// migration 020: a few hundred rows, not a million), and the ten newest jobs (klussen_created_idx),
// all without archived jobs. A town counts once however it was typed: the towns are grouped by
// town_key (migration 023) and shown in their most frequent spelling.
type pgStore struct{ db *tenants.DB }

func (s *pgStore) Get(ctx context.Context) (Dashboard, error) {
	d := Dashboard{Regios: []Regio{}, RecenteActiviteit: []Activiteit{}, TopWoonplaatsen: []Woonplaats{},
		Terugbellen: Terugbellen{Klussen: []TeLaat{}}}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			WITH counts AS (
			    SELECT regio, sum(aantal) FILTER (WHERE status = 'open') AS open, sum(aantal) FILTER (WHERE status = 'ingepland') AS ingepland,
			           sum(aantal) FILTER (WHERE status = 'bezig') AS bezig, sum(aantal) FILTER (WHERE status = 'afgerond') AS afgerond
			    FROM klus_tellingen WHERE NOT archived GROUP BY regio)
			SELECT r.slug, r.naam, coalesce(c.open, 0)::int, coalesce(c.ingepland, 0)::int, coalesce(c.bezig, 0)::int, coalesce(c.afgerond, 0)::int
			FROM regions r LEFT JOIN counts c ON c.regio = r.slug
			WHERE r.actief OR c.regio IS NOT NULL
			ORDER BY r.naam`)
		if err != nil {
			return err
		}
		regios, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Regio, error) {
			var r Regio
			err := row.Scan(&r.Regio, &r.Naam, &r.Open, &r.Ingepland, &r.Bezig, &r.Afgerond)
			r.Totaal = r.Open + r.Ingepland + r.Bezig + r.Afgerond
			return r, err
		})
		if err != nil {
			return err
		}
		visible := visibleRegions(ctx)
		for _, r := range regios {
			if visible != nil && !visible[r.Regio] {
				continue // a franchise owner's table lists its own regions
			}
			d.Regios = append(d.Regios, r)
			d.Statussen.Open += r.Open
			d.Statussen.Ingepland += r.Ingepland
			d.Statussen.Bezig += r.Bezig
			d.Statussen.Afgerond += r.Afgerond
			d.Totaal += r.Totaal
		}

		rows, err = tx.Query(ctx, `
			SELECT k.id, k.status, k.categorie, c.label, k.beschrijving, k.woonplaats, k.regio, k.datum, k.created_at, k.updated_at
			FROM klussen k JOIN categories c ON c.key = k.categorie
			WHERE NOT k.archived ORDER BY k.created_at DESC, k.id LIMIT 10`)
		if err != nil {
			return err
		}
		d.RecenteActiviteit, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Activiteit, error) {
			var a Activiteit
			var datum calendar.Date
			err := row.Scan(&a.ID, &a.Status, &a.Categorie, &a.CategorieLabel, &a.Beschrijving, &a.Woonplaats, &a.Regio, &datum,
				&a.CreatedAt, &a.UpdatedAt)
			a.Datum = datum.String()
			return a, err
		})
		if err != nil {
			return err
		}

		rows, err = tx.Query(ctx, `
			SELECT (array_agg(woonplaats ORDER BY aantal DESC, woonplaats) FILTER (WHERE aantal > 0))[1], sum(aantal)::int
			FROM klus_tellingen WHERE NOT archived
			GROUP BY town_key(woonplaats) HAVING sum(aantal) > 0 ORDER BY 2 DESC, 1 LIMIT 10`)
		if err != nil {
			return err
		}
		if d.TopWoonplaatsen, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Woonplaats]); err != nil {
			return err
		}

		// The requests past the promise of contact within 24 hours (D26), with their total in the
		// same statement: a few rows through klussen_terugbellen_idx.
		rows, err = tx.Query(ctx, `
			SELECT k.id, coalesce(nullif(btrim(k.naam), ''), btrim(k.klant_voornaam || ' ' || k.klant_achternaam)), k.telefoon,
			       k.woonplaats, k.regio, c.label, k.created_at,
			       floor(extract(epoch FROM now() - k.created_at - interval '24 hours') / 3600)::int,
			       count(*) OVER ()
			FROM klussen k JOIN categories c ON c.key = k.categorie
			WHERE `+contact.Overdue+`
			ORDER BY k.created_at, k.id LIMIT 10`)
		if err != nil {
			return err
		}
		d.Terugbellen.Klussen, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (TeLaat, error) {
			var t TeLaat
			return t, row.Scan(&t.ID, &t.Naam, &t.Telefoon, &t.Woonplaats, &t.Regio, &t.CategorieLabel, &t.CreatedAt,
				&t.UrenTeLaat, &d.Terugbellen.Aantal)
		})
		return err
	})
	return d, err
}

// visibleRegions is nil for an admin (every region) and the actor's regions otherwise.
func visibleRegions(ctx context.Context) map[string]bool {
	a := tenants.ActorFrom(ctx)
	if a.Role == tenants.Admin {
		return nil
	}
	m := map[string]bool{}
	for _, r := range a.Regions {
		m[r] = true
	}
	return m
}
