// Package calendar is the product's one calendar. A business date — today, this week, this month,
// the invoice year — is a date in Europe/Amsterdam, wherever the server or the test runs: a job
// asked for "today" at 00:30 in Voorburg is today's job even when the machine's clock says 23:30
// UTC of the day before. No code reads the machine's local zone for a business date; it asks this
// package, with a clock that tests can fix.
package calendar

import (
	"database/sql/driver"
	"fmt"
	"time"
	// The zone database is compiled in: a server image without /usr/share/zoneinfo must not fall
	// back to UTC and move every business date by an hour or two.
	_ "time/tzdata"
)

// ZoneName is the zone of every business date. PostgreSQL sessions use it too (tenants.Open sets
// it as the connection's TimeZone), so current_date and ::date casts in SQL agree with Go.
const ZoneName = "Europe/Amsterdam"

// Zone is Europe/Amsterdam.
var Zone = mustLoad(ZoneName)

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(fmt.Sprintf("calendar: load %s: %v", name, err)) // cannot happen: tzdata is embedded
	}
	return loc
}

// Clock tells the current instant. Production uses System; tests pass a fixed one.
type Clock func() time.Time

// System is the real clock.
var System Clock = time.Now

// Fixed returns a clock that always tells t.
func Fixed(t time.Time) Clock { return func() time.Time { return t } }

// OrSystem is c, or the real clock when c is nil: the workers' Clock field is left nil in
// production and set by tests.
func (c Clock) OrSystem() Clock {
	if c == nil {
		return System
	}
	return c
}

// Date is a calendar date without a time or zone: a job's date, an invoice date, a day of a report.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf is the Dutch date of instant t.
func DateOf(t time.Time) Date {
	y, m, d := t.In(Zone).Date()
	return Date{y, m, d}
}

// Today is the Dutch date now.
func (c Clock) Today() Date { return DateOf(c()) }

// InvoiceYear is the calendar year in which an invoice made now is numbered (D8).
func (c Clock) InvoiceYear() int { return c.Today().Year }

// ParseDate reads an ISO date (2006-01-02).
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, err
	}
	return dateOfCivil(t), nil
}

// NewDate returns the date; out-of-range days and months normalise as in time.Date.
func NewDate(year int, month time.Month, day int) Date {
	return dateOfCivil(time.Date(year, month, day, 0, 0, 0, 0, time.UTC))
}

// dateOfCivil reads the date of a time whose wall clock is the date itself (UTC midnight, as
// time.Parse and pgx return dates).
func dateOfCivil(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// civil is the date as UTC midnight, for arithmetic that must not see a daylight-saving change.
func (d Date) civil() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// String is the ISO form, 2006-01-02, as the API and SQL use it.
func (d Date) String() string { return d.civil().Format(time.DateOnly) }

// Dutch is the form of Dutch documents and exports, 02-01-2006.
func (d Date) Dutch() string { return d.civil().Format("02-01-2006") }

// IsZero tells whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// AddDays returns the date n days later (earlier when n < 0).
func (d Date) AddDays(n int) Date { return dateOfCivil(d.civil().AddDate(0, 0, n)) }

// AddYears returns the same day n years later; 29 February becomes 1 March in a common year.
func (d Date) AddYears(n int) Date { return dateOfCivil(d.civil().AddDate(n, 0, 0)) }

// Weekday is the day of the week of d.
func (d Date) Weekday() time.Weekday { return d.civil().Weekday() }

// WeekStart is the Monday of d's week: Dutch weeks start on Monday.
func (d Date) WeekStart() Date {
	back := (int(d.Weekday()) + 6) % 7 // Monday 0 ... Sunday 6
	return d.AddDays(-back)
}

// MonthStart is the first day of d's month.
func (d Date) MonthStart() Date { return Date{d.Year, d.Month, 1} }

// Before tells whether d is earlier than e.
func (d Date) Before(e Date) bool { return d.civil().Before(e.civil()) }

// After tells whether d is later than e.
func (d Date) After(e Date) bool { return d.civil().After(e.civil()) }

// DaysUntil is the number of days from d to e (negative when e is earlier).
func (d Date) DaysUntil(e Date) int { return int(e.civil().Sub(d.civil()).Hours() / 24) }

// Start is the first instant of d in the Netherlands (00:00 Amsterdam time), for timestamp ranges
// such as "made today": [d.Start(), d.AddDays(1).Start()).
func (d Date) Start() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, Zone) }

// At is the instant of clock time hh:mm on d in the Netherlands.
func (d Date) At(hour, minute int) time.Time {
	return time.Date(d.Year, d.Month, d.Day, hour, minute, 0, 0, Zone)
}

// Value lets a Date be a SQL parameter (sent as the ISO text, read by PostgreSQL as a date).
func (d Date) Value() (driver.Value, error) { return d.String(), nil }

// Scan reads a SQL date.
func (d *Date) Scan(src any) error {
	switch v := src.(type) {
	case time.Time:
		*d = dateOfCivil(v)
		return nil
	case string:
		p, err := ParseDate(v)
		*d = p
		return err
	case nil:
		*d = Date{}
		return nil
	}
	return fmt.Errorf("calendar: cannot scan %T into a Date", src)
}
