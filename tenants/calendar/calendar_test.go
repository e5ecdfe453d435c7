package calendar_test

import (
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestTodayIsTheDutchDateWhateverTheMachineZone(t *testing.T) {
	cases := []struct {
		name string
		now  string
		want string
	}{
		{"late evening UTC is already tomorrow in winter", "2026-11-22T23:50:00Z", "2026-11-23"},
		{"an hour earlier it is still the same day", "2026-11-22T22:50:00Z", "2026-11-22"},
		{"summer time: 22:30 UTC is 00:30 the next day", "2026-07-14T22:30:00Z", "2026-07-15"},
		{"summer time: 21:59 UTC is still the same day", "2026-07-14T21:59:00Z", "2026-07-14"},
		{"Kiritimati's afternoon is Amsterdam's early morning", "2026-11-23T02:00:00+14:00", "2026-11-22"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := calendar.Fixed(utc(c.now)).Today().String()
			if got != c.want {
				t.Fatalf("Today at %s = %s, want %s", c.now, got, c.want)
			}
		})
	}
}

func TestInvoiceYearTurnsAtAmsterdamMidnight(t *testing.T) {
	// 23:30 UTC on 31 December is 00:30 on 1 January in the Netherlands: an invoice made then is
	// numbered in the new year (D8).
	if y := calendar.Fixed(utc("2026-12-31T23:30:00Z")).InvoiceYear(); y != 2027 {
		t.Fatalf("invoice year at 2026-12-31 23:30 UTC = %d, want 2027", y)
	}
	if y := calendar.Fixed(utc("2026-12-31T22:59:59Z")).InvoiceYear(); y != 2026 {
		t.Fatalf("invoice year at 2026-12-31 22:59:59 UTC = %d, want 2026", y)
	}
}

func TestDaylightSavingNights(t *testing.T) {
	// 29 March 2026: clocks go from 02:00 to 03:00. 25 October 2026: from 03:00 back to 02:00.
	spring := calendar.NewDate(2026, time.March, 29)
	if got := spring.AddDays(1).Start().Sub(spring.Start()); got != 23*time.Hour {
		t.Fatalf("29 March 2026 lasts %v, want 23h", got)
	}
	autumn := calendar.NewDate(2026, time.October, 25)
	if got := autumn.AddDays(1).Start().Sub(autumn.Start()); got != 25*time.Hour {
		t.Fatalf("25 October 2026 lasts %v, want 25h", got)
	}
	// The last minutes of both nights still belong to their date, and adding days crosses the
	// change without drifting.
	if d := calendar.DateOf(utc("2026-03-29T21:59:00Z")); d != spring {
		t.Fatalf("23:59 CEST on 29 March is %v", d)
	}
	if d := calendar.DateOf(utc("2026-10-25T22:59:00Z")); d != autumn {
		t.Fatalf("23:59 CET on 25 October is %v", d)
	}
	if d := calendar.NewDate(2026, time.March, 28).AddDays(2); d.String() != "2026-03-30" {
		t.Fatalf("28 March + 2 days = %s", d)
	}
	if got := spring.At(9, 0).UTC().Format(time.RFC3339); got != "2026-03-29T07:00:00Z" {
		t.Fatalf("09:00 on 29 March = %s, want 07:00 UTC (summer time)", got)
	}
	if got := autumn.At(9, 0).UTC().Format(time.RFC3339); got != "2026-10-25T08:00:00Z" {
		t.Fatalf("09:00 on 25 October = %s, want 08:00 UTC (winter time)", got)
	}
}

func TestWeeksStartOnMondayAtAmsterdamMidnight(t *testing.T) {
	// Sunday 22 November 2026, 23:30 in the Netherlands (22:30 UTC): still last week.
	sunday := calendar.Fixed(utc("2026-11-22T22:30:00Z")).Today()
	if sunday.Weekday() != time.Sunday || sunday.WeekStart().String() != "2026-11-16" {
		t.Fatalf("Sunday night: %s (%s), week from %s; want Sunday, week from 2026-11-16", sunday, sunday.Weekday(), sunday.WeekStart())
	}
	// Half an hour later (23:00 UTC) it is Monday 23 November: a new week.
	monday := calendar.Fixed(utc("2026-11-22T23:00:00Z")).Today()
	if monday.Weekday() != time.Monday || monday.WeekStart() != monday {
		t.Fatalf("Monday 00:00: %s (%s), week from %s; want the week to start that day", monday, monday.Weekday(), monday.WeekStart())
	}
	if m := calendar.NewDate(2026, time.November, 23).MonthStart().String(); m != "2026-11-01" {
		t.Fatalf("month start = %s", m)
	}
}

func TestDateParsingFormattingAndArithmetic(t *testing.T) {
	d, err := calendar.ParseDate("2028-02-29")
	if err != nil {
		t.Fatal(err)
	}
	if d.Dutch() != "29-02-2028" || d.AddYears(1).String() != "2029-03-01" {
		t.Fatalf("leap day: %s, a year later %s", d.Dutch(), d.AddYears(1))
	}
	if _, err := calendar.ParseDate("2026-02-30"); err == nil {
		t.Fatal("30 February parsed")
	}
	a, b := calendar.NewDate(2026, 12, 30), calendar.NewDate(2027, 1, 2)
	if !a.Before(b) || !b.After(a) || a.DaysUntil(b) != 3 || b.DaysUntil(a) != -3 {
		t.Fatalf("comparisons of %s and %s wrong", a, b)
	}
	var s calendar.Date
	if err := s.Scan(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)); err != nil || s.String() != "2026-11-23" {
		t.Fatalf("scan: %v %s", err, s)
	}
	if v, _ := s.Value(); v != "2026-11-23" {
		t.Fatalf("value = %v", v)
	}
}

// A business date as the letters, exports and PDFs write it; anything that is no date as it came.
func TestDutchOf(t *testing.T) {
	for in, want := range map[string]string{"2026-11-03": "03-11-2026", "2026-02-30": "2026-02-30", "": "", "morgen": "morgen"} {
		if got := calendar.DutchOf(in); got != want {
			t.Errorf("DutchOf(%q) = %q, want %q", in, got, want)
		}
	}
}
