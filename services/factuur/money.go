package factuur

import (
	"fmt"
	"strconv"
	"strings"
)

// Euro writes cents the Dutch way: € 1.234,56 (a dot between thousands, a decimal comma), and a
// negative amount as € -95,47, the sign after the euro sign, as the screens write it too
// (Intl.NumberFormat's Dutch currency format, shared-ui/src/money.ts).
func Euro(cents int) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole := fmt.Sprint(cents / 100)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("€ %s%s,%02d", sign, b.String(), cents%100)
}

// Quantity writes a line's quantity the Dutch way, with the unit for hours: "3", "2,5 uur".
func Quantity(n float64, eenheid string) string {
	s := strings.Replace(strconv.FormatFloat(n, 'f', -1, 64), ".", ",", 1)
	if eenheid == "uur" {
		s += " uur"
	}
	return s
}
