package factuur

import "testing"

func TestInvoiceNumber(t *testing.T) {
	if got := InvoiceNumber(2026, 1); got != "2026-0001" {
		t.Errorf("got %s", got)
	}
	if got := InvoiceNumber(2026, 12345); got != "2026-12345" {
		t.Errorf("got %s", got)
	}
}
