package emailjobs

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the e-mail job module: its route, served by the query on db, through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(routes(query(db))...)
}
