package reports

import (
	"context"
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// routes is the charts' route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/rapportages/grafieken", Summary: "De cijfers van de grafieken van de rapportages voor een periode en regio (D29)",
			Tag: "rapportages", Resource: "grafieken",
			Query: []httpapi.Param{{Name: "van", Description: "begindatum, JJJJ-MM-DD", Required: true}, {Name: "tot", Description: "einddatum, JJJJ-MM-DD (inclusief)", Required: true},
				{Name: "regio", Description: "een regio; leeg: alle"}},
			Op: "Grafieken", Decode: decodeGrafieken}, s.Grafieken),
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/dashboard/trend", Summary: "De trend van het dashboard: nieuwe aanvragen en afgeronde klussen van de laatste 8 weken (D29)",
			Tag: "dashboard", Resource: "dashboard",
			Query: []httpapi.Param{{Name: "regio", Description: "een regio; leeg: alle zichtbare"}},
			Op:    "DashboardTrend", Decode: decodeTrend}, s.Trend),
	}
}

func decodeGrafieken(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r, "van", "tot", "regio"); err != nil {
		return nil, err
	}
	q := r.URL.Query()
	return Request{Van: q.Get("van"), Tot: q.Get("tot"), Regio: q.Get("regio")}, nil
}

func decodeTrend(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r, "regio"); err != nil {
		return nil, err
	}
	return TrendRequest{Regio: r.URL.Query().Get("regio")}, nil
}
