package factuur

import (
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// LogAttrs keeps the method; the note may name the customer's circumstances.
func (b Betaling) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("betaal_methode", b.BetaalMethode)}
}

// LogAttrs keeps the number and the payment state, never the customer.
func (f Factuur) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("factuur_id", f.ID), slog.String("factuurnummer", f.Factuurnummer)}
}

func makeGetEndpoint(s Service) endpoint.Endpoint {
	return httpapi.ByID(s.Get)
}

func makePDFEndpoint(s Service) endpoint.Endpoint {
	return httpapi.ByID(s.PDF)
}
