package factuur

import (
	"fmt"
	"strconv"
	"strings"
)

// Euro writes cents the Dutch way: € 1.234,56 (a dot between thousands, a decimal comma), and a
// negative amount as € -95,47, the sign after the euro sign, as the screens write it too
// (Intl.NumberFormat's Dutch currency format, shared-ui/src/money.ts). It takes the int64 sums of
// the statements and letters as well.
func Euro[C ~int | ~int64](cents C) string {
	c := int64(cents)
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole := fmt.Sprint(c / 100)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("€ %s%s,%02d", sign, b.String(), c%100)
}

// Quantity writes a line's quantity the Dutch way, with the unit for hours: "3", "2,5 uur".
func Quantity(n float64, eenheid string) string {
	s := strings.Replace(strconv.FormatFloat(n, 'f', -1, 64), ".", ",", 1)
	if eenheid == "uur" {
		s += " uur"
	}
	return s
}
