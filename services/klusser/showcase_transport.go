package klusser

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// ListSpec is the showcase list (D25): best rated first, the unrated last; the site shows one
// page of up to a hundred klussers.
var ListSpec = list.Spec{
	Sorts:       []string{"gemiddelde_beoordeling", "naam", "totaal_uren"},
	DefaultSort: "gemiddelde_beoordeling", DefaultOrder: list.Desc,
	Tiebreak: []string{"naam", "id"},
	PerPage:  100, MaxPerPage: 100,
}

// showcaseRoutes is the showcase's route table: each route's go-kit endpoint adapts a method of s
// (httpapi.Typed); the server mounts them behind the policy middleware.
func showcaseRoutes(s ShowcaseService) []httpapi.Route {
	return []httpapi.Route{{
		Method:   http.MethodGet,
		Path:     "/api/v1/public/klussers",
		Summary:  "Actieve klussers die zichtbaar zijn op de website, best beoordeeld eerst",
		Tag:      "showcase",
		Resource: "public_klussers",
		Action:   "read",
		List:     &ListSpec,
		Response: list.Page[ShowcaseKlusser]{},
		Op:       "List", Endpoint: httpapi.Typed(s.List),
	}}
}
