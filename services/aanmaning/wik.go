package aanmaning

// The collection costs of the 14-dagenbrief (docs/decisions.md, D30): the statutory scale for
// consumers, which the letter must state in euros before they may be charged. The issuers are
// VAT-registered businesses, so no VAT comes on top.

// The scale's brackets, each up to an open amount in cents, with its rate in units of 0,5 % so
// that the whole sum stays in integers and is rounded once, at the end.
var wikSchaal = []struct {
	upTo int64
	rate int64 // × 0,5 %: 30 is 15 %
}{
	{250_000, 30},    // 15 % of the first € 2.500
	{500_000, 20},    // 10 % of the next € 2.500
	{1_000_000, 10},  // 5 % of the next € 5.000
	{20_000_000, 2},  // 1 % of the next € 190.000
	{100_000_000, 1}, // 0,5 % of the rest; at € 1.000.000 the ceiling is reached
}

// The scale's floor and ceiling, in cents.
const (
	IncassokostenMin int64 = 4_000   // € 40
	IncassokostenMax int64 = 677_500 // € 6.775
)

// Incassokosten is what the scale allows for an open amount, in cents: the sum over the brackets,
// rounded to the cent half up (half a cent goes up), at least € 40 and at most € 6.775. Nothing
// open, nothing charged.
func Incassokosten(openCents int64) int64 {
	if openCents <= 0 {
		return 0
	}
	var sum, from int64 // sum: the costs in cents × 200
	for _, b := range wikSchaal {
		if openCents <= from {
			break
		}
		sum += (min(openCents, b.upTo) - from) * b.rate
		from = b.upTo
	}
	return min(max((sum+100)/200, IncassokostenMin), IncassokostenMax)
}
