package werkbon

import (
	"strings"
	"testing"
)

func TestBillRoundsVATHalfUp(t *testing.T) {
	for _, c := range []struct{ uren, rate, materials, sub, vat, total int }{
		{1, 6500, 0, 6500, 1365, 7865},
		{1, 6500, 50, 6550, 1376, 7926},    // 1375,5 -> 1376
		{2, 6500, 1, 13001, 2730, 15731},   // 2730,21 -> 2730
		{3, 6500, 252, 19752, 4148, 23900}, // 4147,92 -> 4148
		{0, 6500, 0, 0, 0, 0},
	} {
		b := Bill(c.uren, c.rate, c.materials)
		if b.SubtotaalCents != c.sub || b.BTWCents != c.vat || b.TotaalCents != c.total || b.ArbeidCents != c.uren*c.rate {
			t.Errorf("Bill(%d, %d, %d) = %+v, want subtotal %d VAT %d total %d", c.uren, c.rate, c.materials, b, c.sub, c.vat, c.total)
		}
	}
}

func TestSignatureMustBeADrawnPNG(t *testing.T) {
	for name, in := range map[string]string{
		"empty":     "",
		"not png":   "data:image/jpeg;base64,/9j/4AAQ",
		"garbage":   signaturePrefix + "bm90IGEgcG5n",
		"too large": signaturePrefix + strings.Repeat("A", MaxHandtekening*2),
	} {
		if _, err := DecodeSignature(in); err != ErrSignature {
			t.Errorf("%s: %v", name, err)
		}
	}
}
