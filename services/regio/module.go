package regio

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the regions module: its route, served by the query on db. The server lists it; k applies
// the standard chain.
func New(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(routes(query(db))...)
}
