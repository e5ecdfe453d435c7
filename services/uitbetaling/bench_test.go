package uitbetaling

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

const (
	benchKlussers = 1_000
	benchPerMonth = 30 // completed work orders per klusser in the month
)

// benchMonth is the month drafted: its work orders end on its days, in Amsterdam.
var benchMonth = calendar.NewDate(2026, 1, 1)

// BenchmarkDraft1000KlussersAndPayThemInOneBatch drafts a month of 1,000 klussers with 30 completed
// work orders each (30,000 lines, one paying business), then approves every statement, makes one
// SEPA batch of the 1,000 and writes its pain.001.001.03, checked with xmllint against the official
// schema. It prints each step's time; each round starts from no statements (the loaded work
// orders stay).
func BenchmarkDraft1000KlussersAndPayThemInOneBatch(b *testing.B) {
	d := dbtest.New(b)
	seedMonth(b, d)
	ctx := context.Background()
	admin := tenants.WithActor(ctx, tenants.Actor{Role: tenants.Admin, UserID: uuid.New()})
	// The batch is dated by the real clock, as the database stamps its creation.
	s := NewService(d.DB, calendar.System, factuur.Site{Brand: "Klusmaat"}).(*store)
	w := NewWorker(d.DB, nil)
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		owner(b, d, `TRUNCATE uitbetaling_regels, uitbetalingen, betaalbatches`)
		b.StartTimer()

		start := time.Now()
		res, err := w.Run(ctx, benchMonth)
		draft := time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		if res.Uitbetalingen != benchKlussers || res.Regels != benchKlussers*benchPerMonth {
			b.Fatalf("drafted %+v", res)
		}
		// The hourly runs after it find the month drafted; by then autovacuum has analysed the new
		// rows, as here.
		b.StopTimer()
		owner(b, d, `ANALYZE uitbetalingen, uitbetaling_regels`)
		b.StartTimer()
		start = time.Now()
		again, err := w.Run(ctx, benchMonth)
		rerun := time.Since(start)
		if err != nil || again.Uitbetalingen != 0 {
			b.Fatalf("the second run: %+v %v", again, err)
		}

		// Approval of all 1,000 in one statement (the office approves one by one; what is measured
		// here is the batch).
		b.StopTimer()
		if err := d.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `
				UPDATE uitbetalingen u SET status = 'goedgekeurd', iban = k.iban, rekeninghouder = k.rekeninghouder
				FROM klusser_bankrekeningen k WHERE k.klusser_id = u.klusser_id`)
			return err
		}); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()

		start = time.Now()
		created, err := s.CreateBatch(admin, BatchRequest{Uitgever: "centraal"})
		batch := time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		if created.Data.Aantal != benchKlussers || len(created.ZonderIBAN) != 0 {
			b.Fatalf("the batch: %d transfers, %d without IBAN", created.Data.Aantal, len(created.ZonderIBAN))
		}
		start = time.Now()
		file, err := s.PainXML(admin, created.Data.ID)
		write := time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		fmt.Printf("draft of %d klussers × %d work orders (%d lines): %.2f s (%.0f lines/s), a second run %.0f ms; "+
			"batch of %d transfers (%s): %.0f ms; pain.001 written and xmllint-valid: %.0f ms, %.0f kB\n",
			benchKlussers, benchPerMonth, res.Regels, draft.Seconds(), float64(res.Regels)/draft.Seconds(), float64(rerun.Milliseconds()),
			created.Data.Aantal, factuur.Euro(created.Data.TotaalCents), float64(batch.Milliseconds()), float64(write.Milliseconds()), float64(len(file.Data))/1024)
		b.ReportMetric(draft.Seconds(), "draft-s")
		b.ReportMetric(float64(rerun.Milliseconds()), "rerun-ms")
		b.ReportMetric(float64(batch.Milliseconds()), "batch-ms")
		b.ReportMetric(float64(write.Milliseconds()), "painxml-ms")
		b.StartTimer()
	}
}

