package aanmelding

import (
	"context"
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// MaxBody bounds an application (motivation and experience are the long fields).
const MaxBody = 32 << 10

// TooMany is what a visitor reads when an address sent too many applications in a short time.
const TooMany = "U heeft zojuist al een aanmelding verstuurd. Probeer het over een paar minuten opnieuw, of bel ons."

// routes is the service's route table; limiter bounds applications per client address.
func routes(s Service, limiter *httpapi.Limiter) []httpapi.Route {
	return []httpapi.Route{{
		Method: http.MethodPost, Path: "/api/v1/public/aanmeldingen", Summary: "Aanmelden als klusser",
		Tag: "aanmeldingen", Resource: "aanmeldingen", Action: "create", Request: Aanmelding{}, Response: Result{},
		Op: "Submit", Endpoint: httpapi.Typed(s.Submit), Decode: decode, Status: http.StatusCreated,
		Limit: limiter, LimitMessage: TooMany,
	}}
}

func decode(_ context.Context, r *http.Request) (any, error) {
	var a Aanmelding
	if err := httpapi.DecodeJSON(nil, r, &a, MaxBody); err != nil {
		return nil, err
	}
	return a, nil
}
