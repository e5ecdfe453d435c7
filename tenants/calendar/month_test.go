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

// A statement, a fee invoice and a bank transfer name their month in Dutch words.
func TestMonthInWords(t *testing.T) {
	for _, c := range []struct {
		day  calendar.Date
		want string
	}{
		{calendar.NewDate(2026, time.March, 1), "maart 2026"},
		{calendar.NewDate(2027, time.January, 31), "januari 2027"},
		{calendar.NewDate(2026, time.December, 15), "december 2026"},
	} {
		if got := c.day.MonthInWords(); got != c.want {
			t.Errorf("%s: %q, want %q", c.day, got, c.want)
		}
	}
}
