package policy_test

import (
	"testing"

	"github.com/casbin/casbin/v2"

	"github.com/klusmaat/klusmaat/tenants"
)

// The enforcer remembers its answers (the policy never changes while the server runs). What it
// remembers is keyed by the region as seen from the actor, never by the region itself: one
// franchise owner's "not your region" must not become another's answer for the same region.
func TestRememberedAnswersFollowTheActorsRegions(t *testing.T) {
	e := newEnforcer(t)
	denHaag := actorFor(tenants.Franchise, "den-haag")
	utrecht := actorFor(tenants.Franchise, "utrecht")
	for round := 1; round <= 3; round++ {
		if e.Allowed(denHaag, "utrecht", "franchise_settings", "read") {
			t.Errorf("round %d: the owner of den-haag may read utrecht's franchise settings", round)
		}
		if !e.Allowed(utrecht, "utrecht", "franchise_settings", "read") {
			t.Errorf("round %d: the owner of utrecht may not read its own franchise settings", round)
		}
		if !e.Allowed(denHaag, "den-haag", "franchise_settings", "read") {
			t.Errorf("round %d: the owner of den-haag may not read its own franchise settings", round)
		}
	}
}

// Asked again, every question of the policy matrix gets the answer Casbin itself gives.
func TestRememberedAnswersEqualCasbins(t *testing.T) {
	e := newEnforcer(t)
	casbinItself := plainCasbin(t)
	actors := map[tenants.Role]tenants.Actor{}
	for _, role := range tenants.Roles {
		actors[role] = actorFor(role, "den-haag")
	}
	asked := 0
	for round := 0; round < 2; round++ {
		for _, pair := range e.Rules() {
			for _, role := range tenants.Roles {
				for _, d := range domains {
					want, err := casbinItself.Enforce(string(role), d.domain, pair[0], pair[1])
					if err != nil {
						t.Fatal(err)
					}
					if got := e.Allowed(actors[role], d.region, pair[0], pair[1]); got != want {
						t.Errorf("round %d: %s %s/%s in %q: %v, Casbin says %v", round, role, pair[0], pair[1], d.domain, got, want)
					}
					asked++
				}
			}
		}
	}
	if asked == 0 {
		t.Fatal("no questions asked")
	}
}

// BenchmarkAllowed compares a remembered answer with Casbin's own evaluation of the same question.
func BenchmarkAllowed(b *testing.B) {
	franchise := actorFor(tenants.Franchise, "den-haag")
	b.Run("remembered", func(b *testing.B) {
		e := newEnforcer(b)
		b.ReportAllocs()
		for b.Loop() {
			e.Allowed(franchise, "den-haag", "klussen", "read")
		}
	})
	b.Run("casbin", func(b *testing.B) {
		c := plainCasbin(b)
		b.ReportAllocs()
		for b.Loop() {
			_, _ = c.Enforce("franchise", "own", "klussen", "read")
		}
	})
}

// plainCasbin is a Casbin enforcer over the same files, without the enforcer's memory.
func plainCasbin(t testing.TB) *casbin.Enforcer {
	t.Helper()
	c, err := casbin.NewEnforcer("model.conf", "policy.csv")
	if err != nil {
		t.Fatal(err)
	}
	return c
}
