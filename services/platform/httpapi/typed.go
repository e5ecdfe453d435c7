package httpapi

import (
	"context"
	"fmt"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"
)

// NoInput is the request of an endpoint that takes none (DecodeNoInput makes it).
type NoInput struct{}

// Typed adapts a service method to a go-kit endpoint. The route's decoder makes the Req; should
// it make something else, the call fails as an internal error instead of panicking on a cast.
func Typed[Req, Resp any](fn func(context.Context, Req) (Resp, error)) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, ok := request.(Req)
		if !ok {
			return nil, fmt.Errorf("httpapi: endpoint takes %T, the decoder made %T", *new(Req), request)
		}
		resp, err := fn(ctx, req)
		if err != nil {
			return nil, err
		}
		return resp, nil
	}
}

// Encoder adapts a typed response writer (a file download) to go-kit, checked like Typed.
func Encoder[Resp any](fn func(context.Context, http.ResponseWriter, Resp) error) kithttp.EncodeResponseFunc {
	return func(ctx context.Context, w http.ResponseWriter, response any) error {
		resp, ok := response.(Resp)
		if !ok {
			return fmt.Errorf("httpapi: encoder takes %T, the endpoint answered %T", *new(Resp), response)
		}
		return fn(ctx, w, resp)
	}
}
