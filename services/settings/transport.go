package settings

import (
	"context"
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// MaxBody is the largest settings form (four regions fit many times over).
const MaxBody = 16 << 10

// routes is the route table: the admin's settings (app_settings) and the own regions' support
// contact (franchise_settings, for franchise owners and admins).
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/settings/{id}", Summary: "Instellingen (id algemeen): standaard supporttelefoon en per regio telefoon en e-mail",
			Tag: "instellingen", Resource: "app_settings", Op: "Get", Decode: decodeID}, s.Get),
		{Method: http.MethodPut, Path: "/api/v1/settings/{id}", Summary: "Instellingen opslaan (id algemeen)",
			Tag: "instellingen", Resource: "app_settings", Action: "update", Request: Form{}, Response: Saved{},
			Op: "Update", Endpoint: httpapi.Typed(s.Update), Decode: decodeUpdate},
		{Method: http.MethodGet, Path: "/api/v1/regio-instellingen", Summary: "Supporttelefoon en -e-mail van de eigen regio's (franchise; een admin: alle regio's)",
			Tag: "instellingen", Resource: "franchise_settings", Action: "read", Response: RegioOne{},
			Op: "GetRegio", Endpoint: makeGetRegioEndpoint(s), Decode: httpapi.DecodeNoInput},
		{Method: http.MethodPut, Path: "/api/v1/regio-instellingen", Summary: "Supporttelefoon en -e-mail van eigen regio's opslaan",
			Tag: "instellingen", Resource: "franchise_settings", Action: "update", Request: RegiosForm{}, Response: RegioSaved{},
			Op: "UpdateRegio", Endpoint: httpapi.Typed(s.UpdateRegio), Decode: httpapi.DecodeBody[RegiosForm](MaxBody)},
	}
}

func decodeID(_ context.Context, r *http.Request) (any, error) {
	return r.PathValue("id"), httpapi.AllowQuery(r)
}

func decodeUpdate(_ context.Context, r *http.Request) (any, error) {
	req := UpdateRequest{ID: r.PathValue("id")}
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	return req, httpapi.DecodeJSON(nil, r, &req.Form, MaxBody)
}
