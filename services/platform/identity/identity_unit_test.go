package identity

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// Staff login priority (document 000 section 6): admin, then franchise, then klusser.
func TestPrimaryRole(t *testing.T) {
	cases := []struct {
		roles []tenants.Role
		want  tenants.Role
	}{
		{[]tenants.Role{tenants.Klusser, tenants.Admin}, tenants.Admin},
		{[]tenants.Role{tenants.Klusser, tenants.Franchise}, tenants.Franchise},
		{[]tenants.Role{tenants.Klusser}, tenants.Klusser},
		{nil, tenants.Authenticated},
	}
	for _, c := range cases {
		if got := PrimaryRole(c.roles); got != c.want {
			t.Errorf("PrimaryRole(%v) = %s, want %s", c.roles, got, c.want)
		}
	}
}

func TestLoginIdentifierIsNormalised(t *testing.T) {
	for ct, body := range map[string]string{
		"application/json":                  `{"identifier":" Piet@Example.NL ","password":"x"}`,
		"application/x-www-form-urlencoded": "identifier=PIET%40example.nl&password=x",
	} {
		r := httptest.NewRequest("POST", "/.ory/self-service/login?flow=x", strings.NewReader(body))
		r.Header.Set("Content-Type", ct)
		form, err := readFlowForm(r)
		if err != nil || form.account("login") != "piet@example.nl" {
			t.Errorf("%s: %q %v", ct, form.account("login"), err)
		}
	}
}

// The per-account limit counts across addresses, and an oversized sign-in body is refused.
func TestLimitLogin(t *testing.T) {
	l := LoginLimits{PerIP: httpapi.NewLimiter(100, time.Minute), PerAccount: httpapi.NewLimiter(2, time.Minute)}
	for i, ip := range []string{"10.0.0.1:1", "10.0.0.2:1", "10.0.0.3:1"} {
		r := httptest.NewRequest("POST", "/.ory/self-service/login?flow=x", strings.NewReader(`{"identifier":"a@b.nl"}`))
		r.Header.Set("Content-Type", "application/json")
		r.RemoteAddr = ip
		err := l.check(r, "login")
		if (i < 2) != (err == nil) {
			t.Fatalf("attempt %d from %s: %v", i+1, ip, err)
		}
	}
	big := httptest.NewRequest("POST", "/.ory/self-service/login", strings.NewReader(strings.Repeat("x", httpapi.MaxBodyBytes+10)))
	if err := l.check(big, "login"); err == nil || err.Status != 413 {
		t.Fatalf("oversized body: %v", err)
	}
}
