package notifications

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

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

// The endpoints whose answer is more than the method's result.

func makeUnreadCountEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (CountResponse, error) {
		n, err := s.UnreadCount(ctx)
		return CountResponse{Count: n}, err
	})
}

func makeMarkReadEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r httpapi.IDRequest) (MarkedResponse, error) {
		return MarkedResponse{Marked: 1}, s.MarkRead(ctx, r.ID)
	})
}

func makeMarkAllReadEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (MarkedResponse, error) {
		n, err := s.MarkAllRead(ctx)
		return MarkedResponse{Marked: n}, err
	})
}
