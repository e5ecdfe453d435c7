package planning

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// pgStore reads the week as the actor: row-level security admits a franchise owner's regions only.
type pgStore struct{ db *tenants.DB }

// The week's reads. $1 and $2 are the week's first and last instant+1 in Amsterdam, $3 and $4 its
// first and next Monday as dates, $5 the region filter (” for all).
const (
	// The board's rows are (the active klussers of the filter) ∪ (the klussers with a planned job of
	// the week in the filter), ordered by name then id and paged as one list: so a planned job of a
	// klusser outside the list (another region's, or no longer active) still has its row, and every
	// planned job of the week is on exactly one page, its klusser's. A klusser whose profile row
	// security hides gets an empty name and sorts first. $6 is the page size, $7 the offset; the
	// one answer row always holds the total, and a page past the end has no klusser in it.
	klussersSQL = `
		WITH ids AS (
			SELECT p.id FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'
			WHERE p.actief AND ($5 = '' OR $5 = ANY (p.regio))
			UNION
			SELECT k.klusser_id FROM klussen k
			WHERE k.klusser_id IS NOT NULL AND NOT k.archived AND ($5 = '' OR k.regio = $5)
			  AND ((k.geplande_start_tijd >= $1 AND k.geplande_start_tijd < $2)
			    OR (k.geplande_start_tijd IS NULL AND k.datum >= $3 AND k.datum < $4)))
		SELECT t.n, r.id, r.naam, r.regio FROM (SELECT count(*) AS n FROM ids) t LEFT JOIN LATERAL (
			SELECT i.id, coalesce(p.naam, '') AS naam, coalesce(p.regio, '{}') AS regio
			FROM ids i LEFT JOIN profiles p ON p.id = i.id
			ORDER BY 2, 1 LIMIT $6 OFFSET $7) r ON true
		-- The page's order again outside: a join does not promise to keep the subquery's order.
		ORDER BY r.naam, r.id`
	// A klusser's job is on the day of its planned start; one claimed or assigned without a start
	// yet is on the customer's wished date, with the customer's part of day. Only the jobs of the
	// page's klussers ($6) are read.
	jobsSQL = `
		SELECT k.id, k.klusser_id, k.status, c.label, k.woonplaats, k.regio, k.geplande_start_tijd, k.datum, k.tijd
		FROM klussen k JOIN categories c ON c.key = k.categorie
		WHERE k.klusser_id = ANY ($6) AND NOT k.archived AND ($5 = '' OR k.regio = $5)
		  AND ((k.geplande_start_tijd >= $1 AND k.geplande_start_tijd < $2)
		    OR (k.geplande_start_tijd IS NULL AND k.datum >= $3 AND k.datum < $4))
		ORDER BY coalesce(k.geplande_start_tijd, k.datum::timestamptz), k.id`
	// The week's surveys, planned or done; a cancelled one is off the board (D33).
	schouwenSQL = `
		SELECT s.klus_id, s.start, s.opnemer, s.status, c.label, k.woonplaats, k.regio
		FROM klus_schouwen s JOIN klussen k ON k.id = s.klus_id JOIN categories c ON c.key = k.categorie
		WHERE s.start >= $1 AND s.start < $2 AND ($3 = '' OR s.regio = $3) AND s.status <> 'geannuleerd'
		ORDER BY s.start, s.klus_id`
	poolSQL = `
		SELECT k.id, k.datum, k.tijd, c.label, k.woonplaats, k.regio, k.assignment_type
		FROM klussen k JOIN categories c ON c.key = k.categorie
		WHERE k.status = 'open' AND k.klusser_id IS NULL AND NOT k.archived AND ($1 = '' OR k.regio = $1)
		ORDER BY k.datum, k.id LIMIT $2`
)

// PageSize is the klussers per page of the board: 25 rows are what an operator reads on a screen
// or two, and they keep a week at a million jobs to the few thousand jobs of those klussers (the
// whole board of 200 klussers was 8,000 jobs to read and encode, D29).
const PageSize = 25

