package werkbon

import (
	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the work order module: its routes, served on db, with signatures in blobs, the invoice
// PDF queued with enqueue and the invoice year from clock, through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, blobs files.Storage, enqueue jobs.Enqueue, clock calendar.Clock) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db, blobs: blobs, enqueue: enqueue, clock: clock}))...)
}

// NewBeheer is the work order overview module through k's standard chain.
func NewBeheer(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(beheerRoutes(&beheerStore{db: db})...)
}
