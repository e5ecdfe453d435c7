package status

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// tokenRequest carries the link's token, which a log line never keeps.
type tokenRequest struct{ Token string }

func (tokenRequest) LogAttrs() []slog.Attr { return nil }

// LogAttrs keeps the state only.
func (s Status) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("status", s.Status)} }

func makeGetEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r tokenRequest) (Status, error) { return s.Get(ctx, r.Token) })
}

func makeCancelEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r tokenRequest) (Status, error) { return s.Cancel(ctx, r.Token) })
}

func makePDFEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r tokenRequest) (*factuur.PDFFile, error) { return s.InvoicePDF(ctx, r.Token) })
}

func makeDecideEndpoint(s Service) endpoint.Endpoint { return httpapi.Typed(s.Decide) }
