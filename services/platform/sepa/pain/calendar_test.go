package pain

import (
	"testing"
	"time"
)

func date(y int, m time.Month, d int) time.Time {
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func TestEaster(t *testing.T) {
	for y, want := range map[int]time.Time{
		2008: date(2008, time.March, 23),
		2019: date(2019, time.April, 21),
		2024: date(2024, time.March, 31),
		2025: date(2025, time.April, 20),
		2026: date(2026, time.April, 5),
		2027: date(2027, time.March, 28),
		2038: date(2038, time.April, 25),
	} {
		if got := Easter(y); !got.Equal(want) {
			t.Errorf("Easter(%d) = %s, want %s", y, got.Format(time.DateOnly), want.Format(time.DateOnly))
		}
	}
}

func TestNextWorkingDay(t *testing.T) {
	amsterdamSummer := time.FixedZone("CEST", 2*3600)
	for _, c := range []struct {
		name string
		in   time.Time
		want time.Time
	}{
		{"Monday to Tuesday", date(2026, time.June, 1), date(2026, time.June, 2)},
		{"Friday to Monday", date(2026, time.June, 5), date(2026, time.June, 8)},
		{"Saturday to Monday", date(2026, time.June, 6), date(2026, time.June, 8)},
		{"Christmas Eve past both Christmas days and the weekend", date(2026, time.December, 24), date(2026, time.December, 28)},
		{"Thursday before Easter 2027 past Good Friday and Easter Monday", date(2027, time.March, 25), date(2027, time.March, 30)},
		{"Thursday after Easter 2027 is an ordinary week", date(2027, time.April, 1), date(2027, time.April, 2)},
		{"Friday 30 April 2027 past 1 May on a Saturday", date(2027, time.April, 30), date(2027, time.May, 3)},
		{"New Year's Eve past 1 January and the weekend", date(2026, time.December, 31), date(2027, time.January, 4)},
		{"King's Day is a TARGET2 day", date(2026, time.April, 24), date(2026, time.April, 27)},
		{"clock time does not count", time.Date(2026, time.June, 5, 23, 59, 59, 0, time.UTC), date(2026, time.June, 8)},
		// 00:30 in Amsterdam is still 29 April in UTC; the date in d's own location counts.
		{"date in its own location", time.Date(2027, time.April, 30, 0, 30, 0, 0, amsterdamSummer), date(2027, time.May, 3)},
	} {
		got := NextWorkingDay(c.in)
		if !got.Equal(c.want) || got.Location() != time.UTC {
			t.Errorf("%s: NextWorkingDay(%s) = %s, want %s", c.name, c.in, got, c.want)
		}
	}
}
