package aanmaning_test

import (
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/aanmaning"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The WIK scale (D30) at every edge of its brackets, its floor and its ceiling, rounded to the
// cent half up.
func TestIncassokosten(t *testing.T) {
	for _, c := range []struct {
		name       string
		open, want int64
	}{
		{"nothing open", 0, 0},
		{"a negative amount", -10_000, 0},
		{"one cent: the floor", 1, 4_000},
		{"€ 100: the floor", 10_000, 4_000},
		{"€ 266,66: 15 % is 39,999, the floor", 26_666, 4_000},
		{"€ 266,67: 15 % is 40,0005, rounded to 40,00", 26_667, 4_000},
		{"€ 266,70: 15 % is 40,005, rounded half up to 40,01", 26_670, 4_001},
		{"€ 266,73: 15 % is 40,0095", 26_673, 4_001},
		{"€ 1.000", 100_000, 15_000},
		{"€ 2.500: the end of the first bracket", 250_000, 37_500},
		{"€ 2.500,01", 250_001, 37_500},
		{"€ 2.600", 260_000, 38_500},
		{"€ 5.000: the end of the second bracket", 500_000, 62_500},
		{"€ 10.000: the end of the third bracket", 1_000_000, 87_500},
		{"€ 200.000: the end of the fourth bracket", 20_000_000, 277_500},
		{"€ 200.001: 0,5 % of € 1", 20_000_100, 277_501},
		{"€ 999.999,99: just under the ceiling", 99_999_999, 677_500},
		{"€ 900.000", 90_000_000, 627_500},
		{"€ 1.000.000: the ceiling", 100_000_000, 677_500},
		{"a huge amount: the ceiling", 1 << 62, 677_500},
	} {
		if got := aanmaning.Incassokosten(c.open); got != c.want {
			t.Errorf("%s: Incassokosten(%d) = %d, want %d", c.name, c.open, got, c.want)
		}
	}
}

// The 14-dagenbrief's term: 14 days from the day after receipt. An e-mail is received the day it
// is sent; a letter the next day PostNL delivers letters (Tuesday to Saturday).
func TestTermijnTot(t *testing.T) {
	for _, c := range []struct {
		verzonden string
		perPost   bool
		want      string
	}{
		{"2026-11-02", false, "2026-11-16"}, // Monday, by e-mail
		{"2026-12-25", false, "2027-01-08"}, // across the year
		{"2026-11-03", true, "2026-11-18"},  // Tuesday: received Wednesday
		{"2026-11-06", true, "2026-11-21"},  // Friday: received Saturday
		{"2026-11-07", true, "2026-11-24"},  // Saturday: received Tuesday
		{"2026-11-08", true, "2026-11-24"},  // Sunday: received Tuesday
		{"2026-11-09", true, "2026-11-24"},  // Monday: received Tuesday
	} {
		d, _ := calendar.ParseDate(c.verzonden)
		got := aanmaning.TermijnTot(d, c.perPost)
		if got.String() != c.want {
			t.Errorf("TermijnTot(%s %s, post %v) = %s, want %s", c.verzonden, d.Weekday(), c.perPost, got, c.want)
		}
		if r := aanmaning.Ontvangst(d, c.perPost); c.perPost && (r.Weekday() == time.Sunday || r.Weekday() == time.Monday) {
			t.Errorf("a letter received on %s", r.Weekday())
		}
	}
}
