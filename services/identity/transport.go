package identity

import (
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Routes returns the identity service's HTTP routes.
func Routes(e Endpoints) []httpapi.Route {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(httpapi.EncodeError)}
	return []httpapi.Route{{
		Method:   http.MethodGet,
		Path:     "/api/v1/me",
		Summary:  "De ingelogde gebruiker: rollen, regio's en tweede factor",
		Tag:      "identity",
		Resource: "account",
		Action:   "read",
		Response: Me{},
		Handler:  kithttp.NewServer(e.Me, httpapi.DecodeNoInput, httpapi.EncodeJSON, opts...),
	}}
}
