package exports

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

type idRequest struct{ ID uuid.UUID }

func (r idRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("export_id", r.ID)} }

func makeGetEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r idRequest) (Export, error) { return s.Get(ctx, r.ID) })
}

func makeDownloadEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r idRequest) (File, error) { return s.Download(ctx, r.ID) })
}
