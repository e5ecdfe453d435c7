package files

import (
	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// New is the files module: the private upload and download routes, served by the service on db
// with the bytes in blobs, through k's standard chain. The public photos (PublicHandler) are no
// API route; the server mounts them itself. showcasePhotos, when not nil, wraps the endpoints
// that place or remove a klusser's showcase photo (the showcase's cache forgets its pages).
func New(k httpapi.Kit, db *tenants.DB, blobs Storage, showcasePhotos endpoint.Middleware) []httpapi.Route {
	rts := routes(NewService(&pgStore{db: db}, blobs))
	for i := range rts {
		if rts[i].Resource == showcasePhotoResource && showcasePhotos != nil {
			rts[i].Endpoint = showcasePhotos(rts[i].Endpoint)
		}
	}
	return k.Routes(rts...)
}
