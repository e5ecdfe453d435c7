package files

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the files module: the private upload and download routes, served by the service on db
// with the bytes in blobs, through k's standard chain. The public photos (PublicHandler) are no
// API route; the server mounts them itself.
func New(k httpapi.Kit, db *tenants.DB, blobs Storage) []httpapi.Route {
	return k.Routes(routes(NewService(&pgStore{db: db}, blobs))...)
}
