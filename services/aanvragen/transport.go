package aanvragen

import (
	"context"
	"errors"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"

	"github.com/klusmaat/klusmaat/services/httpapi"
	"github.com/klusmaat/klusmaat/services/validate"
)

// MaxBody is the largest request the wizard sends (a 200-character description and contact
// details fit many times over).
const MaxBody = 16 << 10

// TooMany is what a visitor reads when an address sent too many requests in a short time.
const TooMany = "U heeft zojuist al een aanvraag verstuurd. Probeer het over een paar minuten opnieuw, of bel ons."

// Routes returns the service's HTTP routes; limiter bounds requests per client address.
func Routes(e Endpoints, limiter *httpapi.Limiter) []httpapi.Route {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	return []httpapi.Route{
		{Method: http.MethodPost, Path: "/api/v1/public/aanvragen", Summary: "Een klus aanvragen (de aanvraagwizard)",
			Tag: "aanvragen", Resource: "klus_aanvragen", Action: "create", Request: Aanvraag{}, Response: Result{},
			Handler: httpapi.LimitByIP(limiter, TooMany, kithttp.NewServer(e.Submit, decodeAanvraag, httpapi.EncodeWithStatus(http.StatusCreated), opts...))},
		{Method: http.MethodGet, Path: "/api/v1/public/woonplaatsen", Summary: "Woonplaatsen van de actieve regio's",
			Tag: "aanvragen", Resource: "public_towns", Action: "read", Response: TownsResponse{},
			Handler: kithttp.NewServer(e.Towns, httpapi.DecodeNoInput, httpapi.EncodeJSON, opts...)},
		{Method: http.MethodGet, Path: "/api/v1/public/categorieen", Summary: "Soorten klussen op het aanvraagformulier",
			Tag: "aanvragen", Resource: "public_categorieen", Action: "read", Response: CategoriesResponse{},
			Handler: kithttp.NewServer(e.Categories, httpapi.DecodeNoInput, httpapi.EncodeJSON, opts...)},
	}
}

func decodeAanvraag(_ context.Context, r *http.Request) (any, error) {
	var a Aanvraag
	if err := httpapi.DecodeJSON(nil, r, &a, MaxBody); err != nil {
		return nil, err
	}
	return a, nil
}

// encodeError turns field messages into a 400 with the step's message on top.
func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var fields validate.Errors
	switch {
	case errors.Is(err, ErrRejected):
		err = httpapi.BadRequest("rejected", "Uw aanvraag kon niet worden verstuurd. Bel ons gerust, dan helpen wij u verder.", nil)
	case errors.As(err, &fields):
		err = httpapi.BadRequest("invalid_aanvraag", firstMessage(fields), fields)
	}
	httpapi.EncodeError(ctx, err, w)
}

// firstMessage is the message of the earliest wizard step that has a problem.
func firstMessage(f validate.Errors) string {
	for _, field := range []string{"categorie", "beschrijving", "datum", "tijd", "naam", "telefoon", "adres", "postcode", "woonplaats", "email", "contact_voorkeur"} {
		if m, ok := f[field]; ok {
			return m
		}
	}
	return MsgVerplicht
}
