package calendar

// DutchOf writes an ISO date (2006-01-02, as the answers carry a date) in the form of Dutch
// documents, 02-01-2006, and anything else as it is: the invoice, its timeline and the dunning
// letters print the dates of an invoice so.
func DutchOf(iso string) string {
	if d, err := ParseDate(iso); err == nil {
		return d.Dutch()
	}
	return iso
}
