package aanmeldingen

import (
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Endpoints collects the service's go-kit endpoints.
type Endpoints struct {
	Submit endpoint.Endpoint
}

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{Submit: httpapi.Typed(s.Submit)}
}

// LogAttrs keeps the stored application's id; the applicant's personal data is never logged.
func (r Result) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("id", r.ID)} }
