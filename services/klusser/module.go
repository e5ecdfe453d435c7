package klusser

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// NewBeheer is the back office's klussers module through k's standard chain. a makes and removes
// accounts (nil without Kratos: creating and deleting answer 503); blobs removes a deleted
// klusser's files; publicURL gives a showcase photo's address. Every write forgets the showcase's
// pages in showcase, so the site shows it at once (on this server; within ShowcaseTTL on others).
func NewBeheer(k httpapi.Kit, db *tenants.DB, a accounts.Service, blobs Blobs, clock calendar.Clock, publicURL func(string) string,
	showcase *ShowcaseCache) []httpapi.Route {
	routes := beheerRoutes(NewBeheerService(&beheerStore{db: db}, a, blobs, clock, publicURL))
	for i := range routes {
		if routes[i].Method != http.MethodGet {
			routes[i].Endpoint = showcase.ForgetAfter(routes[i].Endpoint)
		}
	}
	return k.Routes(routes...)
}

// NewShowcase is the showcase module: its routes, served by the service on db, with photo URLs made by
// photoURL, its pages kept in showcase. The server lists it; k applies the standard chain.
func NewShowcase(k httpapi.Kit, db *tenants.DB, photoURL PhotoURL, showcase *ShowcaseCache) []httpapi.Route {
	return k.Routes(showcaseRoutes(showcase.serve(NewShowcaseService(&showcaseStore{db: db}, photoURL)))...)
}
