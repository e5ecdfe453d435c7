package factuur

import (
	"fmt"
	"strings"
)

// Euro writes cents the Dutch way: € 1.234,56 (a dot between thousands, a decimal comma).
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
	return fmt.Sprintf("%s€ %s,%02d", sign, b.String(), cents%100)
}
