package reports

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// pgStore computes the figures as the actor, in one batch: each series has every week or month of
// the period, zero where nothing happened, so a chart's axis has no gaps.
type pgStore struct{ db *tenants.DB }

// The period's arguments: $1 the first day, $2 the last day, $3 and $4 the first instant and the
// instant after the last day in Amsterdam, $5 the region filter (” for all).
const (
	// The weeks the period touches, each counted over its days within the period only: a week
	// wholly inside from the kept counts (migration 036), a first or last week cut by the period
	// from the jobs of its days in the period (at most six days each, read through the date index).
	weekStatusSQL = `
		WITH weken AS (
			SELECT s::date AS w, greatest(s::date, $1::date) AS van, least(s::date + 6, $2::date) AS tot
			FROM generate_series(date_trunc('week', $1::date), $2::date, interval '7 days') s),
		heel AS (
			SELECT t.week AS w,
			       sum(t.aantal) FILTER (WHERE t.status = 'open') AS open, sum(t.aantal) FILTER (WHERE t.status = 'ingepland') AS ingepland,
			       sum(t.aantal) FILTER (WHERE t.status = 'bezig') AS bezig, sum(t.aantal) FILTER (WHERE t.status = 'afgerond') AS afgerond
			FROM klus_week_tellingen t
			WHERE t.week >= $1::date AND t.week + 6 <= $2::date AND ($5 = '' OR t.regio = $5)
			  AND $3::timestamptz IS NOT NULL AND $4::timestamptz IS NOT NULL
			GROUP BY 1)
		SELECT w.w, w.van, w.tot,
		       coalesce(heel.open, deel.open, 0)::int, coalesce(heel.ingepland, deel.ingepland, 0)::int,
		       coalesce(heel.bezig, deel.bezig, 0)::int, coalesce(heel.afgerond, deel.afgerond, 0)::int
		FROM weken w
		LEFT JOIN heel ON heel.w = w.w
		LEFT JOIN LATERAL (
			SELECT count(*) FILTER (WHERE k.status = 'open') AS open, count(*) FILTER (WHERE k.status = 'ingepland') AS ingepland,
			       count(*) FILTER (WHERE k.status = 'bezig') AS bezig, count(*) FILTER (WHERE k.status = 'afgerond') AS afgerond
			FROM klussen k
			WHERE (w.van > w.w OR w.tot < w.w + 6)
			  AND k.datum BETWEEN w.van AND w.tot AND NOT k.archived AND ($5 = '' OR k.regio = $5)) deel ON w.van > w.w OR w.tot < w.w + 6
		ORDER BY w.w`
	// As the invoices export: the invoices dated in the period; a credit invoice counts negative.
	omzetSQL = `
		WITH f AS (
			SELECT date_trunc('month', f.datum)::date AS m, sum(f.subtotaal_cents) AS omzet, sum(f.btw_bedrag_cents) AS btw, count(*) AS n
			FROM facturen f
			WHERE f.datum BETWEEN $1::date AND $2::date AND ($5 = '' OR f.regio = $5) AND f.soort = 'klant'
			  AND $3::timestamptz IS NOT NULL AND $4::timestamptz IS NOT NULL
			GROUP BY 1)
		SELECT s::date, coalesce(f.omzet, 0)::int, coalesce(f.btw, 0)::int, coalesce(f.n, 0)::int
		FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') s
		LEFT JOIN f ON f.m = s::date
		ORDER BY s`
	// Completed work orders with a klusser, by the Amsterdam day the work was done (its end, the day
	// its invoice is dated, D8), not the day the order was opened with the plan.
	werkbonSQL = `
		WITH w AS (
			SELECT date_trunc('month', w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date AS m, w.uren, w.rating_algemeen
			FROM werkbonnen w JOIN klussen k ON k.id = w.klus_id JOIN profiles p ON p.id = w.klusser_id
			WHERE w.status = 'completed' AND w.eind_tijd >= $3 AND w.eind_tijd < $4 AND ($5 = '' OR k.regio = $5))
		SELECT s::date, coalesce(sum(w.uren), 0)::int, count(w.m)::int, avg(w.rating_algemeen)::float8, count(w.rating_algemeen)::int
		FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') s
		LEFT JOIN w ON w.m = s::date
		GROUP BY s ORDER BY s`
	// D26: a website request is late when its first contact came more than 24 hours after it
	// arrived, or when it has none, arrived more than 24 hours ago and no klusser has planned it.
	terugbellenSQL = `
		WITH r AS (
			SELECT date_trunc('week', k.created_at AT TIME ZONE 'Europe/Amsterdam')::date AS w,
			       k.created_at, k.geplande_start_tijd, c.eerste
			FROM klussen k
			LEFT JOIN LATERAL (SELECT min(c.tijdstip) AS eerste FROM klus_contacten c WHERE c.klus_id = k.id) c ON true
			WHERE k.bron = 'website' AND k.created_at >= $3 AND k.created_at < $4 AND ($5 = '' OR k.regio = $5))
		SELECT s::date, greatest(s::date, $1::date), least(s::date + 6, $2::date), count(r.w)::int,
		       count(r.w) FILTER (WHERE r.eerste > r.created_at + interval '24 hours'
		                             OR (r.eerste IS NULL AND r.geplande_start_tijd IS NULL AND r.created_at < now() - interval '24 hours'))::int
		FROM generate_series(date_trunc('week', $1::date), $2::date, interval '7 days') s
		LEFT JOIN r ON r.w = s::date
		GROUP BY s ORDER BY s`
	// The dashboards' trend: $1 the first Monday, $2 the Monday after the last week (Amsterdam
	// instants $3, $4), $5 the region.
	trendSQL = `
		WITH nieuw AS (
			SELECT date_trunc('week', k.created_at AT TIME ZONE 'Europe/Amsterdam')::date AS w, count(*) AS n
			FROM klussen k WHERE k.created_at >= $3 AND k.created_at < $4 AND ($5 = '' OR k.regio = $5) GROUP BY 1),
		afgerond AS (
			SELECT date_trunc('week', w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date AS w, count(*) AS n
			FROM werkbonnen w JOIN klussen k ON k.id = w.klus_id
			WHERE w.status = 'completed' AND w.eind_tijd >= $3 AND w.eind_tijd < $4 AND ($5 = '' OR k.regio = $5) GROUP BY 1)
		SELECT s::date, coalesce(nieuw.n, 0)::int, coalesce(afgerond.n, 0)::int
		FROM generate_series($1::date, $2::date - 7, interval '7 days') s
		LEFT JOIN nieuw ON nieuw.w = s::date LEFT JOIN afgerond ON afgerond.w = s::date
		ORDER BY s`
)

