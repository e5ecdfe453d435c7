// Package offerte is the fixed-price quote (docs/decisions.md, D26). Admins, and franchise owners
// for the jobs of their regions, write a quote on a job: labour as a fixed price or hours at the
// job's rate, material lines, 21 % VAT, a total and a validity date (30 days unless chosen). The
// quote has one number per job (O2026-0001) and versions: the latest version is a concept until
// 'Offerte versturen' e-mails the customer its PDF and the status link; a change after sending is
// a new version. The customer decides on the latest sent version on the status page (package
// status); the database keeps the rules (migration 034).
package offerte

import (
	"log/slog"
	"math"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// GeldigDagen is the default validity of a quote.
const GeldigDagen = 30

// The states of a version. Verlopen is not stored: a sent version past its validity date.
const (
	Concept     = "concept"
	Verstuurd   = "verstuurd"
	Akkoord     = "akkoord"
	NietAkkoord = "niet_akkoord"
	Verlopen    = "verlopen"
)

// Materiaal is a material line as written.
type Materiaal struct {
	Omschrijving string `json:"omschrijving"`
	Aantal       int    `json:"aantal" doc:"hele stuks, 1 tot 999"`
	PrijsCents   int    `json:"prijs_cents" doc:"prijs per stuk in centen, excl. btw"`
}

// Regel is a line as the customer reads it: what, how many, at what price, for what amount.
type Regel struct {
	Omschrijving string  `json:"omschrijving"`
	Aantal       float64 `json:"aantal"`
	Eenheid      string  `json:"eenheid" doc:"uur, vaste prijs of stuk"`
	PrijsCents   int     `json:"prijs_cents"`
	BedragCents  int     `json:"bedrag_cents"`
}

// Bedragen are a quote's amounts, in cents (excl. VAT unless named).
type Bedragen struct {
	ArbeidCents    int `json:"arbeid_cents"`
	MateriaalCents int `json:"materiaal_cents"`
	SubtotaalCents int `json:"subtotaal_cents"`
	BTWCents       int `json:"btw_cents"`
	TotaalCents    int `json:"totaal_cents" doc:"incl. btw"`
}

// Inhoud is what a version says: the labour, the materials and the validity.
type Inhoud struct {
	ArbeidWijze        string      `json:"arbeid_wijze" doc:"vast of uren"`
	ArbeidOmschrijving string      `json:"arbeid_omschrijving"`
	ArbeidUren         *float64    `json:"arbeid_uren" doc:"bij uren: het aantal uren, in halve uren"`
	UurtariefCents     int         `json:"uurtarief_cents" doc:"het uurtarief van de klus"`
	Materialen         []Materiaal `json:"materialen"`
	GeldigTot          string      `json:"geldig_tot" doc:"JJJJ-MM-DD, tot en met"`
	Bedragen
}

// Reken computes the amounts: labour (the fixed price, or hours × rate rounded to the cent),
// materials (quantity × unit price), 21 % VAT rounded to the cent, halves up (as the database's
// check, round(subtotal × 0.21)), and the total.
func (in *Inhoud) Reken(vastCents int) {
	b := Bedragen{ArbeidCents: vastCents}
	if in.ArbeidWijze == "uren" && in.ArbeidUren != nil {
		b.ArbeidCents = int(math.Round(*in.ArbeidUren * float64(in.UurtariefCents)))
	}
	for _, m := range in.Materialen {
		b.MateriaalCents += m.Aantal * m.PrijsCents
	}
	b.SubtotaalCents = b.ArbeidCents + b.MateriaalCents
	b.BTWCents = factuur.VAT(b.SubtotaalCents)
	b.TotaalCents = b.SubtotaalCents + b.BTWCents
	in.Bedragen = b
}

// Regels are the lines, as the PDF, the status page and the invoice (offerte_regels) list them.
func (in Inhoud) Regels() []Regel {
	out := make([]Regel, 0, 1+len(in.Materialen))
	if in.ArbeidWijze == "uren" && in.ArbeidUren != nil {
		out = append(out, Regel{Omschrijving: in.ArbeidOmschrijving, Aantal: *in.ArbeidUren, Eenheid: "uur",
			PrijsCents: in.UurtariefCents, BedragCents: in.ArbeidCents})
	} else {
		out = append(out, Regel{Omschrijving: in.ArbeidOmschrijving, Aantal: 1, Eenheid: "vaste prijs",
			PrijsCents: in.ArbeidCents, BedragCents: in.ArbeidCents})
	}
	for _, m := range in.Materialen {
		out = append(out, Regel{Omschrijving: m.Omschrijving, Aantal: float64(m.Aantal), Eenheid: "stuk",
			PrijsCents: m.PrijsCents, BedragCents: m.Aantal * m.PrijsCents})
	}
	return out
}

// Offerte is the latest version of a job's quote, as the office sees it.
type Offerte struct {
	ID     uuid.UUID `json:"id"`
	KlusID uuid.UUID `json:"klus_id"`
	Nummer string    `json:"nummer" doc:"O<jaar>-<nnnn>, één nummer per klus"`
	Versie int       `json:"versie"`
	// Status is concept, verstuurd, akkoord, niet_akkoord, or verlopen (sent, past its date).
	Status string `json:"status"`
	Inhoud
	Regels      []Regel    `json:"regels"`
	VerstuurdOp *time.Time `json:"verstuurd_op"`
	BeslistOp   *time.Time `json:"beslist_op"`
	Reden       string     `json:"reden" doc:"de reden van de klant bij niet akkoord"`
	Eerdere     []Versie   `json:"eerdere" doc:"de eerdere versies, nieuwste eerst"`
}

// Versie is an earlier version in brief.
type Versie struct {
	Versie      int        `json:"versie"`
	Status      string     `json:"status"`
	TotaalCents int        `json:"totaal_cents"`
	VerstuurdOp *time.Time `json:"verstuurd_op"`
	BeslistOp   *time.Time `json:"beslist_op"`
}

// LogAttrs names the job and version.
func (o Offerte) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klus_id", o.KlusID), slog.Int("versie", o.Versie), slog.String("status", o.Status)}
}

// Stand is a stored status as of today: a sent version past its validity date has expired.
func Stand(status string, geldigTot string, today calendar.Date) string {
	if status != Verstuurd {
		return status
	}
	if d, err := calendar.ParseDate(geldigTot); err == nil && d.Before(today) {
		return Verlopen
	}
	return status
}

// Klantversie is the quote on the customer's status page: the latest sent version, its lines and
// total, and whether the customer can still decide on it.
type Klantversie struct {
	Nummer string  `json:"nummer"`
	Versie int     `json:"versie"`
	Status string  `json:"status" doc:"verstuurd, akkoord, niet_akkoord of verlopen"`
	Regels []Regel `json:"regels"`
	Bedragen
	GeldigTot string     `json:"geldig_tot"`
	BeslistOp *time.Time `json:"beslist_op"`
	Reden     string     `json:"reden"`
	// Beslisbaar: the customer may press 'Akkoord' or 'Niet akkoord' now.
	Beslisbaar bool `json:"beslisbaar"`
	// InBewerking: the office is writing a new version; this one can no longer be accepted.
	InBewerking bool `json:"in_bewerking"`
}
