// Package werkbon is the work order domain (document 001 sections 2 Work order, Work orders
// overview and 4):
//   - service.go, store.go, transport.go: the work order on site: a klusser opens the work order
//     of its planned job, starts the timer, logs materials and notes, and completes it with the
//     customer's ratings and signature, which bills the job (package factuur makes the invoice's
//     PDF). Every write may come from the phone's offline queue (D23): it carries an id made on
//     the phone and is applied once however often it arrives.
//   - beheer_*.go: the back office's overview of every work order, and one in full.
//   - uren_export.go: the hours export of the reports page (an exports.Kind).
package werkbon

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/png"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Werkbon is a work order as the klusser's phone shows it.
type Werkbon struct {
	ID     uuid.UUID `json:"id"`
	KlusID uuid.UUID `json:"klus_id"`
	Status string    `json:"status" doc:"running of completed"`
	// StartTijd is the timer's start as the server stored it; the phone restores the timer from it.
	StartTijd *time.Time `json:"start_tijd"`
	StartBron string     `json:"start_bron" doc:"server, of telefoon bij een start die offline werd gemaakt (D23)"`
	EindTijd  *time.Time `json:"eind_tijd"`
	Uren      *int       `json:"uren" doc:"gewerkte uren, naar boven afgerond (D7); gezet bij afronden"`
	// Opmerkingen are the notes typed on site (autosaved) and kept with the completion.
	Opmerkingen    string      `json:"opmerkingen"`
	Beoordeling    *Ratings    `json:"beoordeling"`
	Ondertekend    bool        `json:"ondertekend"`
	Materialen     []Materiaal `json:"materialen"`
	MateriaalCents int         `json:"materiaal_cents"`
	Fotos          []Foto      `json:"fotos"`
	UurtariefCents int         `json:"uurtarief_cents"`
	// VastePrijs is the customer's accepted quote (docs/decisions.md D26, D33): the job's price, so
	// the work order shows it instead of hourly labour; the timer still counts the klusser's hours.
	VastePrijs *klus.VastePrijs `json:"vaste_prijs" doc:"de vaste prijs uit de geaccepteerde offerte; null zonder geaccepteerde offerte"`
	// VerdienstePerUurCents is what the klusser earns per worked hour (D7), whatever the price.
	VerdienstePerUurCents int        `json:"verdienste_per_uur_cents" doc:"wat de klusser per gewerkt uur verdient, in centen"`
	FactuurID             *uuid.UUID `json:"factuur_id"`
	Klus                  Klus       `json:"klus"`
	Klant                 Klant      `json:"klant"`
}

// Klus is what the work order shows of its job.
type Klus struct {
	Status            string     `json:"status"`
	Categorie         string     `json:"categorie" doc:"label van de categorie"`
	Beschrijving      string     `json:"beschrijving"`
	Datum             string     `json:"datum" doc:"JJJJ-MM-DD"`
	Tijd              string     `json:"tijd"`
	GeplandeStartTijd *time.Time `json:"geplande_start_tijd"`
	Adres             string     `json:"adres"`
	Postcode          string     `json:"postcode"`
	Woonplaats        string     `json:"woonplaats"`
}

// Klant is the customer card: a name and a phone to call.
type Klant struct {
	Naam     string `json:"naam"`
	Telefoon string `json:"telefoon"`
}

// Materiaal is one material line (document 001 section 5: a name and an amount above 0).
type Materiaal struct {
	ID           uuid.UUID  `json:"id"`
	ClientID     *uuid.UUID `json:"client_id"`
	Omschrijving string     `json:"omschrijving"`
	BedragCents  int        `json:"bedrag_cents"`
}

// Foto is a before or after photo, served after authorization (D6).
type Foto struct {
	ID       uuid.UUID  `json:"id"`
	ClientID *uuid.UUID `json:"client_id"`
	Type     string     `json:"type" doc:"before of after"`
	URL      string     `json:"url"`
}

// Ratings are the customer's four 1-5 star ratings.
type Ratings struct {
	Algemeen        int `json:"algemeen"`
	Netheid         int `json:"netheid"`
	Vriendelijkheid int `json:"vriendelijkheid"`
	Vakmanschap     int `json:"vakmanschap"`
}

// Start starts the timer. TelefoonTijd is only sent by the offline queue (D23): the moment the
// klusser pressed start without a connection. Online the server's clock rules (D7).
type Start struct {
	ClientID     uuid.UUID  `json:"client_id"`
	TelefoonTijd *time.Time `json:"telefoon_tijd,omitempty"`
}

