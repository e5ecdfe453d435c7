package afdracht

import (
	"context"
	"net/http"
	"strings"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// MaxBody bounds a percentage change.
const MaxBody = 1 << 10

func routes(s *Store) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/afdracht-percentages", Summary: "Het afdrachtpercentage per regio (standaard 8%)",
			Tag: "afdrachten", Resource: "afdracht_percentages", Op: "Percentages"},
			func(ctx context.Context, _ httpapi.NoInput) (PercentagesAnswer, error) { return s.Percentages(ctx) }),
		{Method: http.MethodPut, Path: "/api/v1/afdracht-percentages/{regio}", Summary: "Het afdrachtpercentage van een regio instellen (beheerders)",
			Tag: "afdrachten", Resource: "afdracht_percentages", Action: "update", Request: PercentageRequest{}, Response: PercentageAnswer{},
			Op: "SetPercentage", Endpoint: httpapi.Typed(s.SetPercentage), Decode: decodePercentage},
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/afdrachten", Summary: "De afdrachten per maand en bedrijf, nieuwste eerst, met hun factuur",
			Tag: "afdrachten", Resource: "afdrachten"}, &ListSpec, s.List),
		{Method: http.MethodGet, Path: "/api/v1/afdrachten/{id}", Summary: "Eén afdracht: omzet, percentage, bedrag, de facturen en de factuur",
			Tag: "afdrachten", Resource: "afdrachten", Action: "read", Response: AfdrachtAnswer{},
			Op: "Get", Endpoint: httpapi.ByID(s.Get),
			Decode: httpapi.DecodeIDRequest(ErrNotFound, "afdracht_id")},
	}
}

func decodePercentage(_ context.Context, r *http.Request) (any, error) {
	req := PercentageRequest{Regio: strings.TrimSpace(r.PathValue("regio"))}
	if req.Regio == "" {
		return nil, ErrRegio
	}
	return req, httpapi.DecodeJSON(nil, r, &req, MaxBody)
}
