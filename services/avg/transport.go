package avg

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// routes: the admins' AVG actions on a customer (the customer card, D11), by e-mail address.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/admin/klanten/{email}/export",
			Summary: "AVG: alle gegevens van een klant als zip (gegevens.json, facturen, foto's, handtekeningen); vastgelegd in het auditlog",
			Tag:     "avg", Resource: "klanten", Action: "read", ResponseType: "application/zip",
			Op: "Export", Endpoint: makeExportEndpoint(s), Decode: decodeEmail, Encode: httpapi.Encoder(encodeZip)},
		{Method: http.MethodPost, Path: "/api/v1/admin/klanten/{email}/wissen",
			Summary: "AVG: alle persoonsgegevens van een klant wissen, behalve uitgereikte facturen (bewaarplicht, D8)",
			Tag:     "avg", Resource: "klanten", Action: "delete", Response: Erased{},
			Op: "Erase", Endpoint: makeEraseEndpoint(s), Decode: decodeEmail},
	}
}

type emailRequest struct{ Email string }

// LogAttrs: never the address.
func (emailRequest) LogAttrs() []slog.Attr { return nil }

// LogAttrs keeps the counts.
func (e Erased) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("klussen", e.Klussen), slog.Int("emails", e.Emails), slog.Int("facturen_bewaard", e.FacturenBewaard)}
}

func decodeEmail(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	return emailRequest{Email: r.PathValue("email")}, nil
}

func makeExportEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r emailRequest) (*Archive, error) { return s.Export(ctx, r.Email) })
}

func makeEraseEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r emailRequest) (Erased, error) { return s.Erase(ctx, r.Email) })
}

// encodeZip sends the archive as a download: never cached, never sniffed.
func encodeZip(_ context.Context, w http.ResponseWriter, a *Archive) error {
	return httpapi.WriteAttachment(w, "application/zip", a.Name, a.Data)
}
