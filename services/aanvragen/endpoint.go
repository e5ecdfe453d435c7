package aanvragen

import (
	"context"

	"github.com/go-kit/kit/endpoint"
)

// Endpoints collects the service's go-kit endpoints.
type Endpoints struct {
	Submit, Towns, Categories endpoint.Endpoint
}

// TownsResponse lists the towns.
type TownsResponse struct {
	Items []Town `json:"items"`
}

// CategoriesResponse lists the categories.
type CategoriesResponse struct {
	Items []Category `json:"items"`
}

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		Submit: func(ctx context.Context, req any) (any, error) { return s.Submit(ctx, req.(Aanvraag)) },
		Towns: func(ctx context.Context, _ any) (any, error) {
			t, err := s.Towns(ctx)
			return TownsResponse{Items: t}, err
		},
		Categories: func(ctx context.Context, _ any) (any, error) {
			c, err := s.Categories(ctx)
			return CategoriesResponse{Items: c}, err
		},
	}
}