// MateriaalForm adds a material line.
type MateriaalForm struct {
	ClientID     uuid.UUID `json:"client_id"`
	Omschrijving string    `json:"omschrijving" maxLength:"200" msg:"De omschrijving is te lang (hoogstens 200 tekens)."`
	BedragCents  int       `json:"bedrag_cents"`
}

// Notities replaces the notes (the autosave, 3 seconds after typing stops).
type Notities struct {
	ClientID    uuid.UUID `json:"client_id"`
	Opmerkingen string    `json:"opmerkingen" text:"multiline" maxLength:"5000" msg:"De notities zijn te lang (hoogstens 5000 tekens)."`
}

// Afronden completes the work order. Uren and EindTijd are accepted and ignored: the hours are
// always those of the server's timer (D7), never a number the phone sends.
type Afronden struct {
	ClientID     uuid.UUID  `json:"client_id"`
	Beoordeling  Ratings    `json:"beoordeling"`
	Opmerkingen  string     `json:"opmerkingen" text:"multiline" maxLength:"5000" msg:"De notities zijn te lang (hoogstens 5000 tekens)."`
	Handtekening string     `json:"handtekening" maxLength:"1048576" doc:"PNG als data-URL (data:image/png;base64,...) van het tekenvlak van 600x120"`
	TelefoonTijd *time.Time `json:"telefoon_tijd,omitempty" doc:"alleen vanuit de offline wachtrij (D23)"`
	Uren         *int       `json:"uren,omitempty" doc:"genegeerd: de server rekent de uren (D7)"`
	EindTijd     *time.Time `json:"eind_tijd,omitempty" doc:"genegeerd: de server zet de eindtijd (D7)"`
}

// Afronding is the answer to a completion: the closed work order and its invoice.
type Afronding struct {
	FactuurID uuid.UUID `json:"factuur_id"`
	Werkbon   Werkbon   `json:"werkbon"`
}

// The limits of what the phone may send.
const (
	MaxOmschrijving = 200
	MaxBedragCents  = 10_000_000 // € 100.000: no material line is more; a typo is
	MaxOpmerkingen  = 5000
	MaxHandtekening = 512 << 10 // a 600x120 PNG is a few kB; a canvas scaled up stays well below
	signaturePrefix = "data:image/png;base64,"
	phoneTimeLeeway = time.Minute
)

// Errors (document 001 section 8 where it has the words).
var (
	ErrNotFound      = notfound.Klus
	ErrNoWerkbon     = domainerr.Conflict("not_planned", "Plan de klus eerst; daarna opent de werkbon.")
	ErrClosed        = domainerr.Conflict("werkbon_closed", "Deze werkbon is afgesloten en kan niet meer worden gewijzigd.")
	ErrNotStarted    = domainerr.Conflict("timer_not_started", "Start eerst de timer")
	ErrMaterial      = domainerr.InvalidField("invalid_material", "Vul materiaal naam en bedrag in", "omschrijving")
	ErrRatings       = domainerr.InvalidField("invalid_ratings", "Vul alle beoordelingen in", "beoordeling")
	ErrSignature     = domainerr.InvalidField("signature_required", "Handtekening is verplicht", "handtekening")
	ErrPhoneTime     = domainerr.InvalidField("invalid_phone_time", "De tijd van de telefoon ligt voor het oppakken van de klus of in de toekomst. Controleer de klok van de telefoon.", "telefoon_tijd")
	ErrNotesTooLong  = domainerr.InvalidField("notes_too_long", "De notities zijn te lang (hoogstens 5000 tekens).", "opmerkingen")
	ErrMissingClient = domainerr.InvalidField("client_id_required", "Deze wijziging mist haar id (client_id).", "client_id")
)

// Service is the work order use-case.
type Service interface {
	Open(ctx context.Context, klusID uuid.UUID) (Werkbon, error)
	Start(ctx context.Context, id uuid.UUID, in Start) (Werkbon, error)
	AddMateriaal(ctx context.Context, id uuid.UUID, in MateriaalForm) (Werkbon, error)
	RemoveMateriaal(ctx context.Context, id, itemID uuid.UUID) (Werkbon, error)
	SetNotities(ctx context.Context, id uuid.UUID, in Notities) (Werkbon, error)
	Afronden(ctx context.Context, id uuid.UUID, in Afronden) (Afronding, error)
}

