package aanmaning

import (
	"strings"

	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Templates are the e-mails of the steps (jobs/email/templates): the step's event soort to the
// template's name. The database admits each only from the system actor, to the invoice's own
// customer, in the transaction that records the step (tenants/schema/river_access.sql).
var Templates = map[string]string{
	SoortHerinnering: "betalingsherinnering",
	SoortBrief:       "veertiendagenbrief",
}

// MailArgs is the e-mail of letter b about invoice f, to the invoice's customer: the amounts as
// the letter states them, the issuing business's account and the invoice number as reference,
// and the customer's status link when the invoice is of a job (D24).
func MailArgs(f factuur.Factuur, b Brief) email.Args {
	data := map[string]string{
		"naam":          naam(f),
		"factuurnummer": f.Factuurnummer,
		"factuurdatum":  calendar.DutchOf(f.Datum),
		"open":          factuur.Euro(b.OpenCents),
		"iban":          f.Uitgever.IBAN,
		"uitgever":      f.Uitgever.Naam,
	}
	if betaald := int64(f.TotaalCents) - b.OpenCents; betaald > 0 {
		// Part paid: the letter says what was paid, so the smaller amount asked is no puzzle.
		data["totaal"], data["betaald"] = factuur.Euro(f.TotaalCents), factuur.Euro(betaald)
	}
	if f.KlusID != nil {
		data[email.StatusKlus] = f.KlusID.String()
	}
	switch b.Soort {
	case SoortHerinnering:
		data["vervaldatum"] = calendar.DutchOf(f.Vervaldatum)
	case SoortBrief:
		data["incassokosten"] = factuur.Euro(b.IncassokostenCents)
		data["totaal_met_kosten"] = factuur.Euro(b.OpenCents + b.IncassokostenCents)
		data["termijn_tot"] = b.TermijnTot.Dutch()
	}
	return email.Args{Template: Templates[b.Soort], To: f.Klant.Email, Data: data}
}

// naam is how the letters address the customer; an invoice without a name says "klant".
func naam(f factuur.Factuur) string {
	if n := strings.TrimSpace(f.Klant.Naam); n != "" {
		return n
	}
	return "klant"
}
