package showcase

import (
	"context"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Routes returns the showcase's HTTP routes; the server mounts them behind the policy middleware.
func Routes(e Endpoints) []httpapi.Route {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(httpapi.EncodeError)}
	return []httpapi.Route{{
		Method:   http.MethodGet,
		Path:     "/api/v1/public/klussers",
		Summary:  "Actieve klussers die zichtbaar zijn op de website, best beoordeeld eerst",
		Tag:      "showcase",
		Resource: "public_klussers",
		Action:   "read",
		Response: ListResponse{},
		Handler:  kithttp.NewServer(e.List, decodeListRequest, httpapi.EncodeJSON, opts...),
	}}
}

func decodeListRequest(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	return listRequest{}, nil
}
