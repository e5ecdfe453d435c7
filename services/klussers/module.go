package klussers

import (
	"github.com/klusmaat/klusmaat/services/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the back office's klussers module (list and read-only detail) through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}))...)
}
