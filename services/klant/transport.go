package klant

import (
	"context"
	"net/http"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The lists (D25). The card's tabs allow 500 rows a page, so that the console's CSV export of a
// customer's jobs or invoices takes them in one request.
var (
	Spec = list.Spec{
		Sorts:       []string{"laatste_klus", "email", "aantal_klussen", "woonplaats"},
		DefaultSort: "laatste_klus", DefaultOrder: list.Desc, Tiebreak: []string{"id"},
		Search: "e-mailadres, telefoon of woonplaats (een deel)",
	}
	KlussenSpec = list.Spec{
		Sorts: []string{"datum", "created_at", "status"}, DefaultSort: "datum", DefaultOrder: list.Desc,
		Tiebreak: []string{"created_at", "id"}, MaxPerPage: 500,
		Filters: []list.Filter{{Name: "status", Description: "alleen klussen met deze status", Values: klus.Statuses}},
	}
	FacturenSpec = list.Spec{
		Sorts: []string{"datum", "factuurnummer"}, DefaultSort: "datum", DefaultOrder: list.Desc,
		Tiebreak: []string{"factuurnummer", "id"}, MaxPerPage: 500,
		Filters: []list.Filter{{Name: "betaald", Description: "ja: betaald (contant, pin, bank); nee: openstaand", Values: []string{"ja", "nee"}}},
	}
	ReviewsSpec = list.Spec{
		Sorts: []string{"datum"}, DefaultSort: "datum", DefaultOrder: list.Desc, Tiebreak: []string{"id"}, MaxPerPage: 500,
	}
)

const base = "/api/v1/klanten"

func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: base, Summary: "Klanten: de klussen per e-mailadres samengevoegd (D11), nieuwste klus eerst",
			Tag: "klanten", Resource: "klanten"}, &Spec, s.List),
		httpapi.ReadRoute(httpapi.Route{Path: base + "/{email}", Summary: "Klantkaart: contactgegevens, aantallen, tevredenheid, facturen",
			Tag: "klanten", Resource: "klanten", Op: "Get", Decode: decodeEmail}, s.Get),
		httpapi.ListRoute(httpapi.Route{Path: base + "/{email}/klussen", Summary: "De klussen van een klant (Aanvragen Historie)",
			Tag: "klanten", Resource: "klanten", Op: "Klussen", Decode: decodeTab(&KlussenSpec)}, &KlussenSpec, s.Klussen),
		httpapi.ListRoute(httpapi.Route{Path: base + "/{email}/facturen", Summary: "De facturen aan het e-mailadres van een klant",
			Tag: "klanten", Resource: "klanten", Op: "Facturen", Decode: decodeTab(&FacturenSpec)}, &FacturenSpec, s.Facturen),
		httpapi.ListRoute(httpapi.Route{Path: base + "/{email}/reviews", Summary: "De beoordelingen van de afgeronde werkbonnen van een klant",
			Tag: "klanten", Resource: "klanten", Op: "Reviews", Decode: decodeTab(&ReviewsSpec)}, &ReviewsSpec, s.Reviews),
		{Method: http.MethodPost, Path: base, Summary: "Een klant aanmaken, met een eerste klus of een registratieklus",
			Tag: "klanten", Resource: "klanten", Action: "create", Request: CreateForm{}, Response: Created{},
			Op: "Create", Endpoint: httpapi.Typed(s.Create), Decode: httpapi.DecodeBody[CreateForm](0), Status: http.StatusCreated},
		{Method: http.MethodDelete, Path: base + "/{email}", Summary: "Een klant verwijderen: al zijn klussen met werkbonnen en foto's (D11); facturen blijven",
			Tag: "klanten", Resource: "klanten", Action: "delete", Response: Deleted{},
			Op: "Delete", Endpoint: httpapi.Typed(s.Delete), Decode: decodeEmail},
	}
}

func decodeEmail(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	return Normalize(r.PathValue("email")), nil
}

func decodeTab(spec *list.Spec) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		p, err := list.Parse(spec, r.URL.Query())
		return TabRequest{Email: Normalize(r.PathValue("email")), Params: p}, err
	}
}
