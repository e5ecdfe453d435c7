package exports

import (
	"context"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"
)

// Endpoints collects the service's go-kit endpoints.
type Endpoints struct {
	Request, Get, Download endpoint.Endpoint
}

type idRequest struct{ ID uuid.UUID }

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		Request:  func(ctx context.Context, req any) (any, error) { return s.Request(ctx, req.(Request)) },
		Get:      func(ctx context.Context, req any) (any, error) { return s.Get(ctx, req.(idRequest).ID) },
		Download: func(ctx context.Context, req any) (any, error) { return s.Download(ctx, req.(idRequest).ID) },
	}
}
