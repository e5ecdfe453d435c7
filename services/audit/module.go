package audit

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the audit log module through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}))...)
}