// Store is the SQL of the service (store.go). Every method runs in one transaction as the klusser.
type Store interface {
	Open(ctx context.Context, klusID uuid.UUID) (Werkbon, error)
	Start(ctx context.Context, id uuid.UUID, phoneTime *time.Time) (Werkbon, error)
	AddMateriaal(ctx context.Context, id uuid.UUID, in MateriaalForm) (Werkbon, error)
	RemoveMateriaal(ctx context.Context, id, itemID uuid.UUID) (Werkbon, error)
	SetNotities(ctx context.Context, id uuid.UUID, notes string) (Werkbon, error)
	Afronden(ctx context.Context, id uuid.UUID, in Afronden, signature []byte, phoneTime *time.Time) (Afronding, error)
}

type service struct{ store Store }

// NewService returns the work order use-case on store.
func NewService(store Store) Service { return &service{store: store} }

func (s *service) Open(ctx context.Context, klusID uuid.UUID) (Werkbon, error) {
	return s.store.Open(ctx, klusID)
}

func (s *service) Start(ctx context.Context, id uuid.UUID, in Start) (Werkbon, error) {
	if in.ClientID == uuid.Nil {
		return Werkbon{}, ErrMissingClient
	}
	return s.store.Start(ctx, id, in.TelefoonTijd)
}

func (s *service) AddMateriaal(ctx context.Context, id uuid.UUID, in MateriaalForm) (Werkbon, error) {
	if in.ClientID == uuid.Nil {
		return Werkbon{}, ErrMissingClient
	}
	in.Omschrijving = strings.TrimSpace(in.Omschrijving)
	if in.Omschrijving == "" || utf8.RuneCountInString(in.Omschrijving) > MaxOmschrijving ||
		in.BedragCents <= 0 || in.BedragCents > MaxBedragCents {
		return Werkbon{}, ErrMaterial
	}
	return s.store.AddMateriaal(ctx, id, in)
}

func (s *service) RemoveMateriaal(ctx context.Context, id, itemID uuid.UUID) (Werkbon, error) {
	return s.store.RemoveMateriaal(ctx, id, itemID)
}

func (s *service) SetNotities(ctx context.Context, id uuid.UUID, in Notities) (Werkbon, error) {
	if utf8.RuneCountInString(in.Opmerkingen) > MaxOpmerkingen {
		return Werkbon{}, ErrNotesTooLong
	}
	return s.store.SetNotities(ctx, id, in.Opmerkingen)
}

func (s *service) Afronden(ctx context.Context, id uuid.UUID, in Afronden) (Afronding, error) {
	if in.ClientID == uuid.Nil {
		return Afronding{}, ErrMissingClient
	}
	for _, r := range []int{in.Beoordeling.Algemeen, in.Beoordeling.Netheid, in.Beoordeling.Vriendelijkheid, in.Beoordeling.Vakmanschap} {
		if r < 1 || r > 5 {
			return Afronding{}, ErrRatings
		}
	}
	if utf8.RuneCountInString(in.Opmerkingen) > MaxOpmerkingen {
		return Afronding{}, ErrNotesTooLong
	}
	signature, err := DecodeSignature(in.Handtekening)
	if err != nil {
		return Afronding{}, err
	}
	// D7: whatever hours or end time the phone sends, the server's clock decides.
	in.Uren, in.EindTijd = nil, nil
	return s.store.Afronden(ctx, id, in, signature, in.TelefoonTijd)
}

// DecodeSignature checks the drawn signature: a PNG data URL with a real PNG in it.
func DecodeSignature(dataURL string) ([]byte, error) {
	if !strings.HasPrefix(dataURL, signaturePrefix) || len(dataURL) > MaxHandtekening*4/3+len(signaturePrefix) {
		return nil, ErrSignature
	}
	data, err := decodeBase64(dataURL[len(signaturePrefix):])
	if err != nil || len(data) == 0 {
		return nil, ErrSignature
	}
	// A real PNG of a sensible size, not any bytes behind the right prefix.
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width < 10 || cfg.Height < 10 || cfg.Width > 4000 || cfg.Height > 2000 {
		return nil, ErrSignature
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil || blank(img) {
		return nil, ErrSignature // an empty canvas is no signature (document 001 section 5)
	}
	return data, nil
}

// blank reports whether an image has no drawn pixel: every pixel transparent or white.
func blank(img image.Image) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if a > 0x1000 && (r < 0xf000 || g < 0xf000 || bl < 0xf000) {
				return false
			}
		}
	}
	return true
}

func decodeBase64(s string) ([]byte, error) { return base64.StdEncoding.DecodeString(s) }
