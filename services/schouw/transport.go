package schouw

import (
	"context"
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

const base = "/api/v1/klussen/{id}/schouw"

// routes is the survey's route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodGet, Path: base, Summary: "De schouw van een klus (of null als er geen is gepland)",
			Tag: "klussen", Resource: "klus_schouw", Action: "read", Response: One{},
			Op: "GetSchouw", Endpoint: httpapi.Typed(s.Get), Decode: decodeID},
		{Method: http.MethodPut, Path: base, Summary: "Een gratis schouw plannen of wijzigen; de klant krijgt een e-mail met de statuslink (D26)",
			Tag: "klussen", Resource: "klus_schouw", Action: "update", Request: Planning{}, Response: Answer{},
			Op: "PlanSchouw", Endpoint: httpapi.Typed(s.Plan), Decode: decodePlan},
		{Method: http.MethodPost, Path: base + "/uitkomst", Summary: "De uitkomst van de schouw vastleggen",
			Tag: "klussen", Resource: "klus_schouw", Action: "update", Request: Uitkomst{}, Response: Answer{},
			Op: "RecordSchouw", Endpoint: httpapi.Typed(s.Record), Decode: decodeUitkomst},
		{Method: http.MethodPost, Path: base + "/annuleren", Summary: "De geplande schouw annuleren (met een optionele reden); de klant krijgt een e-mail en de schouw geen herinnering (D33)",
			Tag: "klussen", Resource: "klus_schouw", Action: "cancel", Request: Annulering{}, Response: Answer{},
			Op: "CancelSchouw", Endpoint: httpapi.Typed(s.Cancel), Decode: decodeAnnuleer},
	}
}

func decodeAnnuleer(_ context.Context, r *http.Request) (any, error) {
	id, err := httpapi.PathID(r, ErrNotFound)
	if err != nil {
		return nil, err
	}
	req := AnnuleerRequest{ID: id}
	return req, httpapi.DecodeJSON(nil, r, &req.Annulering, 8<<10)
}

func decodeID(_ context.Context, r *http.Request) (any, error) {
	id, err := httpapi.PathID(r, ErrNotFound)
	return IDRequest{ID: id}, err
}

func decodePlan(_ context.Context, r *http.Request) (any, error) {
	id, err := httpapi.PathID(r, ErrNotFound)
	if err != nil {
		return nil, err
	}
	req := PlanRequest{ID: id}
	return req, httpapi.DecodeJSON(nil, r, &req.Planning, 4<<10)
}

func decodeUitkomst(_ context.Context, r *http.Request) (any, error) {
	id, err := httpapi.PathID(r, ErrNotFound)
	if err != nil {
		return nil, err
	}
	req := UitkomstRequest{ID: id}
	return req, httpapi.DecodeJSON(nil, r, &req.Uitkomst, 16<<10)
}
