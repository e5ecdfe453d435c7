package notifications

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Endpoints collects the inbox's go-kit endpoints.
type Endpoints struct {
	List, UnreadCount, MarkRead, MarkAllRead endpoint.Endpoint
}

type markReadRequest struct{ ID uuid.UUID }

func (r markReadRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("notification_id", r.ID)} }

// CountResponse answers the unread count.
type CountResponse struct {
	Count int `json:"count"`
}

// MarkedResponse answers the mark-read calls.
type MarkedResponse struct {
	Marked int `json:"marked"`
}

// LogAttrs says how many were marked.
func (m MarkedResponse) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("marked", m.Marked)} }

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		List: httpapi.Typed(s.List),
		UnreadCount: httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (CountResponse, error) {
			n, err := s.UnreadCount(ctx)
			return CountResponse{Count: n}, err
		}),
		MarkRead: httpapi.Typed(func(ctx context.Context, r markReadRequest) (MarkedResponse, error) {
			return MarkedResponse{Marked: 1}, s.MarkRead(ctx, r.ID)
		}),
		MarkAllRead: httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (MarkedResponse, error) {
			n, err := s.MarkAllRead(ctx)
			return MarkedResponse{Marked: n}, err
		}),
	}
}
