package tenants_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants"
)

func TestActorValidate(t *testing.T) {
	user := uuid.New()
	tests := []struct {
		name    string
		actor   tenants.Actor
		wantErr string // "" for a valid actor
	}{
		{"visitor", tenants.AnonymousActor(), ""},
		{"signed-in user", tenants.Actor{Role: tenants.Authenticated, UserID: user}, ""},
		{"klusser with regions", tenants.Actor{Role: tenants.Klusser, UserID: user, Regions: []string{"den-haag", "utrecht"}}, ""},
		{"franchise owner", tenants.Actor{Role: tenants.Franchise, UserID: user, Regions: []string{"amsterdam"}}, ""},
		{"admin without regions", tenants.Actor{Role: tenants.Admin, UserID: user}, ""},
		{"region with digits", tenants.Actor{Role: tenants.Klusser, UserID: user, Regions: []string{"regio-2"}}, ""},

		{"unknown role", tenants.Actor{Role: "superadmin", UserID: user}, "unknown role"},
		{"empty role", tenants.Actor{UserID: user}, "unknown role"},
		{"role in upper case", tenants.Actor{Role: "Admin", UserID: user}, "unknown role"},
		{"anonymous with a user id", tenants.Actor{Role: tenants.Anonymous, UserID: user}, "anonymous"},
		{"klusser without user id", tenants.Actor{Role: tenants.Klusser, Regions: []string{"den-haag"}}, "without user id"},
		{"admin without user id", tenants.Actor{Role: tenants.Admin}, "without user id"},
		{"region with a space", tenants.Actor{Role: tenants.Klusser, UserID: user, Regions: []string{"den haag"}}, "den haag"},
		{"region with sql", tenants.Actor{Role: tenants.Franchise, UserID: user, Regions: []string{"x;drop"}}, "x;drop"},
		{"region in upper case", tenants.Actor{Role: tenants.Franchise, UserID: user, Regions: []string{"Den-Haag"}}, "Den-Haag"},
		{"empty region", tenants.Actor{Role: tenants.Franchise, UserID: user, Regions: []string{""}}, "malformed region"},
		{"region with a trailing dash", tenants.Actor{Role: tenants.Franchise, UserID: user, Regions: []string{"den-"}}, "den-"},
		{"region with a double dash", tenants.Actor{Role: tenants.Franchise, UserID: user, Regions: []string{"den--haag"}}, "den--haag"},
		{"second region malformed", tenants.Actor{Role: tenants.Klusser, UserID: user, Regions: []string{"utrecht", "den_haag"}}, "den_haag"},
		{"region with a quote", tenants.Actor{Role: tenants.Klusser, UserID: user, Regions: []string{"utrecht'"}}, "utrecht'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.actor.Validate()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Validate() accepted %+v", tt.actor)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Validate() = %q, want it to mention %q", err, tt.wantErr)
			}
		})
	}
}

func TestRolesAreKnown(t *testing.T) {
	want := []tenants.Role{tenants.Anonymous, tenants.Authenticated, tenants.Klusser, tenants.Franchise, tenants.Admin}
	if len(tenants.Roles) != len(want) {
		t.Fatalf("Roles = %v, want %v", tenants.Roles, want)
	}
	for i, r := range want {
		if tenants.Roles[i] != r || !r.Valid() {
			t.Errorf("Roles[%d] = %q (valid %v), want %q", i, tenants.Roles[i], tenants.Roles[i].Valid(), r)
		}
	}
	for _, r := range []tenants.Role{"", "root", "klussers", "ADMIN"} {
		if r.Valid() {
			t.Errorf("Role(%q).Valid() = true", r)
		}
	}
}

func TestActorContext(t *testing.T) {
	got := tenants.ActorFrom(context.Background())
	if got.Role != tenants.Anonymous || got.UserID != uuid.Nil || len(got.Regions) != 0 {
		t.Errorf("ActorFrom(empty context) = %+v, want the anonymous visitor", got)
	}
	if err := got.Validate(); err != nil {
		t.Errorf("the anonymous actor of an empty context is invalid: %v", err)
	}

	klusser := tenants.Actor{Role: tenants.Klusser, UserID: uuid.New(), Regions: []string{"den-haag"}}
	ctx := tenants.WithActor(context.Background(), klusser)
	got = tenants.ActorFrom(ctx)
	if got.Role != klusser.Role || got.UserID != klusser.UserID || len(got.Regions) != 1 || got.Regions[0] != "den-haag" {
		t.Errorf("ActorFrom(WithActor(klusser)) = %+v, want %+v", got, klusser)
	}
	// A derived context keeps the actor; the parent is unchanged.
	child, cancel := context.WithCancel(ctx)
	defer cancel()
	if tenants.ActorFrom(child).UserID != klusser.UserID {
		t.Error("derived context lost the actor")
	}
	if tenants.ActorFrom(context.Background()).Role != tenants.Anonymous {
		t.Error("WithActor changed the parent context")
	}
}
