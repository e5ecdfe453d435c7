package exports_test

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The invoices export bills each invoice's own rate: for jobs at 55, 65 and 80 euro an hour its
// labour and material add up to each invoice's subtotal, also on a credit invoice's negative
// lines, and its totals to the invoices' own.
func TestInvoicesExportBillsEachJobsRate(t *testing.T) {
	ctx := context.Background()
	d := dbtest.New(t)
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		for i, rate := range []int{5500, 6500, 8000} {
			uren, materiaal := i+2, 1000*i
			sub := uren*rate + materiaal
			btw := (sub*21 + 50) / 100
			if _, err := tx.Exec(ctx, `
				INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, omschrijving, uren, uurtarief_cents,
				                      materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
				VALUES ('utrecht', $1, ('2026-05-0' || $2)::date, 'Klant', 'Klus', $3, $4, $5, $6, $7, $8)`,
				fmt.Sprintf("2026-%04d", i+1), strconv.Itoa(i+1), uren, rate, materiaal, sub, btw, sub+btw); err != nil {
				return err
			}
		}
		// A credit invoice of the 80-euro one: negative lines that add up all the same (D28).
		_, err := tx.Exec(ctx, `
			INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, omschrijving, uren, uurtarief_cents, materiaal_cents,
			                      subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, credit_van, credit_reden)
			SELECT regio, '2026-0004', '2026-05-04', klant_naam, omschrijving, uren, uurtarief_cents, -materiaal_cents,
			       -subtotaal_cents, -btw_bedrag_cents, -totaal_bedrag_cents, id, 'Dubbel'
			FROM facturen WHERE factuurnummer = '2026-0003'`)
		return err
	})
	var out bytes.Buffer
	var invoicesTotal int
	d.As(t, tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}, func(tx pgx.Tx) error {
		if _, err := factuur.ReportExport.Write(ctx, tx, exports.Request{Van: "2026-05-01", Tot: "2026-05-31"}, &out); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT sum(totaal_bedrag_cents) FROM facturen`).Scan(&invoicesTotal)
	})
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("export:\n%s", out.String())
	}
	header := strings.Split(lines[0], ";")
	col := func(name string) int {
		for i, h := range header {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %q in %v", name, header)
		return -1
	}
	uren, tarief, arbeid, materiaal, sub, totaal := col("Uren"), col("Uurtarief"), col("Arbeid"), col("Materiaal"), col("Subtotaal"), col("Totaal")
	exportTotal := 0
	for i, line := range lines[1:] {
		f := strings.Split(line, ";")
		rate := []int{5500, 6500, 8000, 8000}[i]
		if got := cents(t, f[tarief]); got != rate {
			t.Errorf("row %d: rate %s, want %s", i, f[tarief], exports.Euros(rate))
		}
		h, _ := strconv.Atoi(f[uren])
		sign := 1
		if i == 3 {
			sign = -1 // the credit invoice
		}
		if cents(t, f[arbeid]) != sign*h*rate {
			t.Errorf("row %d: labour %s for %d hours at %s", i, f[arbeid], h, f[tarief])
		}
		if cents(t, f[arbeid])+cents(t, f[materiaal]) != cents(t, f[sub]) {
			t.Errorf("row %d: labour %s + material %s is not the subtotal %s", i, f[arbeid], f[materiaal], f[sub])
		}
		exportTotal += cents(t, f[totaal])
	}
	if exportTotal != invoicesTotal {
		t.Errorf("the export's totals add up to %s, the invoices' to %s", exports.Euros(exportTotal), exports.Euros(invoicesTotal))
	}
}

// cents reads an export's amount ("172,43").
func cents(t *testing.T, s string) int {
	t.Helper()
	sign := 1
	if rest, neg := strings.CutPrefix(s, "-"); neg {
		sign, s = -1, rest
	}
	euros, frac, ok := strings.Cut(s, ",")
	e, err1 := strconv.Atoi(euros)
	c, err2 := strconv.Atoi(frac)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("amount %q", s)
	}
	return sign * (e*100 + c)
}
