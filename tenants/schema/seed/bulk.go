package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// BulkDomain is the e-mail domain of every customer Jobs makes, so that its jobs are told apart
// from the demo data and from real ones.
const BulkDomain = "bulk.klusmaat.test"

// BulkJobsPerCustomer is how many jobs Jobs gives each customer (e-mail address): n jobs make
// n/BulkJobsPerCustomer customers.
const BulkJobsPerCustomer = 4

// bulkBatch is the number of jobs per transaction: the triggers of migration 020 keep the counters
// and the customer overview per statement, so a batch is one statement's worth of them.
const bulkBatch = 10_000

// Jobs tops the bulk jobs up to n (for benchmarks and load tests of the lists at scale, D25): jobs
// over every region and its towns, a tenth archived, dates over the last two years and the next
// month and created over the last year, with statuses as a running business has them: what lies
// in the past is finished (a few stragglers open or planned), what is coming is open (most in the
// pool) or planned. So the pool holds hundreds of jobs per region, not tens of thousands, and the
// pool read measures what a klusser meets rather than a pool nobody works off; each customer's e-mail at BulkDomain. It inserts as an admin through
// the same door as the server (tenants.DB, row-level security and every trigger: counters, the
// customer overview, events), in transactions of bulkBatch jobs, and counts the bulk jobs already
// there first, so running it twice with the same n changes nothing. 100,000 jobs take some tens
// of seconds.
func Jobs(ctx context.Context, db *tenants.DB, n int) error {
	admin := tenants.Actor{UserID: ID("bulk"), Role: tenants.Admin}
	var have int
	if err := db.InTx(ctx, admin, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM klussen WHERE email LIKE '%@' || $1`, BulkDomain).Scan(&have)
	}); err != nil {
		return fmt.Errorf("seed bulk jobs: %w", err)
	}
	customers := max(n/BulkJobsPerCustomer, 1)
	for from := have + 1; from <= n; from += bulkBatch {
		to := min(from+bulkBatch-1, n)
		if err := db.InTx(ctx, admin, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, bulkInsert, from, to, customers, "@"+BulkDomain, calendar.DateOf(time.Now()))
			return err
		}); err != nil {
			return fmt.Errorf("seed bulk jobs %d-%d: %w", from, to, err)
		}
	}
	return nil
}

// bulkInsert inserts jobs $1 to $2 of $3 customers. Job g is deterministic: its town (and so its
// region) is the g-th of region_towns in turn, its date and creation moment spread over the calendar,
// its status follows its date (and g), its archived flag g.
const bulkInsert = `
	WITH towns AS (SELECT row_number() OVER (ORDER BY woonplaats) - 1 AS i, naam, regio FROM region_towns),
	     cats AS (SELECT row_number() OVER (ORDER BY key) - 1 AS i, key FROM categories)
	INSERT INTO klussen (status, assignment_type, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats,
	                     telefoon, email, archived, created_at)
	SELECT CASE WHEN d.datum >= $5::date THEN (ARRAY['open', 'open', 'open', 'ingepland', 'ingepland'])[1 + g % 5]
	            WHEN g % 500 = 1 THEN 'open' WHEN g % 500 = 2 THEN 'ingepland' WHEN g % 500 = 3 THEN 'bezig'
	            ELSE 'afgerond' END,
	       CASE WHEN g % 10 = 0 THEN NULL ELSE 'pool' END,
	       t.regio, c.key, 'Bulkklus ' || g || ': lamp ophangen en kast repareren',
	       d.datum, (ARRAY['ochtend', 'middag', 'avond'])[1 + g % 3],
	       'Bulkstraat ' || (1 + g % 200), (1000 + g % 9000) || ' AB', t.naam, '06 ' || lpad((g % 100000000)::text, 8, '0'),
	       'klant' || (g % $3::int) || $4::text, g % 10 = 7, now() - make_interval(secs => g::bigint * 104729 % 31536000)
	FROM generate_series($1::int, $2::int) g
	CROSS JOIN LATERAL (SELECT $5::date - 700 + (g::bigint * 7919 % 730)::int AS datum) d
	JOIN towns t ON t.i = g % (SELECT count(*) FROM towns)
	JOIN cats c ON c.i = g % (SELECT count(*) FROM cats)`
