package aanmelding

import (
	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the public application module: its routes, served by the service on db, each address
// limited by limiter, through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, limiter *httpapi.Limiter) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}), limiter)...)
}

// BeheerModule is the back office's applications module. a makes accounts, blobs keeps the VOG,
// enqueue sends e-mails (each nil-able: what needs it then answers 503).
func BeheerModule(k httpapi.Kit, db *tenants.DB, a accounts.Service, blobs Blobs, enqueue jobs.Enqueue) []httpapi.Route {
	return k.Routes(beheerRoutes(NewBeheer(&beheerStore{db: db}, a, blobs, enqueue))...)
}
