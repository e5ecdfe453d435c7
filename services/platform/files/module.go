package files

import (
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the files module: the private upload and download routes, served by the service on db
// with the bytes in blobs, through k's standard chain. The public photos (PublicHandler) are no
// API route; the server mounts them itself. showcaseChanged, when not nil, is called after a
// klusser's showcase photo was placed or removed (the showcase's cache forgets its pages).
func New(k httpapi.Kit, db *tenants.DB, blobs Storage, showcaseChanged func()) []httpapi.Route {
	s := &service{store: &pgStore{db: db}, blobs: blobs, showcaseChanged: showcaseChanged}
	return k.Routes(routes(s)...)
}
