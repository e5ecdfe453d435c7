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

// The week's four reads, sent as one batch. $1 and $2 are the week's first and last instant+1 in
// Amsterdam, $3 and $4 its first and next Monday as dates, $5 the region filter (” for all).
const (
	klussersSQL = `
		SELECT p.id, p.naam, p.regio FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'
		WHERE p.actief AND ($1 = '' OR $1 = ANY (p.regio)) ORDER BY p.naam, p.id`
	// A klusser's job is on the day of its planned start; one claimed or assigned without a start
	// yet is on the customer's wished date, with the customer's part of day.
	jobsSQL = `
		SELECT k.id, k.klusser_id, coalesce(p.naam, ''), coalesce(p.regio, '{}'), k.status, c.label, k.woonplaats, k.regio,
		       k.geplande_start_tijd, k.datum, k.tijd
		FROM klussen k JOIN categories c ON c.key = k.categorie LEFT JOIN profiles p ON p.id = k.klusser_id
		WHERE k.klusser_id IS NOT NULL AND NOT k.archived AND ($5 = '' OR k.regio = $5)
		  AND ((k.geplande_start_tijd >= $1 AND k.geplande_start_tijd < $2)
		    OR (k.geplande_start_tijd IS NULL AND k.datum >= $3 AND k.datum < $4))
		ORDER BY coalesce(k.geplande_start_tijd, k.datum::timestamptz), k.id`
	schouwenSQL = `
		SELECT s.klus_id, s.start, s.opnemer, s.status, c.label, k.woonplaats, k.regio
		FROM klus_schouwen s JOIN klussen k ON k.id = s.klus_id JOIN categories c ON c.key = k.categorie
		WHERE s.start >= $1 AND s.start < $2 AND ($3 = '' OR s.regio = $3)
		ORDER BY s.start, s.klus_id`
	poolSQL = `
		SELECT k.id, k.datum, k.tijd, c.label, k.woonplaats, k.regio, k.assignment_type
		FROM klussen k JOIN categories c ON c.key = k.categorie
		WHERE k.status = 'open' AND k.klusser_id IS NULL AND NOT k.archived AND ($1 = '' OR k.regio = $1)
		ORDER BY k.datum, k.id LIMIT $2`
)

func (s *pgStore) Week(ctx context.Context, monday calendar.Date, regio string) (Week, error) {
	from, to := monday.Start(), monday.AddDays(7).Start()
	w := Week{Klussers: []Rij{}, Schouwen: []Item{}, Pool: []Open{}}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(klussersSQL, regio)
		b.Queue(jobsSQL, from, to, monday, monday.AddDays(7), regio)
		b.Queue(schouwenSQL, from, to, regio)
		b.Queue(poolSQL, regio, MaxPool)
		res := tx.SendBatch(ctx, b)
		defer res.Close()

		rows, err := res.Query()
		if err != nil {
			return fmt.Errorf("planning: klussers: %w", err)
		}
		w.Klussers, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Rij, error) {
			k := Rij{Items: []Item{}}
			return k, r.Scan(&k.ID, &k.Naam, &k.Regios)
		})
		if err != nil {
			return fmt.Errorf("planning: klussers: %w", err)
		}
		if err := s.jobs(res, &w); err != nil {
			return err
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
		return res.Close()
	})
	if w.Schouwen == nil {
		w.Schouwen = []Item{}
	}
	if w.Pool == nil {
		w.Pool = []Open{}
	}
	return w, err
}

// jobs reads the klussers' jobs into their rows; a job of a klusser outside the list (another
// region's, or no longer active) gets a row of its own, so that no planned job is missing.
func (s *pgStore) jobs(res pgx.BatchResults, w *Week) error {
	rows, err := res.Query()
	if err != nil {
		return fmt.Errorf("planning: jobs: %w", err)
	}
	defer rows.Close()
	at := map[uuid.UUID]int{}
	for i, k := range w.Klussers {
		at[k.ID] = i
	}
	for rows.Next() {
		it := Item{Soort: "klus"}
		var klusser uuid.UUID
		var naam string
		var regios []string
		var d calendar.Date
		if err := rows.Scan(&it.KlusID, &klusser, &naam, &regios, &it.Status, &it.Categorie, &it.Woonplaats, &it.Regio,
			&it.Start, &d, &it.Tijd); err != nil {
			return fmt.Errorf("planning: jobs: %w", err)
		}
		if it.Start != nil {
			it.Gepland, it.Dag, it.Tijd = true, calendar.DateOf(*it.Start).String(), it.Start.In(calendar.Zone).Format("15:04")
		} else {
			it.Dag = d.String()
		}
		i, ok := at[klusser]
		if !ok {
			i = len(w.Klussers)
			at[klusser] = i
			w.Klussers = append(w.Klussers, Rij{ID: klusser, Naam: naam, Regios: regios, Items: []Item{}})
		}
		w.Klussers[i].Items = append(w.Klussers[i].Items, it)
	}
	return rows.Err()
}
