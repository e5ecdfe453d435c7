package klus

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// KlussersSpec is the choice of klussers for an assignment: by name (D25).
var KlussersSpec = list.Spec{
	Sorts: []string{"naam"}, DefaultSort: "naam", DefaultOrder: list.Asc, Tiebreak: []string{"id"},
	Filters: []list.Filter{{Name: "regio", Description: "klussers die in deze regio werken"}},
	Search:  "naam of woonplaats (een deel)",
}

const beheerBase = "/api/v1/klussen"

// beheerRoutes is the route table of the back office's jobs: the list, its cards, one job and its actions.
func beheerRoutes(s BeheerService) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: beheerBase, Summary: "Klussen: één pagina, gesorteerd en gefilterd op de server (beheer: alle regio's; franchise: de eigen regio's)",
			Tag: "klussen", Resource: "klussen"}, &Spec, s.List),
		{Method: http.MethodGet, Path: beheerBase + "/counts", Summary: "Aantal klussen per status onder de filters van de lijst (de statuskaarten)",
			Tag: "klussen", Resource: "klussen", Action: "read", Response: CountsAnswer{},
			Query: []httpapi.Param{{Name: "regio"}, {Name: "woonplaats"}, {Name: "archived", Description: "nee (standaard), ja of alle"}, {Name: "q"}},
			Op:    "Counts", Endpoint: makeCountsEndpoint(s), Decode: decodeCounts},
		httpapi.ListRoute(httpapi.Route{Path: beheerBase + "/klussers", Summary: "Actieve klussers om een klus aan toe te wijzen, per regio",
			Tag: "klussen", Resource: "klussen", Action: "assign", Op: "Klussers"}, &KlussersSpec, s.Klussers),
		{Method: http.MethodGet, Path: beheerBase + "/{id}", Summary: "Eén klus, met werkbon en factuur als die er zijn",
			Tag: "klussen", Resource: "klussen", Action: "read", Response: One{},
			Op: "Get", Endpoint: makeGetEndpoint(s), Decode: decodeIDRequest},
		{Method: http.MethodPost, Path: beheerBase, Summary: "Een klus aanmaken: in de pool of direct toegewezen (regels van document 001 sectie 5)",
			Tag: "klussen", Resource: "klussen", Action: "create", Request: CreateForm{}, Response: Answer{},
			Op: "Create", Endpoint: httpapi.Typed(s.Create), Decode: httpapi.DecodeBody[CreateForm](0), Status: http.StatusCreated},
		{Method: http.MethodPut, Path: beheerBase + "/{id}", Summary: "Een klus bewerken; een admin mag de regio corrigeren (D2)",
			Tag: "klussen", Resource: "klussen", Action: "update", Request: Form{}, Response: Answer{},
			Op: "Update", Endpoint: httpapi.WithBody(s.Update), Decode: decodeUpdate},
		{Method: http.MethodPost, Path: beheerBase + "/{id}/status", Summary: "De status van een klus zetten (elke status)",
			Tag: "klussen", Resource: "klussen", Action: "update", Request: StatusForm{}, Response: Answer{},
			Op: "SetStatus", Endpoint: makeStatusEndpoint(s), Decode: decodeStatus},
		{Method: http.MethodPost, Path: beheerBase + "/{id}/assign", Summary: "Een klusser van de regio toewijzen; de werkbon wordt aangemaakt en de klusser krijgt een melding",
			Tag: "klussen", Resource: "klussen", Action: "assign", Request: AssignForm{}, Response: Answer{},
			Op: "Assign", Endpoint: makeAssignEndpoint(s), Decode: decodeAssign},
		{Method: http.MethodPost, Path: beheerBase + "/{id}/pool", Summary: "De klus in de pool plaatsen; de klussers van de regio krijgen een melding",
			Tag: "klussen", Resource: "klussen", Action: "assign", Response: PoolAnswer{},
			Op: "Pool", Endpoint: httpapi.ByID(s.Pool), Decode: decodeIDRequest},
		{Method: http.MethodPost, Path: beheerBase + "/{id}/unassign", Summary: "De toewijzing verwijderen: open, zonder klusser",
			Tag: "klussen", Resource: "klussen", Action: "assign", Response: Answer{},
			Op: "Unassign", Endpoint: httpapi.ByID(s.Unassign), Decode: decodeIDRequest},
		{Method: http.MethodPost, Path: beheerBase + "/{id}/archive", Summary: "De klus archiveren",
			Tag: "klussen", Resource: "klussen", Action: "archive", Response: Answer{},
			Op: "Archive", Endpoint: httpapi.ByID(s.Archive), Decode: decodeIDRequest},
		{Method: http.MethodDelete, Path: beheerBase + "/{id}", Summary: "De klus permanent verwijderen (de factuur blijft)",
			Tag: "klussen", Resource: "klussen", Action: "delete", Response: Deleted{},
			Op: "Delete", Endpoint: httpapi.ByID(s.Delete), Decode: decodeIDRequest},
	}
}
