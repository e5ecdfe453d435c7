// Package tenants is the one door to the database. Regions are the tenants of Klusmaat (D1); every
// request acts as an Actor (a user id, a role and the regions it belongs to), and every query runs
// inside DB.InTx, which hands that actor to PostgreSQL so that row-level security applies (D4).
// No service opens a connection another way.
package tenants

import (
	"context"
	"fmt"
	"regexp"
	"slices"

	"github.com/google/uuid"
)

// Role is what an actor is to the platform. It decides which policies apply, both in Casbin
// (policy/) and in PostgreSQL's row-level security.
type Role string

const (
	// Anonymous is a visitor without a session: the public site.
	Anonymous Role = "anonymous"
	// Authenticated is a signed-in user with no role (yet); it may read only its own account rows.
	Authenticated Role = "authenticated"
	// Klusser is a handyman: a user with the role klusser and a profile (D14).
	Klusser Role = "klusser"
	// Franchise is a franchise owner, confined to its regions (D3).
	Franchise Role = "franchise"
	// Admin sees and manages everything, across all regions.
	Admin Role = "admin"
)

// Roles lists every role, least privileged first.
var Roles = []Role{Anonymous, Authenticated, Klusser, Franchise, Admin}

// Valid reports whether r is one of the known roles.
func (r Role) Valid() bool { return slices.Contains(Roles, r) }

// Actor is who a request or a background job acts as.
type Actor struct {
	// UserID is the Kratos identity id (D12); uuid.Nil for anonymous visitors.
	UserID uuid.UUID
	Role   Role
	// Regions are region slugs (D3); empty for anonymous visitors and admins.
	Regions []string
}

// AnonymousActor is the actor of a visitor without a session.
func AnonymousActor() Actor { return Actor{Role: Anonymous} }

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidSlug reports whether s has the form of a region slug (lower case, digits, single hyphens).
func ValidSlug(s string) bool { return slugPattern.MatchString(s) }

// Validate refuses actors that would confuse the database policies: an unknown role, a signed-in
// role without a user, a user on the anonymous role, or a malformed region slug.
func (a Actor) Validate() error {
	if !a.Role.Valid() {
		return fmt.Errorf("tenants: unknown role %q", a.Role)
	}
	if a.Role == Anonymous && a.UserID != uuid.Nil {
		return fmt.Errorf("tenants: anonymous actor with user id %s", a.UserID)
	}
	if a.Role != Anonymous && a.UserID == uuid.Nil {
		return fmt.Errorf("tenants: %s actor without user id", a.Role)
	}
	for _, r := range a.Regions {
		if !slugPattern.MatchString(r) {
			return fmt.Errorf("tenants: malformed region slug %q", r)
		}
	}
	return nil
}

type actorKey struct{}

// WithActor returns a context that carries the actor; the HTTP middleware sets it once per request.
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorFrom returns the actor of the context. A context without one is anonymous: it is never
// more privileged than a visitor.
func ActorFrom(ctx context.Context) Actor {
	if a, ok := ctx.Value(actorKey{}).(Actor); ok {
		return a
	}
	return AnonymousActor()
}

// SystemUserID is the user id of the platform itself, as the actor of background work (jobs
// that notify users, pruning). Audit entries by the system carry it.
var SystemUserID = uuid.MustParse("00000000-0000-0000-0000-000000000001")

// SystemActor is who background workers act as: an admin without a person behind it.
func SystemActor() Actor { return Actor{UserID: SystemUserID, Role: Admin} }
