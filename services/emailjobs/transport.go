package emailjobs

import (
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
	return []httpapi.Route{httpapi.ListRoute(httpapi.Route{Path: "/api/v1/email-jobs", Tag: "emailjobs", Resource: "email_jobs",
		Summary: "Uitgaande e-mails met ontvanger, sjabloon, status, pogingen en laatste fout"}, &ListSpec, q.List)}
}
