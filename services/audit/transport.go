package audit

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Spec is the audit list (D25): newest first.
var Spec = list.Spec{
	Sorts: []string{"occurred_at"}, DefaultSort: "occurred_at", DefaultOrder: list.Desc, Tiebreak: []string{"id"},
	Filters: []list.Filter{
		{Name: "actor_id", Description: "wie: het id van de gebruiker"},
		{Name: "action", Description: "wat: status, assign, pool, unassign, archive, delete, update, create, claim, plan, change_plan, download, klant_delete, settings, ..."},
		{Name: "entity", Description: "soort: klus, klant, settings, work_order_photo, ..."},
		{Name: "entity_id", Description: "welke: het id, bijvoorbeeld van een klus (de geschiedenis van die klus)"},
		{Name: "regio", Description: "regio van het gewijzigde"},
		{Name: "van", Description: "vanaf deze datum (JJJJ-MM-DD, Nederlandse tijd)"},
		{Name: "tot", Description: "tot en met deze datum (JJJJ-MM-DD, Nederlandse tijd)"},
	},
	Search: "naam of e-mailadres van wie het deed (een deel)",
}

func routes(s Service) []httpapi.Route {
	return []httpapi.Route{httpapi.ListRoute(httpapi.Route{Path: "/api/v1/audit",
		Summary: "Auditlog (D22): wie wat wanneer wijzigde, met voor en na; nieuwste eerst",
		Tag:     "audit", Resource: "audit_log"}, &Spec, s.List)}
}
