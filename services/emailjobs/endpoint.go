package emailjobs

import (
	"context"

	"github.com/go-kit/kit/endpoint"
)

// Endpoints collects the service's go-kit endpoints.
type Endpoints struct {
	List endpoint.Endpoint
}

type listRequest struct{ State string }

// ListResponse is the answer of GET /api/v1/email-jobs.
type ListResponse struct {
	Items []Job `json:"items"`
}

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{List: func(ctx context.Context, req any) (any, error) {
		items, err := s.List(ctx, req.(listRequest).State)
		if err != nil {
			return nil, err
		}
		return ListResponse{Items: items}, nil
	}}
}
