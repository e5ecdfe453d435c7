package calendar

import "fmt"

// PreviousMonth is the first day of the month before d's: the month that the monthly drafts
// (the klussers' statements, the franchise fees) draw up from the 1st on.
func (d Date) PreviousMonth() Date { return d.MonthStart().AddDays(-1).MonthStart() }

// monthNames are the months as Dutch documents write them.
var monthNames = [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
	"september", "oktober", "november", "december"}

// MonthInWords is d's month as the statements, the fee invoices and their bank transfers name it:
// "maart 2026".
func (d Date) MonthInWords() string { return fmt.Sprintf("%s %d", monthNames[d.Month-1], d.Year) }
