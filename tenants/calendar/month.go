package calendar

// PreviousMonth is the first day of the month before d's: the month that the monthly drafts
// (the klussers' statements, the franchise fees) draw up from the 1st on.
func (d Date) PreviousMonth() Date { return d.MonthStart().AddDays(-1).MonthStart() }
