package schouw

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

const base = "/api/v1/klussen/{id}/schouw"

// routes is the survey's route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodGet, Path: base, Summary: "De schouw van een klus (of null als er geen is gepland)",
			Tag: "klussen", Resource: "klus_schouw", Action: "read", Response: One{},
			Op: "GetSchouw", Endpoint: httpapi.ByID(s.Get), Decode: decodeID},
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

var decodeAnnuleer = httpapi.DecodeIDBody(ErrNotFound, 8<<10, func(r *AnnuleerRequest, id uuid.UUID) any { r.ID = id; return &r.Annulering })

var decodeID = httpapi.DecodeIDRequest(ErrNotFound, "klus_id")

var decodePlan = httpapi.DecodeIDBody(ErrNotFound, 4<<10, func(r *PlanRequest, id uuid.UUID) any { r.ID = id; return &r.Planning })

var decodeUitkomst = httpapi.DecodeIDBody(ErrNotFound, 16<<10, func(r *UitkomstRequest, id uuid.UUID) any { r.ID = id; return &r.Uitkomst })
