package identity

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// routes is the identity service's route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{{
		Method:   http.MethodGet,
		Path:     "/api/v1/me",
		Summary:  "De ingelogde gebruiker: rollen, regio's en tweede factor",
		Tag:      "identity",
		Resource: "account",
		Action:   "read",
		Response: Me{},
		Op:       "Me", Endpoint: makeMeEndpoint(s),
	}}
}
