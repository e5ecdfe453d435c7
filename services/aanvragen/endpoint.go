package aanvragen

import (
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Endpoints collects the service's go-kit endpoints.
type Endpoints struct {
	Submit, Towns, Categories endpoint.Endpoint
}

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		Submit:     httpapi.Typed(s.Submit),
		Towns:      httpapi.Typed(s.Towns),
		Categories: httpapi.Typed(s.Categories),
	}
}

// LogAttrs keeps the category of a request; its name, address and phone are never logged.
func (a Aanvraag) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("categorie", a.Categorie)} }

// LogAttrs keeps the stored request's id and whether a confirmation follows.
func (r Result) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("id", r.ID), slog.Bool("email", r.EmailVerstuurd)}
}
