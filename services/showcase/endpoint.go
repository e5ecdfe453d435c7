package showcase

import (
	"context"

	"github.com/go-kit/kit/endpoint"
)

// Endpoints collects the showcase's go-kit endpoints.
type Endpoints struct {
	List endpoint.Endpoint
}

// MakeEndpoints adapts the service to endpoints; nothing else happens here.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{List: makeListEndpoint(s)}
}

type listRequest struct{}

// ListResponse is the JSON answer of GET /api/v1/public/klussers.
type ListResponse struct {
	Items []Klusser `json:"items"`
}

func makeListEndpoint(s Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		items, err := s.List(ctx)
		if err != nil {
			return nil, err
		}
		return ListResponse{Items: items}, nil
	}
}
