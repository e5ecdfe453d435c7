package klussers

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/httpapi"
	"github.com/klusmaat/klusmaat/services/list"
)

// Spec is the list (D25): by name.
var Spec = list.Spec{
	Sorts:       []string{"naam", "woonplaats", "gemiddelde_beoordeling", "totaal_uren"},
	DefaultSort: "naam", DefaultOrder: list.Asc, Tiebreak: []string{"id"},
	Filters: []list.Filter{
		{Name: "regio", Description: "klussers die in deze regio werken"},
		{Name: "actief", Description: "ja: actief; nee: gearchiveerd", Values: []string{"ja", "nee"}},
	},
	Search: "naam, e-mailadres of telefoonnummer (een deel)",
}

func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/klussers", Summary: "Klussers: één pagina, op naam; een franchisenemer ziet die van zijn regio's",
			Tag: "klussers", Resource: "klussers", Action: "read", List: &Spec, Response: list.Page[Klusser]{},
			Op: "List", Endpoint: httpapi.Typed(s.List)},
		{Method: http.MethodGet, Path: "/api/v1/klussers/{id}", Summary: "Eén klusser: profiel, beoordelingen en gewerkte uren",
			Tag: "klussers", Resource: "klussers", Action: "read", Response: One{},
			Op: "Get", Endpoint: httpapi.Typed(s.Get), Decode: decodeID},
	}
}

func decodeID(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		return nil, ErrNotFound
	}
	return id, nil
}
