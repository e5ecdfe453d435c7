package klusser

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the klusser portal module: its routes, served by the service on db, queueing
// notifications and e-mails with enqueue, with business dates from clock and contactPhone as the
// last support number (D19), through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, enqueue Enqueue, clock calendar.Clock, contactPhone string) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db, enqueue: enqueue}, clock, contactPhone))...)
}
