// Package afdracht is the franchise fee (docs/decisions.md D32): the percentage per region that
// admins set, and after each month per franchise business its fee statement (the month's
// invoiced revenue excluding VAT, credits deducted, the invoices it counts) and the central
// business's invoice for the fee, e-mailed to the franchise owner and followed until paid as any
// invoice (services/betaling), without the consumer reminders.
package afdracht

import (
	"log/slog"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// DefaultPercentage is a region's fee without a setting of its own (D32).
const DefaultPercentage = "8.00"

// Percentage is a region's fee percentage.
type Percentage struct {
	Regio        string `json:"regio"`
	Naam         string `json:"naam"`
	EigenBedrijf bool   `json:"eigen_bedrijf" doc:"de regio is een eigen bedrijf en draagt af; anders factureert het centrale bedrijf zelf"`
	Percentage   string `json:"percentage" doc:"bijvoorbeeld 8.00"`
}

// Percentages are the regions' percentages (a setting per region, not a list to page through).
type Percentages struct {
	Regios []Percentage `json:"regios"`
}

// LogAttrs keeps the count.
func (p Percentages) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("regios", len(p.Regios))} }

// PercentagesAnswer is GET /api/v1/afdracht-percentages.
type PercentagesAnswer = httpapi.One[Percentages]

// PercentageRequest is PUT /api/v1/afdracht-percentages/{regio}.
type PercentageRequest struct {
	Regio      string `json:"-"`
	Percentage string `json:"percentage" doc:"0 tot en met 100, hoogstens twee decimalen, punt of komma"`
}

// LogAttrs keeps the region and the percentage.
func (p Percentage) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("regio", p.Regio), slog.String("percentage", p.Percentage)}
}

// PercentageAnswer is the answer of a change.
type PercentageAnswer = httpapi.Changed[Percentage]

// Afdracht is a month's fee statement of a franchise business.
type Afdracht struct {
	ID            uuid.UUID  `json:"id"`
	Uitgever      string     `json:"uitgever"`
	UitgeverNaam  string     `json:"uitgever_naam"`
	Regio         string     `json:"regio"`
	Maand         string     `json:"maand" doc:"JJJJ-MM-01"`
	OmzetCents    int        `json:"omzet_cents" doc:"gefactureerde omzet excl. btw, creditfacturen afgetrokken"`
	Percentage    string     `json:"percentage"`
	BedragCents   int        `json:"bedrag_cents" doc:"de afdracht excl. btw"`
	Facturen      []string   `json:"facturen" doc:"de facturen van de maand waarover is afgedragen"`
	FactuurID     *uuid.UUID `json:"factuur_id" doc:"de factuur van het centrale bedrijf voor deze afdracht"`
	Factuurnummer *string    `json:"factuurnummer"`
	FactuurStaat  *string    `json:"factuur_staat" doc:"open, deels_betaald, betaald, ..."`
	OpenCents     *int       `json:"open_cents"`
	TotaalCents   *int       `json:"totaal_cents" doc:"de factuur incl. 21% btw"`
	PDF           *string    `json:"pdf" doc:"de factuur als PDF"`
}

// LogAttrs keeps the ids and the amount.
func (a Afdracht) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("afdracht_id", a.ID), slog.String("uitgever", a.Uitgever), slog.Int("bedrag_cents", a.BedragCents)}
}

// AfdrachtAnswer is GET /api/v1/afdrachten/{id}.
type AfdrachtAnswer = httpapi.One[Afdracht]

var (
	// ErrNotFound: no such fee statement for this actor.
	ErrNotFound = domainerr.NotFound("afdracht_not_found", "Afdracht niet gevonden")
	// ErrRegio: no such region.
	ErrRegio = domainerr.NotFound("regio_not_found", "Regio niet gevonden")
	// ErrPercentage: not a percentage.
	ErrPercentage = domainerr.InvalidField("invalid_percentage", "Vul een percentage van 0 tot en met 100 in, bijvoorbeeld 8 of 7,5.", "percentage")
)

// MsgPercentage confirms a change.
const MsgPercentage = "Afdrachtpercentage opgeslagen"
