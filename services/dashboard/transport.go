package dashboard

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

func routes(s Service) []httpapi.Route {
	return []httpapi.Route{{
		Method: http.MethodGet, Path: "/api/v1/dashboard",
		Summary: "Dashboard: klussen per status en per regio, de 10 nieuwste klussen en de top 10 woonplaatsen (zonder gearchiveerde)",
		Tag:     "dashboard", Resource: "dashboard", Action: "read", Response: One{},
		Op: "Get", Endpoint: makeGetEndpoint(s),
	}}
}
