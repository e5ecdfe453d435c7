package aanmaning

import (
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the module of the printable letters: served on db with site's brand and contact details
// on them (D19), through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, site factuur.Site) []httpapi.Route {
	return k.Routes(routes(&letterStore{db: db, site: site})...)
}
