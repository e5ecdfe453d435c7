package klusser

import (
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// NewBeheer is the back office's klussers module through k's standard chain. a makes and removes
// accounts (nil without Kratos: creating and deleting answer 503); blobs removes a deleted
// klusser's files; publicURL gives a showcase photo's address.
func NewBeheer(k httpapi.Kit, db *tenants.DB, a accounts.Service, blobs Blobs, clock calendar.Clock, publicURL func(string) string) []httpapi.Route {
	return k.Routes(beheerRoutes(NewBeheerService(&beheerStore{db: db}, a, blobs, clock, publicURL))...)
}

// NewShowcase is the showcase module: its routes, served by the service on db, with photo URLs made by
// photoURL. The server lists it; k applies the standard chain.
func NewShowcase(k httpapi.Kit, db *tenants.DB, photoURL PhotoURL) []httpapi.Route {
	return k.Routes(showcaseRoutes(NewShowcaseService(&showcaseStore{db: db}, photoURL))...)
}
