package notifications

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// ListSpec is the inbox list (D25): newest first, fifty to a page.
var ListSpec = list.Spec{
	Sorts:       []string{"created_at"},
	DefaultSort: "created_at", DefaultOrder: list.Desc,
	Tiebreak: []string{"id"},
	PerPage:  50,
}

// routes is the inbox's route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/notifications", Summary: "Mijn meldingen, nieuwste eerst, met het aantal ongelezen",
			Tag: "notifications", Resource: "notifications", List: &ListSpec,
			Op: "List"}, s.List),
		{Method: http.MethodGet, Path: "/api/v1/notifications/unread-count", Summary: "Aantal ongelezen meldingen",
			Tag: "notifications", Resource: "notifications", Action: "read", Response: CountResponse{},
			Op: "UnreadCount", Endpoint: makeUnreadCountEndpoint(s)},
		{Method: http.MethodPost, Path: "/api/v1/notifications/{id}/read", Summary: "Markeer een melding als gelezen",
			Tag: "notifications", Resource: "notifications", Action: "update", Response: MarkedResponse{},
			Op: "MarkRead", Endpoint: makeMarkReadEndpoint(s), Decode: httpapi.DecodeIDRequest(ErrNotFound, "notification_id")},
		{Method: http.MethodPost, Path: "/api/v1/notifications/read-all", Summary: "Markeer alle meldingen als gelezen",
			Tag: "notifications", Resource: "notifications", Action: "update", Response: MarkedResponse{},
			Op: "MarkAllRead", Endpoint: makeMarkAllReadEndpoint(s)},
	}
}
