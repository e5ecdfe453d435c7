package factuur

import "testing"

// 21 % to the cent, halves up, as the database's round(subtotal × 0.21) that checks every amount.
func TestVATRoundsHalvesUp(t *testing.T) {
	for _, c := range []struct{ subtotal, want int }{
		{0, 0}, {1, 0}, {3, 1}, {50, 11}, {150, 32}, {149, 31}, {10_000, 2_100}, {19_500, 4_095},
	} {
		if got := VAT(c.subtotal); got != c.want {
			t.Errorf("VAT(%d) = %d, want %d", c.subtotal, got, c.want)
		}
	}
}
