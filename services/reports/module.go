package reports

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the charts module: its routes, served by the service on db, with today's date from now.
func New(k httpapi.Kit, db *tenants.DB, now calendar.Clock) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}, now))...)
}
