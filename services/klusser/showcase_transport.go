package klusser

import (
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

// showcaseRoutes is the showcase's route table: the one list, served by s.List; the server mounts
// it behind the policy middleware.
func showcaseRoutes(s ShowcaseService) []httpapi.Route {
	return []httpapi.Route{httpapi.ListRoute(httpapi.Route{Path: "/api/v1/public/klussers", Tag: "showcase", Resource: "public_klussers",
		Summary: "Actieve klussers die zichtbaar zijn op de website, best beoordeeld eerst"}, &ListSpec, s.List)}
}
