package contact

import (
	"time"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the contact log module: its routes, served by the service on db, through k's standard
// chain.
func New(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}, time.Now))...)
}
