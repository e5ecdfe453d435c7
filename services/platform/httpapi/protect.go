package httpapi

import (
	"fmt"
	"net/http"

	"github.com/klusmaat/klusmaat/tenants"
)

// Authorizer is the policy a route is checked against (policy.Enforcer, Casbin): whether it knows
// a permission at all, and whether an actor has it in a region. The interface keeps the HTTP
// side here, so policy/ depends on nothing above it.
type Authorizer interface {
	Known(resource, action string) bool
	Allowed(actor tenants.Actor, region, resource, action string) bool
}

// Protect wraps a route's handler with its authorization: the actor of the request (set earlier
// by the session middleware) must be allowed the route's resource and action in the region named
// by the route's RegionParam. A visitor without a session gets 401, a signed-in user 403.
// It panics at start-up for a route whose permission the policy does not know.
func Protect(a Authorizer, rt Route) http.Handler {
	if !a.Known(rt.Resource, rt.Action) {
		panic(fmt.Sprintf("policy: route %s needs %s/%s, which policy.csv does not mention", rt.Pattern(), rt.Resource, rt.Action))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		actor := tenants.ActorFrom(r.Context())
		region := ""
		if rt.RegionParam != "" {
			region = r.PathValue(rt.RegionParam)
		}
		if !a.Allowed(actor, region, rt.Resource, rt.Action) {
			if actor.Role == tenants.Anonymous {
				WriteError(w, r, UnauthorizedFor(r.Context()))
			} else {
				WriteError(w, r, Forbidden())
			}
			return
		}
		rt.Handler.ServeHTTP(w, r)
	})
}
