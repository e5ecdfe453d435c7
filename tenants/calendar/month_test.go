package calendar_test

import (
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The monthly drafts draw up the month before today's, across a year's end and from any day.
func TestPreviousMonth(t *testing.T) {
	for _, c := range []struct{ day, want calendar.Date }{
		{calendar.NewDate(2026, time.November, 1), calendar.NewDate(2026, time.October, 1)},
		{calendar.NewDate(2026, time.March, 31), calendar.NewDate(2026, time.February, 1)},
		{calendar.NewDate(2027, time.January, 15), calendar.NewDate(2026, time.December, 1)},
	} {
		if got := c.day.PreviousMonth(); got != c.want {
			t.Errorf("%s: previous month %s, want %s", c.day, got, c.want)
		}
	}
}
