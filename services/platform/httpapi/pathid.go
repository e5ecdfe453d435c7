package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
)

// PathID reads the {id} of the request's path, for a route that takes no query parameters: a
// query is refused like anywhere else, and an id that is not a UUID names no record, so it is
// answered as notFound (the route's own "not found" error, with its code and Dutch message).
func PathID(r *http.Request, notFound error) (uuid.UUID, error) {
	if err := AllowQuery(r); err != nil {
		return uuid.Nil, err
	}
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		return uuid.Nil, notFound
	}
	return id, nil
}

// DecodePathID is the decoder of a route whose only input is the {id} of its path (PathID); its
// endpoint receives the uuid.UUID.
func DecodePathID(notFound error) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		id, err := PathID(r, notFound)
		if err != nil {
			return nil, err
		}
		return id, nil
	}
}

// IDRequest is the input of a route whose only input is the {id} of its path. Its log line names
// the id under Key ("factuur_id", "klus_id" ...), nothing else.
type IDRequest struct {
	ID  uuid.UUID
	Key string
}

// LogAttrs names the id.
func (r IDRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any(r.Key, r.ID)} }

// DecodeIDRequest is the decoder of such a route (PathID): the endpoint receives an IDRequest
// whose log key is key.
func DecodeIDRequest(notFound error, key string) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		id, err := PathID(r, notFound)
		if err != nil {
			return nil, err
		}
		return IDRequest{ID: id, Key: key}, nil
	}
}