// seedMonth loads the klussers (with a bank account each), their jobs, invoices (the central
// business) and completed work orders of benchMonth as the schema owner, with the tables' rules
// off: a bulk load, not 30,000 completions. Row-level security is forced again after.
func seedMonth(b *testing.B, d *dbtest.Database) {
	ibans := make([]string, benchKlussers)
	for i := range ibans {
		ibans[i] = nlIBAN(i + 1)
	}
	n := benchKlussers * benchPerMonth
	for _, sql := range []string{
		`ALTER TABLE profiles DISABLE TRIGGER USER`, `ALTER TABLE profiles NO FORCE ROW LEVEL SECURITY`,
		fmt.Sprintf(`INSERT INTO profiles (id, naam, email, regio)
			SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'Klusser ' || i, 'bench-' || i || '@example.nl', ARRAY['den-haag']
			FROM generate_series(1, %d) i`, benchKlussers),
		`ALTER TABLE profiles FORCE ROW LEVEL SECURITY`, `ALTER TABLE profiles ENABLE TRIGGER USER`,
		`ALTER TABLE user_roles NO FORCE ROW LEVEL SECURITY`,
		`INSERT INTO user_roles (user_id, role) SELECT id, 'klusser' FROM profiles WHERE email LIKE 'bench-%'`,
		`ALTER TABLE user_roles FORCE ROW LEVEL SECURITY`,
		`ALTER TABLE klusser_bankrekeningen DISABLE TRIGGER USER`, `ALTER TABLE klusser_bankrekeningen NO FORCE ROW LEVEL SECURITY`,
		fmt.Sprintf(`INSERT INTO klusser_bankrekeningen (klusser_id, iban, rekeninghouder)
			SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, ($1::text[])[i], 'K. Lusser ' || i
			FROM generate_series(1, %d) i`, benchKlussers),
		`ALTER TABLE klusser_bankrekeningen FORCE ROW LEVEL SECURITY`, `ALTER TABLE klusser_bankrekeningen ENABLE TRIGGER USER`,
		`ALTER TABLE klussen DISABLE TRIGGER USER`, `ALTER TABLE klussen NO FORCE ROW LEVEL SECURITY`,
		fmt.Sprintf(`INSERT INTO klussen (id, regio, status, assignment_type, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats,
		                     telefoon, klusser_id)
			SELECT ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, 'den-haag', 'afgerond', 'pool', 'montage', 'Klus ' || i,
			       $1::date + (i %% 28), 'ochtend', 'Straat ' || i, '2271 AB', 'Voorburg', '070 123 45 67',
			       ('00000000-0000-4000-8000-' || lpad((1 + (i - 1) / %d)::text, 12, '0'))::uuid
			FROM generate_series(1, %d) i`, benchPerMonth, n),
		`ALTER TABLE klussen FORCE ROW LEVEL SECURITY`, `ALTER TABLE klussen ENABLE TRIGGER USER`,
		`ALTER TABLE facturen DISABLE TRIGGER USER`, `ALTER TABLE facturen NO FORCE ROW LEVEL SECURITY`,
		`INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, datum, klant_naam, omschrijving, uren, uurtarief_cents, subtotaal_cents,
		                       btw_bedrag_cents, totaal_bedrag_cents, uitgever_id, uitgever, werk_datum, vervaldatum)
			SELECT k.id, k.klusser_id, k.regio, '2026-' || lpad(row_number() OVER (ORDER BY k.id)::text, 6, '0'), k.datum, 'Klant', 'Bench', 2, 6500,
			       13000, 2730, 15730, 'centraal', (SELECT to_jsonb(u) - 'updated_at' - 'regio' FROM factuur_uitgevers u WHERE u.id = 'centraal'),
			       k.datum, k.datum + 14
			FROM klussen k`,
		`ALTER TABLE facturen FORCE ROW LEVEL SECURITY`, `ALTER TABLE facturen ENABLE TRIGGER USER`,
		`ALTER TABLE werkbonnen DISABLE TRIGGER USER`, `ALTER TABLE werkbonnen NO FORCE ROW LEVEL SECURITY`,
		`INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren)
			SELECT k.id, k.klusser_id, 'completed', (k.datum + time '09:00') AT TIME ZONE 'Europe/Amsterdam',
			       (k.datum + time '09:00') AT TIME ZONE 'Europe/Amsterdam' + (4 + abs(hashtext(k.id::text)) % 4) * interval '1 hour' - interval '10 minutes',
			       4 + abs(hashtext(k.id::text)) % 4
			FROM klussen k`,
		`ALTER TABLE werkbonnen FORCE ROW LEVEL SECURITY`, `ALTER TABLE werkbonnen ENABLE TRIGGER USER`,
		`ANALYZE`,
	} {
		var args []any
		switch {
		case strings.Contains(sql, "$1::text[]"):
			args = []any{ibans}
		case strings.Contains(sql, "$1::date"):
			args = []any{benchMonth}
		}
		owner(b, d, sql, args...)
	}
}

// owner runs sql as the schema owner.
func owner(b *testing.B, d *dbtest.Database, sql string, args ...any) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql, args...); err != nil {
		b.Fatalf("%.200s: %v", sql, err)
	}
}

// nlIBAN is a valid Dutch IBAN for account n (bank INGB), its check digits computed (ISO 13616).
func nlIBAN(n int) string {
	bban := fmt.Sprintf("INGB%010d", n)
	digits := ""
	for _, c := range bban + "NL00" {
		if c >= 'A' && c <= 'Z' {
			digits += fmt.Sprint(int(c-'A') + 10)
		} else {
			digits += string(c)
		}
	}
	v, _ := new(big.Int).SetString(digits, 10)
	check := 98 - new(big.Int).Mod(v, big.NewInt(97)).Int64()
	return fmt.Sprintf("NL%02d%s", check, bban)
}
