package aanmeldingen

import (
	"context"
	"errors"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"

	"github.com/klusmaat/klusmaat/services/httpapi"
	"github.com/klusmaat/klusmaat/services/validate"
)

// MaxBody bounds an application (motivation and experience are the long fields).
const MaxBody = 32 << 10

// TooMany is what a visitor reads when an address sent too many applications in a short time.
const TooMany = "U heeft zojuist al een aanmelding verstuurd. Probeer het over een paar minuten opnieuw, of bel ons."

// Routes returns the service's HTTP routes; limiter bounds applications per client address.
func Routes(e Endpoints, limiter *httpapi.Limiter) []httpapi.Route {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	return []httpapi.Route{{
		Method: http.MethodPost, Path: "/api/v1/public/aanmeldingen", Summary: "Aanmelden als klusser",
		Tag: "aanmeldingen", Resource: "aanmeldingen", Action: "create", Request: Aanmelding{}, Response: Result{},
		Handler: httpapi.LimitByIP(limiter, TooMany, kithttp.NewServer(e.Submit, decode, httpapi.EncodeWithStatus(http.StatusCreated), opts...)),
	}}
}

func decode(_ context.Context, r *http.Request) (any, error) {
	var a Aanmelding
	if err := httpapi.DecodeJSON(nil, r, &a, MaxBody); err != nil {
		return nil, err
	}
	return a, nil
}

func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var fields validate.Errors
	switch {
	case errors.Is(err, ErrRejected):
		err = httpapi.BadRequest("rejected", "Er ging iets mis bij het versturen van uw aanmelding. Probeer het opnieuw.", nil)
	case errors.As(err, &fields):
		err = httpapi.BadRequest("invalid_aanmelding", summary(fields), fields)
	}
	httpapi.EncodeError(ctx, err, w)
}

// summary is the form's message on top: the spec's text when a required field is missing, else a
// pointer to the marked fields.
func summary(f validate.Errors) string {
	for _, field := range []string{"naam", "telefoon", "motivatie", "beschikbaarheid"} {
		if f[field] == MsgVerplicht {
			return MsgVerplicht
		}
	}
	return "Controleer de gemarkeerde velden."
}
