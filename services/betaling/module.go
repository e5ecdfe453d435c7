package betaling

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the payments module: booking and following payments, and the bank statements, on db,
// dated by clock, through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, clock calendar.Clock) []httpapi.Route {
	return k.Routes(routes(NewService(db, clock), &Importer{db: db})...)
}
