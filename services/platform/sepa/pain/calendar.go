package pain

import "time"

// SEPA credit transfers settle on TARGET2 business days only; the requested execution date of
// a batch is chosen among them so the klussers' money moves on the day the statement promises.

// NextWorkingDay returns the first TARGET2 business day strictly after the calendar date of d,
// as midnight UTC. Only d's date counts (in d's own location), never its clock time, so a
// payout prepared late in the evening in Amsterdam is not moved a day by a zone conversion.
func NextWorkingDay(d time.Time) time.Time {
	y, m, day := d.Date()
	next := time.Date(y, m, day+1, 0, 0, 0, 0, time.UTC)
	for !IsWorkingDay(next) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

// IsWorkingDay reports whether the calendar date of d is a TARGET2 business day: not a
// Saturday or Sunday, nor 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December (the
// TARGET2 closing days; Dutch public holidays such as King's Day do not close it).
func IsWorkingDay(d time.Time) bool {
	y, m, day := d.Date()
	date := time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
	switch date.Weekday() {
	case time.Saturday, time.Sunday:
		return false
	}
	switch {
	case m == time.January && day == 1,
		m == time.May && day == 1,
		m == time.December && (day == 25 || day == 26):
		return false
	}
	easter := Easter(y)
	return !date.Equal(easter.AddDate(0, 0, -2)) && !date.Equal(easter.AddDate(0, 0, 1))
}

// Easter returns Easter Sunday of year y in the Gregorian calendar (midnight UTC), by the
// anonymous Gregorian algorithm (Meeus/Jones/Butcher), which holds for every year from 1583.
func Easter(y int) time.Time {
	a := y % 19
	b, c := y/100, y%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return time.Date(y, time.Month(month), day, 0, 0, 0, 0, time.UTC)
}
