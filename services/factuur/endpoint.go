package factuur

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

type payRequest struct {
	ID uuid.UUID
	Betaling
}

// LogAttrs keeps the invoice and the method; the note may name the customer's circumstances.
func (r payRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("factuur_id", r.ID), slog.String("betaal_methode", r.BetaalMethode)}
}

// LogAttrs keeps the number and the payment state, never the customer.
func (f Factuur) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("factuur_id", f.ID), slog.String("factuurnummer", f.Factuurnummer)}
}

func makeGetEndpoint(s Service) endpoint.Endpoint {
	return httpapi.ByID(s.Get)
}

func makePayEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r payRequest) (Factuur, error) { return s.Pay(ctx, r.ID, r.Betaling) })
}

func makePDFEndpoint(s Service) endpoint.Endpoint {
	return httpapi.ByID(s.PDF)
}
