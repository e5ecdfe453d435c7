package aanmeldingen

import (
	"context"

	"github.com/go-kit/kit/endpoint"
)

// Endpoints collects the service's go-kit endpoints.
type Endpoints struct {
	Submit endpoint.Endpoint
}

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{Submit: func(ctx context.Context, req any) (any, error) { return s.Submit(ctx, req.(Aanmelding)) }}
}
