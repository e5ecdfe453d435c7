package uitbetaling

import (
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the module of paying klussers (D31): bank accounts, statements, their PDFs with site's
// brand (D19) and the SEPA batches, on db, dated by clock, through k's standard chain. The monthly
// draft is the Worker, which the server registers with the queue.
func New(k httpapi.Kit, db *tenants.DB, clock calendar.Clock, site factuur.Site) []httpapi.Route {
	return k.Routes(routes(NewService(db, clock, site))...)
}
