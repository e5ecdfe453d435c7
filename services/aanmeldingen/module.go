package aanmeldingen

import (
	"github.com/klusmaat/klusmaat/services/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the public application module: its routes, served by the service on db, each address
// limited by limiter, through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, limiter *httpapi.Limiter) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}), limiter)...)
}
