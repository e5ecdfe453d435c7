package emailjobs

import (
	"context"
	"errors"
	"net/http"
	"strings"

	kithttp "github.com/go-kit/kit/transport/http"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Routes returns the service's HTTP routes.
func Routes(e Endpoints) []httpapi.Route {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	return []httpapi.Route{{
		Method:   http.MethodGet,
		Path:     "/api/v1/email-jobs",
		Summary:  "Uitgaande e-mails met ontvanger, sjabloon, status, pogingen en laatste fout",
		Tag:      "emailjobs",
		Resource: "email_jobs",
		Action:   "read",
		Query:    []httpapi.Param{{Name: "state", Description: strings.Join(States, ", ")}},
		Response: ListResponse{},
		Handler:  kithttp.NewServer(e.List, decodeList, httpapi.EncodeJSON, opts...),
	}}
}

func decodeList(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r, "state"); err != nil {
		return nil, err
	}
	return listRequest{State: r.URL.Query().Get("state")}, nil
}

func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	if errors.Is(err, ErrUnknownState) {
		err = httpapi.BadRequest("invalid_state", "Onbekende status. Kies uit: "+strings.Join(States, ", ")+".",
			map[string]string{"state": "Onbekende status."})
	}
	httpapi.EncodeError(ctx, err, w)
}
