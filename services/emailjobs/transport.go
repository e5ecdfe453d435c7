package emailjobs

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/listing"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// ListSpec is the e-mail job list (D25): newest first, by state, searchable by recipient.
var ListSpec = list.Spec{
	Sorts:       []string{"id", "created_at", "state", "attempts", "recipient", "template"},
	DefaultSort: "id", DefaultOrder: list.Desc,
	Tiebreak: []string{"id"},
	Filters:  []list.Filter{{Name: "state", Description: "Alleen e-mails met deze status", Values: States}},
	Search:   "ontvanger (een deel van het e-mailadres)",
}

// routes is the route table: the one list, served by q.
func routes(q listing.Query[Job]) []httpapi.Route {
	return []httpapi.Route{{
		Method:   http.MethodGet,
		Path:     "/api/v1/email-jobs",
		Summary:  "Uitgaande e-mails met ontvanger, sjabloon, status, pogingen en laatste fout",
		Tag:      "emailjobs",
		Resource: "email_jobs",
		Action:   "read",
		List:     &ListSpec,
		Response: list.Page[Job]{},
		Op:       "List", Endpoint: httpapi.Typed(q.List),
	}}
}
