package settings

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the settings module through k's standard chain: the admin's settings and every
// actor's own regions' support contact.
func New(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}))...)
}
