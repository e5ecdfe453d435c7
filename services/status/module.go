package status

import (
	"net/http"
	"time"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// PerMinute bounds the status requests of one address: the page polls twice a minute; a guesser
// gets a handful of tries (and would need 2^128 of them).
const PerMinute = 30

// New is the status page module; photoURL makes a showcase photo's public address.
func New(k httpapi.Kit, db *tenants.DB, blobs files.Storage, enqueue jobs.Enqueue, links Links, photoURL func(string) string) []httpapi.Route {
	svc := NewService(&pgStore{db: db, blobs: blobs, enqueue: enqueue}, links, photoURL)
	return k.Routes(routes(svc, httpapi.NewLimiter(PerMinute, time.Minute))...)
}

// PageExists tells the web handler whether /status/{token} is a page (D21: else 404).
func PageExists(db *tenants.DB, links Links) func(r *http.Request, token string) bool {
	svc := NewService(&pgStore{db: db}, links, func(string) string { return "" })
	return func(r *http.Request, token string) bool {
		_, err := svc.Get(r.Context(), token)
		return err == nil
	}
}
