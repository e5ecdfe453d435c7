package uitbetaling

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Args is the monthly draft; the worker finds the month itself.
type Args struct{}

// Kind names the job.
func (Args) Kind() string { return "uitbetalingen" }

// Every is how often the draft looks: from the 1st of a month (Amsterdam) it drafts the month
// before, and every later run that month finds it drafted.
const Every = time.Hour

// Periodic is the draft every hour and at start, on the queue's leader alone (River).
func Periodic() *river.PeriodicJob {
	return jobs.Periodic(Every, Args{})
}

// Worker drafts the statements.
type Worker struct{ jobs.Due[Args] }

// NewWorker is the draft on db, dated by clock (nil: the real clock).
func NewWorker(db *tenants.DB, clock calendar.Clock) *Worker {
	return &Worker{jobs.Due[Args]{DB: db, Clock: clock}}
}

// Work drafts last month's statements.
func (w *Worker) Work(ctx context.Context, _ *river.Job[Args]) error {
	_, err := w.Run(ctx, calendar.Date{})
	return err
}

// Result is what one draft added.
type Result struct {
	Maand         calendar.Date
	Uitbetalingen int   // statements made
	Regels        int   // lines on them
	Correcties    int   // of which corrections
	TotaalCents   int64 // their sum
}

// Run drafts the statements of month (its first day; the zero Date: the month before the
// clock's Amsterdam today), as the system, in one transaction:
//
//   - 'werk': every completed work order whose end lies in the month (Amsterdam) and that is on
//     no statement yet, and every one that ended in an earlier month since drafting began (the
//     first month with a statement) and is on none either (completed offline on the 31st and
//     sent on the 2nd, after its month was drafted): its hours × 35 euro, dated the day it
//     ended, with its job's invoice number and town; the business that issued the job's invoice
//     (not a credit) pays it.
//   - 'correctie': every work order on an approved or paid statement whose hours × 35 euro now
//     differ from the sum of its lines so far: the difference, for the klusser and business of
//     its first statement.
//
// The lines are grouped per klusser and paying business into one statement of the month each,
// numbered UB<jjjjmm>-<seq> (four digits or more) in creation order. A statement is made only when there is none for its
// klusser, business and month (the unique key of migration 039, with ON CONFLICT DO NOTHING), and
// lines go only onto statements this run made: a second run, on another server or after a
// restart, makes nothing, and what arrives later goes onto the next month's draft. Runs wait for
// each other (an advisory lock), so two servers drafting at once number without gaps.
func (w *Worker) Run(ctx context.Context, month calendar.Date) (Result, error) {
	if month.IsZero() {
		month = w.Clock.OrSystem().Today().PreviousMonth()
	}
	month = month.MonthStart()
	next := month.AddDays(40).MonthStart()
	res := Result{Maand: month}
	err := w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		if err := tenants.Lock(ctx, tx, draftLock); err != nil {
			return fmt.Errorf("uitbetaling: lock: %w", err)
		}
		// Work orders of earlier months are taken from the first month that was drafted: what
		// ended before the platform paid klussers is not paid by it.
		var first *calendar.Date
		if err := tx.QueryRow(ctx, `SELECT min(maand) FROM uitbetalingen`).Scan(&first); err != nil {
			return fmt.Errorf("uitbetaling: first month: %w", err)
		}
		from := month
		if first != nil && first.Before(month) {
			from = *first
		}
		err := tx.QueryRow(ctx, draftSQL, month, from.Start(), next.Start(), fmt.Sprintf("%04d%02d", month.Year, month.Month), TariefCents).
			Scan(&res.Uitbetalingen, &res.Regels, &res.Correcties, &res.TotaalCents)
		if err != nil {
			return fmt.Errorf("uitbetaling: draft %s: %w", month, err)
		}
		return nil
	})
	return res, err
}

// draftLock is the lock a draft and the demo's statements take (tenants.Lock) before they number
// statements, so that two at once number without gaps.
const draftLock = "uitbetalingen:opstellen"

