package factuur

import "testing"

// Amounts read the same in the PDFs and e-mails as on every screen (issue 39 item 17; the
// screens' formatter is shared-ui/src/money.ts, Intl's Dutch currency format): the minus after the
// euro sign.
func TestEuroWritesAmountsAsTheScreensDo(t *testing.T) {
	for cents, want := range map[int]string{0: "€ 0,00", 9547: "€ 95,47", -9547: "€ -95,47", 123456789: "€ 1.234.567,89", -100: "€ -1,00"} {
		if got := Euro(cents); got != want {
			t.Errorf("Euro(%d) = %q, want %q", cents, got, want)
		}
	}
	// The payment methods in the screens' words (shared-ui BETAALMETHODE).
	for m, want := range map[string]string{"contant": "Contant", "pin": "PIN", "bank": "Bank", "niet_betaald": "Niet betaald"} {
		if MethodLabels[m] != want {
			t.Errorf("MethodLabels[%q] = %q, want %q", m, MethodLabels[m], want)
		}
	}
}
