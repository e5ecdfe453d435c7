package avg

import (
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the AVG module: export and erase of a customer's data, files in blobs, invoices rendered
// with site when their PDF is not stored yet.
func New(k httpapi.Kit, db *tenants.DB, blobs files.Storage, site factuur.Site) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db, blobs: blobs, site: site}))...)
}
