package klant

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the customers module through k's standard chain, with today's Dutch date from clock.
func New(k httpapi.Kit, db *tenants.DB, clock calendar.Clock) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}, clock))...)
}
