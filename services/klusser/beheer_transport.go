package klusser

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
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

// MaxBody bounds the forms of this module.
const MaxBody = 64 << 10

const base = "/api/v1/klussers"

// beheerRoutes is the route table of the klussers' screen. Its cards take the list's parameters
// and count under its filters (its sort and page are ignored).
func beheerRoutes(s BeheerService) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: base, Summary: "Klussers: één pagina, op naam; een franchisenemer ziet die van zijn regio's",
			Tag: "klussers", Resource: "klussers"}, &Spec, s.List),
		httpapi.ReadRoute(httpapi.Route{Path: base + "/totalen", Summary: "Aantal, actief, gemiddelde beoordeling en totaal uren onder de filters van de lijst (de kaarten)",
			Tag: "klussers", Resource: "klussers",
			Query: []httpapi.Param{{Name: "regio"}, {Name: "actief"}, {Name: "q"}},
			Op:    "Totalen", Decode: httpapi.DecodeList(&Spec)}, s.Totalen),
		httpapi.ReadRoute(httpapi.Route{Path: base + "/{id}", Summary: "Eén klusser: profiel, foto's, beoordelingen en gewerkte uren",
			Tag: "klussers", Resource: "klussers", Op: "Get", Decode: decodeID}, s.Get),
		{Method: http.MethodPost, Path: base, Summary: "Een klusser aanmaken: account, rol en profiel in één handeling (D14)",
			Tag: "klussers", Resource: "klussers", Action: "create", Request: CreateForm{}, Response: Answer{},
			Op: "Create", Endpoint: httpapi.Typed(s.Create), Decode: httpapi.DecodeBody[CreateForm](MaxBody), Status: http.StatusCreated},
		{Method: http.MethodPut, Path: base + "/{id}", Summary: "Het profiel van een klusser opslaan",
			Tag: "klussers", Resource: "klussers", Action: "update", Request: Profiel{}, Response: Answer{},
			Op: "Update", Endpoint: httpapi.Typed(s.Update), Decode: decodeProfiel},
		{Method: http.MethodPost, Path: base + "/{id}/archive", Summary: "Een klusser archiveren: inactief, gegevens blijven",
			Tag: "klussers", Resource: "klussers", Action: "archive", Response: Answer{},
			Op: "Archive", Endpoint: httpapi.Typed(s.Archive), Decode: decodeID},
		{Method: http.MethodDelete, Path: base + "/{id}", Summary: "Een klusser permanent verwijderen: profiel, werkbonnen, toewijzingen en inloggegevens; facturen blijven",
			Tag: "klussers", Resource: "klussers", Action: "delete", Response: Message{},
			Op: "Delete", Endpoint: httpapi.Typed(s.Delete), Decode: decodeID},
	}
}

var decodeID = httpapi.DecodePathID(ErrNotFound)

var decodeProfiel = httpapi.DecodeIDBody(ErrNotFound, MaxBody, func(r *ProfielRequest, id uuid.UUID) any { r.ID = id; return &r.Profiel })
