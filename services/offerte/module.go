package offerte

import (
	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the quote module: its routes, served by the service on db, queueing the customer's
// e-mail with enqueue, signing the PDF as site, with today's date from now.
func New(k httpapi.Kit, db *tenants.DB, enqueue jobs.Enqueue, site factuur.Site, now calendar.Clock) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db, enqueue: enqueue, site: site}, now))...)
}
