package betaling

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/sepa/camt/camttest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

const (
	benchInvoices = 100_000
	benchEntries  = 10_000
)

// BenchmarkImport10000Against100000 imports a statement of 10,000 entries (8,000 naming an open
// invoice with its exact amount, 2,000 proposals) against 100,000 open invoices of one business,
// and prints the entries per second, the file's size and the peak heap while it ran (sampled),
// beside the heap before: the import must not grow with the file (D30, a year of a large
// franchise in one file). Each round books a fresh slice of the invoices.
func BenchmarkImport10000Against100000(b *testing.B) {
	d := dbtest.New(b)
	seedOpenInvoices(b, d)
	im := &Importer{db: d.DB}
	ctx := tenants.WithActor(context.Background(), tenants.Actor{Role: tenants.Admin, UserID: uuid.New()})
	var iban string
	if err := pgxRow(d, `SELECT iban FROM factuur_uitgevers WHERE id = 'centraal'`, &iban); err != nil {
		b.Fatal(err)
	}
	round := 0
	b.ResetTimer()
	for range b.N {
		if round*benchEntries >= benchInvoices*8/10 {
			b.Skip("every invoice booked: run with a smaller -benchtime")
		}
		b.StopTimer()
		file := statement(iban, round)
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		peak := sampleHeap()
		b.StartTimer()
		start := time.Now()
		out, err := im.Import(ctx, ImportRequest{Uitgever: "centraal", Bestandsnaam: "bench.xml", Data: file})
		took := time.Since(start)
		b.StopTimer()
		top := peak()
		if err != nil {
			b.Fatal(err)
		}
		if out.Data.Geboekt != benchEntries*8/10 || out.Data.Voorstellen != benchEntries*2/10 {
			b.Fatalf("booked %d and proposed %d, want %d and %d", out.Data.Geboekt, out.Data.Voorstellen, benchEntries*8/10, benchEntries*2/10)
		}
		fmt.Printf("import of %d entries (%.1f MB) against %d invoices: %.2f s, %.0f entries/s, heap %.1f MB before, peak %.1f MB\n",
			benchEntries, float64(len(file))/(1<<20), benchInvoices, took.Seconds(), float64(benchEntries)/took.Seconds(),
			float64(before.HeapInuse)/(1<<20), float64(top)/(1<<20))
		b.ReportMetric(float64(benchEntries)/took.Seconds(), "entries/s")
		b.ReportMetric(float64(top)/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(len(file))/(1<<20), "file-MB")
		round++
		b.StartTimer()
	}
}

// sampleHeap samples the heap in use every 5 ms until the returned function is called, which
// gives the largest seen.
func sampleHeap() func() uint64 {
	var top atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > top.Load() {
				top.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		return top.Load()
	}
}

// statement is round's file: entries naming invoices round*10,000 + i (the first 8,000 with their
// exact amount), the rest paying an amount no invoice has open.
func statement(iban string, round int) []byte {
	entries := make([]camttest.Entry, benchEntries)
	for i := range entries {
		n := round*benchEntries + i + 1
		amount := fmt.Sprintf("%d.%02d", invoiceCents(n)/100, invoiceCents(n)%100)
		if i >= benchEntries*8/10 {
			amount = "1.23"
		}
		entries[i] = camttest.Payment(amount, fmt.Sprintf("Klant %d", n), "NL02ABNA0123456789", fmt.Sprintf("Factuur 2026-%06d", n))
		entries[i].AcctSvcrRef = fmt.Sprintf("BENCH-%d-%d", round, i)
	}
	return camttest.Build("02", camttest.Statement{IBAN: iban, Entries: entries})
}

// invoiceCents is invoice n's total: varied, never 1.23.
func invoiceCents(n int) int { return 5000 + (n*37)%20000 }

// seedOpenInvoices loads the invoices as the schema owner in one statement, with the issuing
// rules off (a bulk load, not 100,000 completions) and row-level security forced again after.
func seedOpenInvoices(b *testing.B, d *dbtest.Database) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, sql := range []string{
		`ALTER TABLE facturen DISABLE TRIGGER USER`,
		`ALTER TABLE facturen NO FORCE ROW LEVEL SECURITY`,
		fmt.Sprintf(`
		INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, omschrijving, uren, uurtarief_cents, subtotaal_cents,
		                      btw_bedrag_cents, totaal_bedrag_cents, uitgever_id, uitgever, werk_datum, vervaldatum)
		SELECT 'den-haag', '2026-' || lpad(n::text, 6, '0'), date '2026-01-01', 'Klant ' || n, 'Bench', 1, t - round(t * 21 / 121.0),
		       t - round(t * 21 / 121.0), round(t * 21 / 121.0), t, 'centraal',
		       (SELECT to_jsonb(u) - 'updated_at' - 'regio' FROM factuur_uitgevers u WHERE u.id = 'centraal'),
		       date '2026-01-01', date '2026-01-15'
		FROM generate_series(1, %d) n, LATERAL (SELECT 5000 + (n * 37) %% 20000 AS t) x`, benchInvoices),
		`ALTER TABLE facturen FORCE ROW LEVEL SECURITY`,
		`ALTER TABLE facturen ENABLE TRIGGER USER`,
		`ANALYZE facturen`,
	} {
		if _, err := conn.Exec(ctx, sql); err != nil {
			b.Fatalf("%s: %v", sql, err)
		}
	}
}

func pgxRow(d *dbtest.Database, sql string, dst ...any) error {
	conn, err := pgx.Connect(context.Background(), d.OwnerURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	return conn.QueryRow(context.Background(), sql).Scan(dst...)
}
