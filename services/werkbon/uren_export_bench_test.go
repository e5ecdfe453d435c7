package werkbon

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// BenchmarkHoursExport100k prints the time and the peak heap of an hours export of 100,000 work
// orders as the worker makes it (rows streamed through a buffered temporary file), beside the same
// export collected in memory first (what the worker did before) in the same run.
func BenchmarkHoursExport100k(b *testing.B) {
	const rows = 100_000
	ctx := context.Background()
	d := dbtest.New(b)
	piet := uuid.New()
	d.As(b, tenants.SystemActor(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO profiles (id, naam, regio) VALUES ($1, 'Piet Bakker', '{den-haag}')`, piet); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO klussen (id, regio, status, klusser_id, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
			SELECT md5('klus' || g)::uuid, 'den-haag', 'afgerond', $1, 'overig', 'Lamp ophangen in de hal, nummer ' || g,
			       date '2026-01-01' + (g % 365), '09:00', 'Herenstraat ' || g, '2271 AB', 'Voorburg', '070 111 22 33'
			FROM generate_series(1, $2) g`, piet, rows); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren, created_at)
			SELECT md5('klus' || g)::uuid, $1, 'completed', t, t + interval '90 minutes', 2, t
			FROM generate_series(1, $2) g, LATERAL (SELECT timestamptz '2026-01-01T09:00:00Z' + (g % 365) * interval '1 day' AS t) x`, piet, rows)
		return err
	})
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	req := exports.Request{Soort: "uren", Van: "2026-01-01", Tot: "2026-12-31"}

	run := func(b *testing.B, name string, sink func() (io.Writer, func() error)) {
		b.Run(name, func(b *testing.B) {
			var peak uint64
			for i := 0; i < b.N; i++ {
				runtime.GC()
				var base runtime.MemStats
				runtime.ReadMemStats(&base)
				stop := make(chan struct{})
				var max atomic.Uint64
				go func() { // sample the heap while the export runs
					var m runtime.MemStats
					for {
						select {
						case <-stop:
							return
						case <-time.After(2 * time.Millisecond):
							runtime.ReadMemStats(&m)
							if m.HeapInuse > max.Load() {
								max.Store(m.HeapInuse)
							}
						}
					}
				}()
				out, done := sink()
				var n int
				start := time.Now()
				d.As(b, admin, func(tx pgx.Tx) error {
					var err error
					n, err = writeUren(ctx, tx, req, out)
					return err
				})
				if err := done(); err != nil {
					b.Fatal(err)
				}
				close(stop)
				if n != rows {
					b.Fatalf("%d rows, want %d", n, rows)
				}
				if g := max.Load() - min(max.Load(), base.HeapInuse); g > peak {
					peak = g
				}
				if i == 0 {
					fmt.Printf("hours export %s: %d rows in %v, peak heap growth %.1f MB\n", name, n, time.Since(start).Round(time.Millisecond), float64(peak)/(1<<20))
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
		})
	}
	run(b, "streamed", func() (io.Writer, func() error) {
		f, err := os.CreateTemp(b.TempDir(), "export-*.csv")
		if err != nil {
			b.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 64<<10)
		return w, func() error {
			if err := w.Flush(); err != nil {
				return err
			}
			return f.Close()
		}
	})
	run(b, "in-memory-baseline", func() (io.Writer, func() error) {
		var buf bytes.Buffer
		return &buf, func() error { return nil }
	})
}