func (s *pgStore) Grafieken(ctx context.Context, van, tot calendar.Date, regio string) (Grafieken, error) {
	g := Grafieken{}
	args := []any{van, tot, van.Start(), tot.AddDays(1).Start(), regio}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		for _, sql := range []string{weekStatusSQL, omzetSQL, werkbonSQL, terugbellenSQL} {
			b.Queue(sql, args...)
		}
		res := tx.SendBatch(ctx, b)
		defer res.Close()
		var err error
		if g.KlussenPerWeek, err = collect(res, func(r pgx.CollectableRow) (WeekStatus, error) {
			var w WeekStatus
			var d, van, tot calendar.Date
			err := r.Scan(&d, &van, &tot, &w.Open, &w.Ingepland, &w.Bezig, &w.Afgerond)
			w.Week, w.Van, w.Tot = d.String(), van.String(), tot.String()
			return w, err
		}); err != nil {
			return fmt.Errorf("reports: jobs per week: %w", err)
		}
		if g.OmzetPerMaand, err = collect(res, func(r pgx.CollectableRow) (MaandOmzet, error) {
			var m MaandOmzet
			var d calendar.Date
			err := r.Scan(&d, &m.OmzetCents, &m.BTWCents, &m.Facturen)
			m.Maand = d.String()[:7]
			return m, err
		}); err != nil {
			return fmt.Errorf("reports: revenue: %w", err)
		}
		rows, err := res.Query()
		if err != nil {
			return fmt.Errorf("reports: work orders: %w", err)
		}
		for rows.Next() {
			var d calendar.Date
			var u MaandUren
			var b MaandBeoordeling
			if err := rows.Scan(&d, &u.Uren, &u.Werkbonnen, &b.Gemiddelde, &b.Beoordeeld); err != nil {
				return fmt.Errorf("reports: work orders: %w", err)
			}
			u.Maand, b.Maand = d.String()[:7], d.String()[:7]
			g.UrenPerMaand, g.BeoordelingPerMaand = append(g.UrenPerMaand, u), append(g.BeoordelingPerMaand, b)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if g.TerugbellenPerWeek, err = collect(res, func(r pgx.CollectableRow) (WeekTerugbellen, error) {
			var w WeekTerugbellen
			var d, van, tot calendar.Date
			err := r.Scan(&d, &van, &tot, &w.Aanvragen, &w.TeLaat)
			w.Week, w.Van, w.Tot = d.String(), van.String(), tot.String()
			return w, err
		}); err != nil {
			return fmt.Errorf("reports: late call-backs: %w", err)
		}
		return res.Close()
	})
	return g, err
}

func (s *pgStore) Trend(ctx context.Context, from calendar.Date, weeks int, regio string) (Trend, error) {
	to := from.AddDays(7 * weeks)
	var t Trend
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, trendSQL, from, to, from.Start(), to.Start(), regio)
		if err != nil {
			return err
		}
		t.Weken, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (TrendWeek, error) {
			var w TrendWeek
			var d calendar.Date
			err := r.Scan(&d, &w.Nieuw, &w.Afgerond)
			w.Week = d.String()
			return w, err
		})
		return err
	})
	return t, err
}

// collect reads the batch's next result into a list (never null).
func collect[T any](res pgx.BatchResults, fn pgx.RowToFunc[T]) ([]T, error) {
	rows, err := res.Query()
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, fn)
	if out == nil {
		out = []T{}
	}
	return out, err
}
