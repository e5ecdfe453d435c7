package aanvraag

import (
	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the public request module: its routes, served by the service on db, queueing the
// confirmation e-mail with enqueue, with today's date from now, each address limited by limiter,
// through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, enqueue jobs.Enqueue, now calendar.Clock, limiter *httpapi.Limiter) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db, enqueue: enqueue}, now), limiter)...)
}
