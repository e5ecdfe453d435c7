package factuur

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// InvoiceNumber is D8's format: the year, a dash and the number within the year, four digits at
// least (2026-0001). An issuer's prefix goes before it.
func InvoiceNumber(year, n int) string { return fmt.Sprintf("%d-%04d", year, n) }

// NextNumber takes the next number in issuer uitgever's sequence of year and answers the invoice
// number with the issuer's prefix (D8). The counter's row stays locked until tx ends, so invoices
// made at the same moment take turns and a rolled-back one leaves no gap. Every invoice is
// numbered here: a job's, a credit invoice, a franchise fee's.
func NextNumber(ctx context.Context, tx pgx.Tx, uitgever, prefix string, year int) (string, error) {
	var n int
	if err := tx.QueryRow(ctx, `
		INSERT INTO invoice_number_counters AS c (uitgever, jaar, laatste) VALUES ($1, $2, 1)
		ON CONFLICT (uitgever, jaar) DO UPDATE SET laatste = c.laatste + 1
		RETURNING laatste`, uitgever, year).Scan(&n); err != nil {
		return "", fmt.Errorf("factuur: invoice number of %s %d: %w", uitgever, year, err)
	}
	return prefix + InvoiceNumber(year, n), nil
}
