package werkbon

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// The requests say what a log line may keep: ids, never notes, materials or signatures.

type itemRequest struct{ ID, ItemID uuid.UUID }

func (r itemRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("werkbon_id", r.ID), slog.Any("item_id", r.ItemID)}
}

// LogAttrs keeps the work order's id and status.
func (w Werkbon) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("werkbon_id", w.ID), slog.String("status", w.Status)}
}

func makeOpenEndpoint(s Service) endpoint.Endpoint {
	return httpapi.ByID(s.Open)
}

func makeRemoveMateriaalEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r itemRequest) (Werkbon, error) {
		return s.RemoveMateriaal(ctx, r.ID, r.ItemID)
	})
}