func (s *pgStore) Week(ctx context.Context, monday calendar.Date, regio string, pagina int) (Week, error) {
	from, to, next := monday.Start(), monday.AddDays(7).Start(), monday.AddDays(7)
	w := Week{Klussers: []Row{}, Schouwen: []Item{}, Pool: []Open{}, Pagina: pagina, PerPagina: PageSize}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(klussersSQL, from, to, monday, next, regio, PageSize, (pagina-1)*PageSize)
		b.Queue(schouwenSQL, from, to, regio)
		b.Queue(poolSQL, regio, MaxPool)
		res := tx.SendBatch(ctx, b)
		defer res.Close()

		rows, err := res.Query()
		if err != nil {
			return fmt.Errorf("planning: klussers: %w", err)
		}
		for rows.Next() {
			var id *uuid.UUID
			var naam *string
			var regios []string
			if err := rows.Scan(&w.Totaal, &id, &naam, &regios); err != nil {
				rows.Close()
				return fmt.Errorf("planning: klussers: %w", err)
			}
			if id != nil {
				w.Klussers = append(w.Klussers, Row{ID: *id, Naam: *naam, Regios: regios, Items: []Item{}})
			}
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("planning: klussers: %w", err)
		}
		if rows, err = res.Query(); err != nil {
			return fmt.Errorf("planning: surveys: %w", err)
		}
		w.Schouwen, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Item, error) {
			it := Item{Soort: "schouw", Gepland: true}
			var start time.Time
			err := r.Scan(&it.KlusID, &start, &it.Opnemer, &it.Status, &it.Categorie, &it.Woonplaats, &it.Regio)
			it.Start, it.Dag, it.Tijd = &start, calendar.DateOf(start).String(), start.In(calendar.Zone).Format("15:04")
			return it, err
		})
		if err != nil {
			return fmt.Errorf("planning: surveys: %w", err)
		}
		if rows, err = res.Query(); err != nil {
			return fmt.Errorf("planning: pool: %w", err)
		}
		w.Pool, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Open, error) {
			var o Open
			var d calendar.Date
			err := r.Scan(&o.KlusID, &d, &o.Tijd, &o.Categorie, &o.Woonplaats, &o.Regio, &o.AssignmentType)
			o.Datum = d.String()
			return o, err
		})
		if err != nil {
			return fmt.Errorf("planning: pool: %w", err)
		}
		if err := res.Close(); err != nil {
			return err
		}
		return s.jobs(ctx, tx, &w, from, to, monday, next, regio)
	})
	if w.Schouwen == nil {
		w.Schouwen = []Item{}
	}
	if w.Pool == nil {
		w.Pool = []Open{}
	}
	return w, err
}

// jobs reads the week's jobs of the page's klussers into their rows.
func (s *pgStore) jobs(ctx context.Context, tx pgx.Tx, w *Week, from, to time.Time, monday, next calendar.Date, regio string) error {
	if len(w.Klussers) == 0 {
		return nil
	}
	at := make(map[uuid.UUID]int, len(w.Klussers))
	ids := make([]uuid.UUID, len(w.Klussers))
	for i, k := range w.Klussers {
		at[k.ID], ids[i] = i, k.ID
	}
	rows, err := tx.Query(ctx, jobsSQL, from, to, monday, next, regio, ids)
	if err != nil {
		return fmt.Errorf("planning: jobs: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		it := Item{Soort: "klus"}
		var klusser uuid.UUID
		var d calendar.Date
		if err := rows.Scan(&it.KlusID, &klusser, &it.Status, &it.Categorie, &it.Woonplaats, &it.Regio,
			&it.Start, &d, &it.Tijd); err != nil {
			return fmt.Errorf("planning: jobs: %w", err)
		}
		if it.Start != nil {
			it.Gepland, it.Dag, it.Tijd = true, calendar.DateOf(*it.Start).String(), it.Start.In(calendar.Zone).Format("15:04")
		} else {
			it.Dag = d.String()
		}
		// Every job read is of a klusser on the page (the query's ANY).
		i := at[klusser]
		w.Klussers[i].Items = append(w.Klussers[i].Items, it)
	}
	return rows.Err()
}