// draftSQL drafts a month in one statement: $1 the month's first day, [$2, $3) the instants whose
// completed work orders count ($2 reaches back to the first drafted month for late ones), $4 the
// month as jjjjmm for the numbers, $5 the rate in cents.
const draftSQL = `
WITH werk AS (
	SELECT w.klusser_id, f.uitgever_id, w.id AS werkbon_id, 'werk' AS soort,
	       (w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date AS datum, f.factuurnummer AS klus, k.woonplaats,
	       w.uren, w.uren * $5::int AS bedrag_cents, '' AS omschrijving
	FROM werkbonnen w
	JOIN klussen k ON k.id = w.klus_id
	JOIN LATERAL (SELECT f.uitgever_id, f.factuurnummer FROM facturen f WHERE f.klus_id = w.klus_id AND f.credit_van IS NULL
	              ORDER BY f.created_at, f.id LIMIT 1) f ON true
	WHERE w.status = 'completed' AND w.uren IS NOT NULL AND w.eind_tijd >= $2 AND w.eind_tijd < $3
	  AND NOT EXISTS (SELECT 1 FROM uitbetaling_regels r WHERE r.werkbon_id = w.id)
),
betaald AS (
	-- Per work order on an approved or paid statement: what its lines say so far, on any statement.
	SELECT r.werkbon_id, sum(r.uren)::int AS uren, sum(r.bedrag_cents)::int AS bedrag_cents
	FROM uitbetaling_regels r JOIN uitbetalingen u ON u.id = r.uitbetaling_id
	WHERE r.werkbon_id IS NOT NULL
	GROUP BY r.werkbon_id
	HAVING bool_or(u.status <> 'concept')
),
correctie AS (
	SELECT o.klusser_id, o.uitgever_id, w.id AS werkbon_id, 'correctie' AS soort,
	       (w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date AS datum, o.klus, o.woonplaats,
	       w.uren - b.uren AS uren, w.uren * $5::int - b.bedrag_cents AS bedrag_cents,
	       'Correctie op ' || o.nummer || ': ' || w.uren || ' uur in plaats van ' || b.uren || ' uur' AS omschrijving
	FROM betaald b
	JOIN werkbonnen w ON w.id = b.werkbon_id AND w.status = 'completed' AND w.uren IS NOT NULL
	JOIN LATERAL (SELECT u.klusser_id, u.uitgever_id, u.nummer, r.klus, r.woonplaats
	              FROM uitbetaling_regels r JOIN uitbetalingen u ON u.id = r.uitbetaling_id
	              WHERE r.werkbon_id = b.werkbon_id AND r.soort = 'werk'
	              ORDER BY u.created_at, u.id LIMIT 1) o ON true
	WHERE w.uren * $5::int <> b.bedrag_cents AND o.klusser_id IS NOT NULL
),
regels AS (SELECT * FROM werk UNION ALL SELECT * FROM correctie),
groepen AS (
	SELECT g.klusser_id, g.uitgever_id, p.naam,
	       row_number() OVER (ORDER BY g.uitgever_id, p.naam, g.klusser_id) AS n
	FROM (SELECT DISTINCT klusser_id, uitgever_id FROM regels) g
	JOIN profiles p ON p.id = g.klusser_id
	WHERE NOT EXISTS (SELECT 1 FROM uitbetalingen u WHERE u.klusser_id = g.klusser_id AND u.uitgever_id = g.uitgever_id AND u.maand = $1)
),
nieuw AS (
	INSERT INTO uitbetalingen (nummer, klusser_id, klusser_naam, uitgever_id, maand)
	SELECT 'UB' || $4 || '-' || lpad(s.seq::text, greatest(4, length(s.seq::text)), '0'), g.klusser_id, g.naam, g.uitgever_id, $1
	FROM groepen g
	CROSS JOIN LATERAL (SELECT g.n + (SELECT coalesce(max(substr(nummer, 10)::int), 0) FROM uitbetalingen WHERE maand = $1) AS seq) s
	ORDER BY g.n
	ON CONFLICT DO NOTHING
	RETURNING id, klusser_id, uitgever_id
),
lijnen AS (
	INSERT INTO uitbetaling_regels (uitbetaling_id, werkbon_id, soort, datum, klus, woonplaats, uren, tarief_cents, bedrag_cents, omschrijving)
	SELECT n.id, r.werkbon_id, r.soort, r.datum, r.klus, r.woonplaats, r.uren, $5, r.bedrag_cents, r.omschrijving
	FROM nieuw n JOIN regels r ON r.klusser_id = n.klusser_id AND r.uitgever_id = n.uitgever_id
	RETURNING uitbetaling_id, soort, bedrag_cents
)
SELECT count(DISTINCT uitbetaling_id)::int, count(*)::int, count(*) FILTER (WHERE soort = 'correctie')::int, coalesce(sum(bedrag_cents), 0)::bigint
FROM lijnen`
