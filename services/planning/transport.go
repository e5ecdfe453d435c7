package planning

import (
	"context"
	"fmt"
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// routes is the board's route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/planning", Summary: "Het weekbord: de klussers met hun klussen per dag, de schouwen en de open klussen (D29)",
			Tag: "planning", Resource: "planning",
			Query: []httpapi.Param{{Name: "week", Description: "een datum in de week (JJJJ-MM-DD); leeg: deze week"},
				{Name: "regio", Description: "een regio; leeg: alle zichtbare regio's"},
				{Name: "pagina", Description: fmt.Sprintf("de pagina van de klussers, vanaf 1 (%d per pagina); leeg: de eerste", PageSize)}},
			Op: "PlanningWeek", Decode: decodeWeek}, s.Week),
	}
}

func decodeWeek(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r, "week", "regio", "pagina"); err != nil {
		return nil, err
	}
	q := r.URL.Query()
	return WeekRequest{Datum: q.Get("week"), Regio: q.Get("regio"), Pagina: q.Get("pagina")}, nil
}
