package werkbon

import "github.com/klusmaat/klusmaat/services/factuur"

// Amounts are what an invoice bills, in cents (D7).
type Amounts struct {
	ArbeidCents    int
	MateriaalCents int
	SubtotaalCents int
	BTWCents       int
	TotaalCents    int
}

// Bill computes the invoice of a completed work order (D7): the hours (already rounded up) at the
// job's rate, plus the materials; 21 % VAT rounded to the cent, halves up (PostgreSQL's round, which
// the database's column rule checks against); the total.
func Bill(uren, rateCents, materialCents int) Amounts {
	a := Amounts{ArbeidCents: uren * rateCents, MateriaalCents: materialCents}
	a.SubtotaalCents = a.ArbeidCents + a.MateriaalCents
	a.BTWCents = factuur.VAT(a.SubtotaalCents)
	a.TotaalCents = a.SubtotaalCents + a.BTWCents
	return a
}
