package policy

import (
	"fmt"
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// Protect wraps a route's handler with its authorization: the actor of the request (set earlier
// by the session middleware) must be allowed the route's resource and action in the region named
// by the route's RegionParam. A visitor without a session gets 401, a signed-in user 403.
// It panics at start-up for a route whose permission the policy does not know.
func (p *Enforcer) Protect(rt httpapi.Route) http.Handler {
	if !p.Known(rt.Resource, rt.Action) {
		panic(fmt.Sprintf("policy: route %s needs %s/%s, which policy.csv does not mention", rt.Pattern(), rt.Resource, rt.Action))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		actor := tenants.ActorFrom(r.Context())
		region := ""
		if rt.RegionParam != "" {
			region = r.PathValue(rt.RegionParam)
		}
		if !p.Allowed(actor, region, rt.Resource, rt.Action) {
			if actor.Role == tenants.Anonymous {
				httpapi.WriteError(w, r, httpapi.UnauthorizedFor(r.Context()))
			} else {
				httpapi.WriteError(w, r, httpapi.Forbidden())
			}
			return
		}
		rt.Handler.ServeHTTP(w, r)
	})
}
