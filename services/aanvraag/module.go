package aanvraag

import (
	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Limits bound the public request form: submissions per client address, and confirmation
// e-mails per recipient address (nil: NewConfirmationLimiter).
type Limits struct {
	PerAddress    *httpapi.Limiter
	Confirmations *httpapi.Limiter
}

// New is the public request module: its routes, served by the service on db, queueing the
// confirmation e-mail with enqueue, with today's date from now, within limits, through k's
// standard chain.
func New(k httpapi.Kit, db *tenants.DB, enqueue jobs.Enqueue, now calendar.Clock, limits Limits) []httpapi.Route {
	svc := &service{store: &pgStore{db: db, enqueue: enqueue}, now: now, confirmations: limits.Confirmations}
	if svc.confirmations == nil {
		svc.confirmations = NewConfirmationLimiter()
	}
	return k.Routes(routes(svc, limits.PerAddress)...)
}
