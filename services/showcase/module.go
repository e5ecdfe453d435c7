package showcase

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the showcase module: its routes, served by the service on db, with photo URLs made by
// photoURL. The server lists it; k applies the standard chain.
func New(k httpapi.Kit, db *tenants.DB, photoURL PhotoURL) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}, photoURL))...)
}
