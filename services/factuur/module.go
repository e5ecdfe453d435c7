package factuur

import (
	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the invoice module: its routes, served on db with the PDFs in blobs and site's brand and
// contact details on them (D19), through k's standard chain; a payment registered at the door
// queues the invoice e-mail with enqueue.
func New(k httpapi.Kit, db *tenants.DB, blobs files.Storage, site Site, enqueue jobs.Enqueue) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db, blobs: blobs, site: site, enqueue: enqueue}))...)
}

// NewBeheer is the back office's invoices module through k's standard chain; a credit invoice is
// dated and numbered by clock's Dutch date.
func NewBeheer(k httpapi.Kit, db *tenants.DB, enqueue jobs.Enqueue, clock calendar.Clock) []httpapi.Route {
	return k.Routes(append(beheerRoutes(NewBeheerService(&beheerStore{db: db, enqueue: enqueue, clock: clock})),
		uitgeverRoutes(&uitgeverStore{db: db})...)...)
}
