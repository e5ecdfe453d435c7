package klussen

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// Beheer is the jobs management module (the list is New's): its routes, served by the service on
// db, queueing notifications with enqueue, through k's standard chain.
func Beheer(k httpapi.Kit, db *tenants.DB, enqueue Enqueue) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db, enqueue: enqueue}))...)
}
