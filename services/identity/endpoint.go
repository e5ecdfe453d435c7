package identity

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Endpoints collects the identity service's go-kit endpoints.
type Endpoints struct {
	Me endpoint.Endpoint
}

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{Me: httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (Me, error) { return s.Me(ctx) })}
}
