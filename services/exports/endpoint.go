package exports

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

func makeGetEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r httpapi.IDRequest) (Export, error) { return s.Get(ctx, r.ID) })
}

func makeDownloadEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r httpapi.IDRequest) (File, error) { return s.Download(ctx, r.ID) })
}
