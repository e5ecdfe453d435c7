package notifications

import (
	"context"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"
)

// Endpoints collects the inbox's go-kit endpoints.
type Endpoints struct {
	List, UnreadCount, MarkRead, MarkAllRead endpoint.Endpoint
}

type markReadRequest struct{ ID uuid.UUID }

// CountResponse answers the unread count.
type CountResponse struct {
	Count int `json:"count"`
}

// MarkedResponse answers the mark-read calls.
type MarkedResponse struct {
	Marked int `json:"marked"`
}

// MakeEndpoints adapts the service to endpoints.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		List: func(ctx context.Context, _ any) (any, error) { return s.List(ctx) },
		UnreadCount: func(ctx context.Context, _ any) (any, error) {
			n, err := s.UnreadCount(ctx)
			return CountResponse{Count: n}, err
		},
		MarkRead: func(ctx context.Context, req any) (any, error) {
			if err := s.MarkRead(ctx, req.(markReadRequest).ID); err != nil {
				return nil, err
			}
			return MarkedResponse{Marked: 1}, nil
		},
		MarkAllRead: func(ctx context.Context, _ any) (any, error) {
			n, err := s.MarkAllRead(ctx)
			return MarkedResponse{Marked: n}, err
		},
	}
}
