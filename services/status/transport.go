package status

import (
	"context"
	"net/http"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// TooMany is the answer to an address that asks too often (the link's token is its only key).
const TooMany = "U heeft deze pagina te vaak opgevraagd. Wacht een paar minuten en probeer het opnieuw."

// routes is the status page's route table: anonymous, rate-limited per address, never indexed and
// never sending a referrer (the token is in the address).
func routes(s Service, limiter *httpapi.Limiter) []httpapi.Route {
	guard := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Robots-Tag", "noindex, nofollow")
			w.Header().Set("Referrer-Policy", "no-referrer")
			w.Header().Set("Cache-Control", "no-store")
			h.ServeHTTP(w, r)
		})
	}
	return []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/status/{token}", Summary: "De stand van een aanvraag via de persoonlijke link (D24)",
			Tag: "status", Resource: "klus_status", Action: "read", Response: Status{},
			Op: "Get", Endpoint: makeGetEndpoint(s), Decode: decodeToken, Guard: guard, Limit: limiter, LimitMessage: TooMany},
		{Method: http.MethodPost, Path: "/api/v1/status/{token}/annuleren",
			Summary: "Een open, nog niet ingeplande aanvraag annuleren via de persoonlijke link",
			Tag:     "status", Resource: "klus_status", Action: "cancel", Response: Status{},
			Op: "Cancel", Endpoint: makeCancelEndpoint(s), Decode: decodeToken, Guard: guard, Limit: limiter, LimitMessage: TooMany},
		{Method: http.MethodPost, Path: "/api/v1/status/{token}/offerte",
			Summary: "Akkoord of niet akkoord op de laatste verstuurde versie van de offerte, voor de geldigheidsdatum (D26)",
			Tag:     "status", Resource: "klus_status", Action: "decide", Request: Besluit{}, Response: Status{},
			Op: "DecideOfferte", Endpoint: makeDecideEndpoint(s), Decode: decodeBesluit, Guard: guard, Limit: limiter, LimitMessage: TooMany},
		factuur.PDFRoute(httpapi.Route{Path: "/api/v1/status/{token}/factuur.pdf", Summary: "De factuur van een afgeronde klus als PDF",
			Tag: "status", Resource: "klus_status",
			Op: "InvoicePDF", Endpoint: makePDFEndpoint(s), Decode: decodeToken, Guard: guard, Limit: limiter, LimitMessage: TooMany}),
	}
}

func decodeToken(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	return tokenRequest{Token: r.PathValue("token")}, nil
}

func decodeBesluit(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	req := DecisionRequest{Token: r.PathValue("token")}
	return req, httpapi.DecodeJSON(nil, r, &req.Besluit, 8<<10)
}
