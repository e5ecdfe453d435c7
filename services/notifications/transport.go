package notifications

import (
	"context"
	"errors"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Routes returns the inbox's HTTP routes.
func Routes(e Endpoints) []httpapi.Route {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	server := func(ep func(context.Context, any) (any, error), dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, httpapi.EncodeJSON, opts...)
	}
	return []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/notifications", Summary: "Mijn meldingen, nieuwste eerst, met het aantal ongelezen",
			Tag: "notifications", Resource: "notifications", Action: "read", Response: List{}, Handler: server(e.List, httpapi.DecodeNoInput)},
		{Method: http.MethodGet, Path: "/api/v1/notifications/unread-count", Summary: "Aantal ongelezen meldingen",
			Tag: "notifications", Resource: "notifications", Action: "read", Response: CountResponse{}, Handler: server(e.UnreadCount, httpapi.DecodeNoInput)},
		{Method: http.MethodPost, Path: "/api/v1/notifications/{id}/read", Summary: "Markeer een melding als gelezen",
			Tag: "notifications", Resource: "notifications", Action: "update", Response: MarkedResponse{}, Handler: server(e.MarkRead, decodeMarkRead)},
		{Method: http.MethodPost, Path: "/api/v1/notifications/read-all", Summary: "Markeer alle meldingen als gelezen",
			Tag: "notifications", Resource: "notifications", Action: "update", Response: MarkedResponse{}, Handler: server(e.MarkAllRead, httpapi.DecodeNoInput)},
	}
}

func decodeMarkRead(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		return nil, httpapi.NotFound("notification_not_found", "Deze melding bestaat niet.")
	}
	return markReadRequest{ID: id}, nil
}

func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	if errors.Is(err, ErrNotFound) {
		err = httpapi.NotFound("notification_not_found", "Deze melding bestaat niet.")
	}
	httpapi.EncodeError(ctx, err, w)
}
