package klussers

import (
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// New is the back office's klussers module through k's standard chain. a makes and removes
// accounts (nil without Kratos: creating and deleting answer 503); blobs removes a deleted
// klusser's files; publicURL gives a showcase photo's address.
func New(k httpapi.Kit, db *tenants.DB, a accounts.Service, blobs Blobs, clock calendar.Clock, publicURL func(string) string) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}, a, blobs, clock, publicURL))...)
}
