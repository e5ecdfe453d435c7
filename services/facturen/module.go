package facturen

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the back office's invoices module through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, enqueue Enqueue) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db, enqueue: enqueue}))...)
}
