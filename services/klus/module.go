package klus

import (
	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// NewBeheer is the back office's jobs module (admins, and franchise owners for their regions):
// its routes, served by the service on db, queueing notifications with enqueue, through k's
// standard chain.
func NewBeheer(k httpapi.Kit, db *tenants.DB, enqueue jobs.Enqueue) []httpapi.Route {
	return k.Routes(beheerRoutes(NewBeheerService(&beheerStore{db: db, enqueue: enqueue}))...)
}

// NewPortaal is the klusser portal module: its routes, served by the service on db, queueing
// notifications and e-mails with enqueue, with business dates from clock and contactPhone as the
// last support number (D19), through k's standard chain.
func NewPortaal(k httpapi.Kit, db *tenants.DB, enqueue jobs.Enqueue, clock calendar.Clock, contactPhone string) []httpapi.Route {
	return k.Routes(portaalRoutes(NewPortaalService(&portaalStore{db: db, enqueue: enqueue}, clock, contactPhone))...)
}
