package franchise

import (
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the franchise owners module through k's standard chain. forget drops an owner's cached
// sessions, so that new regions apply to its next request.
func New(k httpapi.Kit, db *tenants.DB, a accounts.Service, forget func(uuid.UUID)) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}, a, forget))...)
}
