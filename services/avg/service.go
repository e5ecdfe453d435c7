// Package avg is the customer's rights under the AVG (GDPR): an admin exports
// everything the platform holds about a customer's e-mail address, or erases it, keeping only the
// issued invoices the law requires (D8, seven years). Both are recorded in the audit log (D22)
// under a hash of the address, so the log itself keeps no address.
package avg

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Archive is the export: a zip with gegevens.json and the files (invoice PDFs, photos, signatures).
type Archive struct {
	Name string
	Data []byte
}

// Erased says what the erase removed and what stayed, and why.
type Erased struct {
	Klussen         int    `json:"klussen" doc:"verwijderde klussen, met hun werkbonnen, materialen en foto's"`
	Emails          int    `json:"emails" doc:"verwijderde e-mails in de wachtrij en het verzendlogboek"`
	FacturenBewaard int    `json:"facturen_bewaard" doc:"facturen die blijven (wettelijke bewaarplicht)"`
	Toelichting     string `json:"toelichting"`
}

// Kept is the confirmation's explanation of what stays (shown before and after the erase).
const Kept = "Facturen blijven bewaard: de wet verplicht ons facturen zeven jaar te bewaren. Alle andere gegevens van deze klant worden gewist."

var (
	ErrNotFound = notfound.Klant
	ErrEmail    = domainerr.Invalid("invalid_email", "Vul een geldig e-mailadres in.", map[string]string{"email": "Vul een geldig e-mailadres in."})
)

// Store is the SQL of the service (store.go).
type Store interface {
	Export(ctx context.Context, email, subject string) (*Archive, error)
	Erase(ctx context.Context, email, subject string) (Erased, error)
}

// Service is the AVG use-case.
type Service interface {
	Export(ctx context.Context, email string) (*Archive, error)
	Erase(ctx context.Context, email string) (Erased, error)
}

type service struct{ store Store }

// NewService returns the AVG use-case on store.
func NewService(store Store) Service { return &service{store: store} }

// normal checks and lowers the address (the jobs keep it as typed, compared case-insensitively).
func normal(email string) (string, error) {
	e := validate.Errors{}
	s := e.Email("email", email)
	if s == "" || len(e) > 0 {
		return "", ErrEmail
	}
	return strings.ToLower(s), nil
}

// Subject is how the audit log names a customer: a hash of the address, never the address.
func Subject(email string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(email)))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func (s *service) Export(ctx context.Context, email string) (*Archive, error) {
	e, err := normal(email)
	if err != nil {
		return nil, err
	}
	return s.store.Export(ctx, e, Subject(e))
}

func (s *service) Erase(ctx context.Context, email string) (Erased, error) {
	e, err := normal(email)
	if err != nil {
		return Erased{}, err
	}
	return s.store.Erase(ctx, e, Subject(e))
}
