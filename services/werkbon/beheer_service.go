package werkbon

// The back office's work order overview (document 001 section 2, Work orders overview): the list
// with its cards (total, signed, unsigned), search, klusser and signed filters (D25), and one work
// order in full: materials, photos as authorized downloads (D6), ratings and the signature.
// Admins only (policy: werkbonnen read).

import (
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/listing"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
)

// BeheerService is the work order overview: a page of work orders (ListItem, newest first unless
// p sorts otherwise), the cards' counts of all, signed and unsigned work orders under p's filters
// but ondertekend, and one work order in full (One). It has no rule beyond its SQL and row-level
// security, so its store (beheer_store.go) serves it as it is.
type BeheerService interface {
	listing.Overview[ListItem, CountsAnswer, One]
}

// ListItem is a row of the overview.
type ListItem struct {
	ID                uuid.UUID  `json:"id"`
	KlusID            uuid.UUID  `json:"klus_id"`
	KlusserID         uuid.UUID  `json:"klusser_id"`
	Klusser           string     `json:"klusser" doc:"naam van de klusser"`
	Status            string     `json:"status" doc:"running of completed"`
	CreatedAt         time.Time  `json:"created_at"`
	StartTijd         *time.Time `json:"start_tijd"`
	EindTijd          *time.Time `json:"eind_tijd"`
	Uren              *int       `json:"uren"`
	Ondertekend       bool       `json:"ondertekend" doc:"de werkbon heeft een handtekening"`
	Datum             string     `json:"datum" doc:"datum van de klus"`
	Beschrijving      string     `json:"beschrijving"`
	Woonplaats        string     `json:"woonplaats"`
	Klant             string     `json:"klant" doc:"naam of e-mailadres van de klant"`
	TevredenheidScore *int       `json:"tevredenheid_score" doc:"van 10"`
	RatingAlgemeen    *int       `json:"rating_algemeen" doc:"1 tot 5 sterren"`
	MateriaalCents    int        `json:"materiaal_cents"`
	FactuurID         *uuid.UUID `json:"factuur_id"`
}

// LogAttrs keeps the ids.
func (w ListItem) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("werkbon_id", w.ID), slog.Any("klus_id", w.KlusID)}
}

// Detail is one work order in full.
type Detail struct {
	ListItem
	Opmerkingen          string            `json:"opmerkingen"`
	NotesInternal        string            `json:"notes_internal"`
	KlantTevreden        *bool             `json:"klant_tevreden"`
	NetjesOpgeruimd      *bool             `json:"netjes_opgeruimd"`
	ZouAanbevelen        *bool             `json:"zou_aanbevelen"`
	Ratings              *Ratings          `json:"ratings"`
	Handtekening         *string           `json:"handtekening" doc:"PNG als data-URL, of leeg"`
	Materialen           []BeheerMateriaal `json:"materialen"`
	MateriaalTotaalCents int               `json:"materiaal_totaal_cents"`
	Fotos                []BeheerFoto      `json:"fotos"`
	Klus                 BeheerKlus        `json:"klus"`
	Factuur              *Factuur          `json:"factuur"`
}

// BeheerMateriaal is one material on the work order.
type BeheerMateriaal struct {
	ID           uuid.UUID `json:"id"`
	Omschrijving string    `json:"omschrijving"`
	BedragCents  int       `json:"bedrag_cents"`
}

// BeheerFoto is a photo of the work order; url is its authorized download (D6), audited there.
type BeheerFoto struct {
	ID          uuid.UUID `json:"id"`
	Type        string    `json:"type" doc:"before of after"`
	ContentType string    `json:"content_type"`
	CreatedAt   time.Time `json:"created_at"`
	URL         string    `json:"url"`
}

// BeheerKlus is the job of the work order, in short.
type BeheerKlus struct {
	ID           uuid.UUID `json:"id"`
	Beschrijving string    `json:"beschrijving"`
	Datum        string    `json:"datum"`
	Tijd         string    `json:"tijd"`
	Adres        string    `json:"adres"`
	Postcode     string    `json:"postcode"`
	Woonplaats   string    `json:"woonplaats"`
	Regio        string    `json:"regio"`
	Status       string    `json:"status"`
	Betaald      bool      `json:"betaald"`
}

// Factuur is the invoice of the work order's job, in short, as on the job's details.
type Factuur = klus.Factuur

// One is a work order as one record.
type One = httpapi.One[Detail]

// Counts are the overview's three cards.
type Counts struct {
	Totaal          int `json:"totaal"`
	Ondertekend     int `json:"ondertekend"`
	NietOndertekend int `json:"niet_ondertekend"`
}

// CountsAnswer wraps the counts as one record.
type CountsAnswer = httpapi.One[Counts]

// PhotoURL is where the console downloads a work order photo (services/platform/files).
func PhotoURL(id uuid.UUID) string { return "/api/v1/werkbon-fotos/" + id.String() }

// ErrWerkbonNotFound: no such work order (the photos' routes answer the same).
var ErrWerkbonNotFound = notfound.Werkbon
