package dashboard

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// makeGetEndpoint adapts Get to the route, which takes no request.
func makeGetEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (One, error) { return s.Get(ctx) })
}
