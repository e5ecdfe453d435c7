package aanmaning

import (
	"time"

	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The terms of D30, in days.
const (
	// HerinneringNa: the friendly reminder goes out this many days after the due date.
	HerinneringNa = 7
	// BriefNa: the 14-dagenbrief follows the reminder after this many days, if still open.
	BriefNa = 14
	// Betaaltermijn: the 14-dagenbrief's term, counted from the day after receipt.
	Betaaltermijn = 14
)

// Ontvangst is the day the customer is taken to receive a letter made on verzonden. An e-mail
// arrives the day it is sent (the run sends from SendFrom in the morning, so the same day). A
// letter by post is printed and posted by the office on the day it is made, and PostNL delivers
// letters from Tuesday to Saturday: it arrives the next delivery day. A letter posted later than
// that would arrive later than its stated date; the letter therefore also says the rule in words
// ("vanaf de dag na ontvangst"), which is what the term legally is.
func Ontvangst(verzonden calendar.Date, perPost bool) calendar.Date {
	if !perPost {
		return verzonden
	}
	d := verzonden.AddDays(1)
	for d.Weekday() == time.Sunday || d.Weekday() == time.Monday {
		d = d.AddDays(1)
	}
	return d
}

// TermijnTot is the last day to pay after a 14-dagenbrief made on verzonden: 14 days counted from
// the day after receipt, so the 14th day after the day of receipt.
func TermijnTot(verzonden calendar.Date, perPost bool) calendar.Date {
	return Ontvangst(verzonden, perPost).AddDays(Betaaltermijn)
}
