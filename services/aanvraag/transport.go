package aanvraag

import (
	"context"
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// MaxBody is the largest request the wizard sends (a 200-character description and contact
// details fit many times over).
const MaxBody = 16 << 10

// TooMany is what a visitor reads when an address sent too many requests in a short time.
const TooMany = "U heeft zojuist al een aanvraag verstuurd. Probeer het over een paar minuten opnieuw, of bel ons."

// The wizard's lists (D25) fit on one page each: the wizard offers every town and category.
var (
	TownsSpec = list.Spec{Sorts: []string{"naam", "regio"}, DefaultSort: "naam", Tiebreak: []string{"woonplaats"},
		PerPage: 100, MaxPerPage: 100}
	CategoriesSpec = list.Spec{Sorts: []string{"volgorde", "label", "key"}, DefaultSort: "volgorde", Tiebreak: []string{"key"},
		PerPage: 100, MaxPerPage: 100}
)

// routes is the service's route table; limiter bounds requests per client address.
func routes(s Service, limiter *httpapi.Limiter) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodPost, Path: "/api/v1/public/aanvragen", Summary: "Een klus aanvragen (de aanvraagwizard)",
			Tag: "aanvragen", Resource: "klus_aanvragen", Action: "create", Request: Aanvraag{}, Response: Result{},
			Op: "Submit", Endpoint: httpapi.Typed(s.Submit), Decode: decodeAanvraag, Status: http.StatusCreated,
			Limit: limiter, LimitMessage: TooMany},
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/public/woonplaatsen", Summary: "Woonplaatsen van de actieve regio's",
			Tag: "aanvragen", Resource: "public_towns", Op: "Towns"}, &TownsSpec, s.Towns),
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/public/categorieen", Summary: "Soorten klussen op het aanvraagformulier",
			Tag: "aanvragen", Resource: "public_categorieen", Op: "Categories"}, &CategoriesSpec, s.Categories),
	}
}

func decodeAanvraag(_ context.Context, r *http.Request) (any, error) {
	var a Aanvraag
	if err := httpapi.DecodeJSON(nil, r, &a, MaxBody); err != nil {
		return nil, err
	}
	return a, nil
}
