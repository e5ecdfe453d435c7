package status

import (
	"net/http"
	"time"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// PerMinute bounds the status requests of one address: the page polls twice a minute; a guesser
// gets a handful of tries (and would need 2^128 of them).
const PerMinute = 30

// NewLimiter is the limit of one address on the status link, shared by the page and its API:
// PerMinute requests a minute, whichever of them it asks for.
func NewLimiter() *httpapi.Limiter { return httpapi.NewLimiter(PerMinute, time.Minute) }

// New is the status page module (now tells today's date); site signs the invoice PDF it draws; photoURL makes a showcase photo's public address; limiter is the
// status link's limit (NewLimiter), the one Page counts on too.
func New(k httpapi.Kit, db *tenants.DB, site factuur.Site, enqueue jobs.Enqueue, links Links, photoURL func(string) string,
	limiter *httpapi.Limiter, now calendar.Clock) []httpapi.Route {
	svc := NewService(&pgStore{db: db, site: site, enqueue: enqueue, now: now}, links, photoURL)
	return k.Routes(routes(svc, limiter)...)
}

// Page tells the web handler what /status/{token} is (web.Handler.Private): 429 when the address
// has used up limiter, else 200 for a link to a request and 404 for anything else (D21). The
// page's check costs a database transaction, so it counts like an API request.
func Page(db *tenants.DB, links Links, limiter *httpapi.Limiter) func(r *http.Request, token string) int {
	// Only whether the link opens a job counts here; the quote's validity date does not.
	svc := NewService(&pgStore{db: db, now: calendar.System}, links, func(string) string { return "" })
	return func(r *http.Request, token string) int {
		if !limiter.Allow(r.Context(), httpapi.ClientIP(r)) {
			return http.StatusTooManyRequests
		}
		if _, err := svc.Get(r.Context(), token); err != nil {
			return http.StatusNotFound
		}
		return http.StatusOK
	}
}
