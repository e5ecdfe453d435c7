package settings

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// The requests and answers of the routes (transport.go), and the endpoint of the one method that
// takes no request.

func makeGetRegioEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (RegioOne, error) { return s.GetRegio(ctx) })
}

// One is the settings as one record; its log line keeps nothing (Settings has no LogAttrs).
type One = httpapi.One[Settings]

// Saved answers a save with the message of document 001 section 8; it logs nothing either.
type Saved = httpapi.Changed[Settings]

// Form is the admin's form.
type Form struct {
	SupportPhoneDefault string      `json:"support_phone_default"`
	Regios              []RegioForm `json:"regios,omitempty"`
}

// RegioForm is one region's part of either form.
type RegioForm struct {
	Regio        string `json:"regio"`
	SupportPhone string `json:"support_phone"`
	SupportEmail string `json:"support_email"`
}

// UpdateRequest is the record's id and the form.
type UpdateRequest struct {
	ID string
	Form
}

// LogAttrs keeps how many regions were sent.
func (r UpdateRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("regios", len(r.Regios))} }

// LogAttrs keeps the number of regions.
func (r RegioSettings) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("regios", len(r.Regios))} }

// RegioOne is the answer of GET /api/v1/regio-instellingen.
type RegioOne = httpapi.One[RegioSettings]

// RegioSaved is a save's answer with the message of section 8.
type RegioSaved = httpapi.Changed[RegioSettings]

// RegiosForm is the franchise owner's form: the regions to change (a region left out stays
// as it is).
type RegiosForm struct {
	Regios []RegioForm `json:"regios"`
}

// LogAttrs keeps how many regions were sent.
func (w RegiosForm) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("regios", len(w.Regios))}
}
