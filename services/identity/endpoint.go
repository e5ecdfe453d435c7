package identity

import (
	"context"

	"github.com/go-kit/kit/endpoint"
)

// Endpoints collects the identity service's go-kit endpoints.
type Endpoints struct {
	Me endpoint.Endpoint
}

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{Me: func(ctx context.Context, _ any) (any, error) { return s.Me(ctx) }}
}
