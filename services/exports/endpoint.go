package exports

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Endpoints collects the service's go-kit endpoints.
type Endpoints struct {
	Request, Get, Download endpoint.Endpoint
}

type idRequest struct{ ID uuid.UUID }

func (r idRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("export_id", r.ID)} }

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		Request:  httpapi.Typed(s.Request),
		Get:      httpapi.Typed(func(ctx context.Context, r idRequest) (Export, error) { return s.Get(ctx, r.ID) }),
		Download: httpapi.Typed(func(ctx context.Context, r idRequest) (File, error) { return s.Download(ctx, r.ID) }),
	}
}
