package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"
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

// ByID adapts a service method that takes the record's id, fn(ctx, id), to the endpoint of a route
// decoded by DecodeIDRequest, so that a route table names the method itself instead of a closure
// that unwraps the IDRequest.
func ByID[Resp any](fn func(context.Context, uuid.UUID) (Resp, error)) endpoint.Endpoint {
	return Typed(func(ctx context.Context, r IDRequest) (Resp, error) { return fn(ctx, r.ID) })
}

// DecodeIDBody is the decoder of a route that acts on the record named by the {id} of its path
// with a JSON body of at most limit bytes (0: MaxBodyBytes): PathID (an id that is no UUID is
// answered as notFound), then DecodeJSON into what into returns. into puts the id in its place in
// the request and returns where the body goes: the request itself, or the form it embeds. The
// endpoint receives the Req once its body is read.
func DecodeIDBody[Req any](notFound error, limit int64, into func(req *Req, id uuid.UUID) (body any)) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		id, err := PathID(r, notFound)
		if err != nil {
			return nil, err
		}
		var req Req
		if err := DecodeJSON(nil, r, into(&req, id), limit); err != nil {
			return nil, err
		}
		return req, nil
	}
}

// IDBody is the input of a route that acts on the record named by the {id} of its path with a
// JSON body of type T (DecodeIDBodyOf): the id, logged under Key ("klus_id" ...), and the body,
// whose own LogAttrs (if T has them) follow the id in the log line.
type IDBody[T any] struct {
	ID   uuid.UUID
	Key  string
	Body T
}

// LogAttrs names the record, then what the body offers.
func (r IDBody[T]) LogAttrs() []slog.Attr {
	return append([]slog.Attr{slog.Any(r.Key, r.ID)}, attrsOf(r.Body)...)
}

// DecodeIDBodyOf is DecodeIDBody for an IDBody[T] whose id is logged under key.
func DecodeIDBodyOf[T any](notFound error, key string, limit int64) kithttp.DecodeRequestFunc {
	return DecodeIDBody(notFound, limit, func(r *IDBody[T], id uuid.UUID) any { r.ID, r.Key = id, key; return &r.Body })
}

// WithBody adapts a service method fn(ctx, id, body) to the endpoint of a route decoded by
// DecodeIDBodyOf, as ByID does for a route without a body.
func WithBody[T, Resp any](fn func(context.Context, uuid.UUID, T) (Resp, error)) endpoint.Endpoint {
	return Typed(func(ctx context.Context, r IDBody[T]) (Resp, error) { return fn(ctx, r.ID, r.Body) })
}
