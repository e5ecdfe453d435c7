package schouw

import (
	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the survey module: its routes, served by the service on db, queueing the customer's
// e-mail with enqueue, with today's date from now, through k's standard chain; with blobs, the
// photos of the outcome too.
func New(k httpapi.Kit, db *tenants.DB, enqueue jobs.Enqueue, now calendar.Clock, blobs files.Storage) []httpapi.Route {
	rs := routes(NewService(&pgStore{db: db, enqueue: enqueue}, now))
	if blobs != nil {
		rs = append(rs, fotoRoutes(&fotoStore{db: db, blobs: blobs})...)
	}
	return k.Routes(rs...)
}
