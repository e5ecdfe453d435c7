package werkbon

import (
	"context"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// Body limits: a completion carries the signature PNG as a data URL; everything else is small.
const (
	MaxBody         = 8 << 10
	MaxAfrondenBody = 1 << 20
)

const base = "/api/v1/klusser"

// routes is the work order's route table. Every write takes the phone's client_id and
// is applied once (D23).
func routes(s Service) []httpapi.Route {
	update := func(r httpapi.Route) httpapi.Route {
		r.Tag, r.Resource = "werkbon", "eigen_werkbonnen"
		if r.Action == "" {
			r.Action = "update"
		}
		return r
	}
	return []httpapi.Route{
		update(httpapi.Route{Method: http.MethodPost, Path: base + "/klussen/{id}/werkbon",
			Summary:  "De werkbon van een eigen klus openen; voor een ingeplande of lopende klus wordt hij aangemaakt",
			Response: Werkbon{}, Op: "Open", Endpoint: makeOpenEndpoint(s), Decode: decodeID}),
		update(httpapi.Route{Method: http.MethodPost, Path: base + "/werkbonnen/{id}/start",
			Summary: "De timer starten: de server zet de starttijd en de klus op bezig (offline: de tijd van de telefoon, D23)",
			Request: Start{}, Response: Werkbon{}, Op: "Start", Endpoint: httpapi.WithBody(s.Start), Decode: decodeBody[Start](MaxBody)}),
		update(httpapi.Route{Method: http.MethodPost, Path: base + "/werkbonnen/{id}/materialen",
			Summary: "Materiaal toevoegen (naam en bedrag boven 0); dezelfde client_id nog eens voegt niets toe",
			Request: MateriaalForm{}, Response: Werkbon{}, Op: "AddMateriaal", Endpoint: httpapi.WithBody(s.AddMateriaal),
			Decode: decodeBody[MateriaalForm](MaxBody)}),
		update(httpapi.Route{Method: http.MethodDelete, Path: base + "/werkbonnen/{id}/materialen/{itemId}",
			Summary:  "Materiaal verwijderen (een al verwijderd materiaal: geen wijziging)",
			Response: Werkbon{}, Op: "RemoveMateriaal", Endpoint: makeRemoveMateriaalEndpoint(s), Decode: decodeItem}),
		update(httpapi.Route{Method: http.MethodPut, Path: base + "/werkbonnen/{id}/notities",
			Summary: "Notities opslaan (automatisch, 3 seconden na het typen)",
			Request: Notities{}, Response: Werkbon{}, Op: "SetNotities", Endpoint: httpapi.WithBody(s.SetNotities),
			Decode: decodeBody[Notities](MaxBody + MaxOpmerkingen*4)}),
		update(httpapi.Route{Method: http.MethodPost, Path: base + "/werkbonnen/{id}/afronden", Action: "complete",
			Summary: "De werkbon afronden met vier beoordelingen en de handtekening: uren naar boven afgerond (D7), factuur met het volgende nummer (D8)",
			Request: Afronden{}, Response: Afronding{}, Op: "Afronden", Endpoint: httpapi.WithBody(s.Afronden),
			Decode: decodeBody[Afronden](MaxAfrondenBody)}),
	}
}

func pathID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(r.PathValue(name))
	if err != nil {
		return uuid.Nil, ErrNotFound // a malformed id names no work order either
	}
	return id, nil
}

var decodeID = httpapi.DecodeIDRequest(ErrNotFound, "id")

func decodeItem(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	item, err := pathID(r, "itemId")
	return itemRequest{ID: id, ItemID: item}, err
}

// decodeBody reads the work order id from the path and a JSON body of type T.
func decodeBody[T any](limit int64) kithttp.DecodeRequestFunc {
	return httpapi.DecodeIDBodyOf[T](ErrNotFound, "werkbon_id", limit)
}
