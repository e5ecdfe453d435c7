package franchise

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// MaxBody is the largest form.
const MaxBody = 8 << 10

// Spec is the list of owners, by name.
var Spec = list.Spec{Sorts: []string{"naam"}, DefaultSort: "naam", DefaultOrder: list.Asc, Tiebreak: []string{"id"},
	Search: "naam of e-mailadres (een deel)"}

const base = "/api/v1/franchise-eigenaren"

func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: base, Summary: "Franchisenemers met hun regio's, op naam",
			Tag: "franchise", Resource: "franchise_eigenaren"}, &Spec, s.List),
		{Method: http.MethodPost, Path: base, Summary: "Een franchisenemer aanmaken: account, rol en profiel in één handeling (D14)",
			Tag: "franchise", Resource: "franchise_eigenaren", Action: "create", Request: CreateForm{}, Response: Answer{},
			Op: "Create", Endpoint: httpapi.Typed(s.Create), Decode: httpapi.DecodeBody[CreateForm](MaxBody), Status: http.StatusCreated},
		{Method: http.MethodPut, Path: base + "/{id}/regios", Summary: "De regio's van een franchisenemer zetten; geldt vanaf zijn volgende verzoek",
			Tag: "franchise", Resource: "franchise_eigenaren", Action: "update", Request: RegiosForm{}, Response: Answer{},
			Op: "SetRegions", Endpoint: httpapi.WithBody(s.SetRegions), Decode: decodeRegios},
	}
}

var decodeRegios = httpapi.DecodeIDBodyOf[RegiosForm](ErrNotFound, "user_id", MaxBody)
