package exports

import (
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the exports module: its routes, served by the service on db, reading finished files from
// storage and queueing work with enqueue, through k's standard chain.
func New(k httpapi.Kit, db *tenants.DB, storage files.Storage, enqueue Enqueue) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}, StorageFiles(storage), enqueue))...)
}
