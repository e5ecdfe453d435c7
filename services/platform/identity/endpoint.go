package identity

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

func makeMeEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (Me, error) { return s.Me(ctx) })
}
