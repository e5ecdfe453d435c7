package regio

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/listing"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// ListSpec is the regions list (D25): by name; every region fits on the one page the screens ask.
var ListSpec = list.Spec{
	Sorts:       []string{"naam", "slug"},
	DefaultSort: "naam",
	Tiebreak:    []string{"slug"},
	PerPage:     100, MaxPerPage: 100,
}

// routes is the regions' route table: the one list, served by q.
func routes(q listing.Query[Regio]) []httpapi.Route {
	return []httpapi.Route{httpapi.ListRoute(httpapi.Route{Path: "/api/v1/regios", Tag: "regios", Resource: "regios",
		Summary: "De actieve regio's met hun woonplaatsen, op naam"}, &ListSpec, q.List)}
}
