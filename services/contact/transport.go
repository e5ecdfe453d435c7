package contact

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// ListSpec is a job's contact log (D25): newest first; a job has a handful.
var ListSpec = list.Spec{
	Sorts: []string{"tijdstip"}, DefaultSort: "tijdstip", DefaultOrder: list.Desc, Tiebreak: []string{"id"},
	PerPage: 50, MaxPerPage: 100,
}

const base = "/api/v1/klussen/{id}/contacten"

// routes is the contact log's route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: base, Summary: "De vastgelegde contacten met de klant van een klus, nieuwste eerst (D26)",
			Tag: "klussen", Resource: "klus_contacten", Op: "ListContacts", Decode: decodeList}, &ListSpec, s.List),
		{Method: http.MethodPost, Path: base, Summary: "Contact vastleggen: gebeld, WhatsApp of e-mail, met een notitie (D26)",
			Tag: "klussen", Resource: "klus_contacten", Action: "create", Request: Form{}, Response: Answer{},
			Op: "LogContact", Endpoint: httpapi.WithBody(s.Log), Decode: decodeLog, Status: http.StatusCreated},
	}
}

var decodeLog = httpapi.DecodeIDBodyOf[Form](ErrNotFound, "klus_id", 8<<10)

func decodeList(_ context.Context, r *http.Request) (any, error) {
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		return nil, ErrNotFound
	}
	p, err := list.Parse(&ListSpec, r.URL.Query())
	if err != nil {
		return nil, err
	}
	return ListRequest{ID: id, Params: p}, nil
}
