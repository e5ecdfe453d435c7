package schouw

import (
	"net/http"

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
			Op: "PlanSchouw", Endpoint: httpapi.WithBody(s.Plan), Decode: decodePlan},
		{Method: http.MethodPost, Path: base + "/uitkomst", Summary: "De uitkomst van de schouw vastleggen",
			Tag: "klussen", Resource: "klus_schouw", Action: "update", Request: Uitkomst{}, Response: Answer{},
			Op: "RecordSchouw", Endpoint: httpapi.WithBody(s.Record), Decode: decodeUitkomst},
		{Method: http.MethodPost, Path: base + "/annuleren", Summary: "De geplande schouw annuleren (met een optionele reden); de klant krijgt een e-mail en de schouw geen herinnering (D33)",
			Tag: "klussen", Resource: "klus_schouw", Action: "cancel", Request: Annulering{}, Response: Answer{},
			Op: "CancelSchouw", Endpoint: httpapi.WithBody(s.Cancel), Decode: decodeAnnuleer},
	}
}

var decodeAnnuleer = httpapi.DecodeIDBodyOf[Annulering](ErrNotFound, "klus_id", 8<<10)

var decodeID = httpapi.DecodeIDRequest(ErrNotFound, "klus_id")

var decodePlan = httpapi.DecodeIDBodyOf[Planning](ErrNotFound, "klus_id", 4<<10)

var decodeUitkomst = httpapi.DecodeIDBodyOf[Uitkomst](ErrNotFound, "klus_id", 16<<10)
