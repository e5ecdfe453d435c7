package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// Issue 42, item 6: a NUL or a byte that is not UTF-8 in a query or path parameter answered
// 500 (invalid byte sequence for encoding "UTF8", SQLSTATE 22021) on 36 route/parameter pairs, and
// a quote decision with "versie": 1099511627776 through a valid status link 500 (int4). The
// decoding kit answers 400 with a Dutch message for every parameter of every route
// (httpapi.CheckParams, FuzzRouteParameters); these tests hold the real server to it.

// TestTheIssuesBadBytesAre400: the pairs the security suite named, as the franchise owner of
// den-haag (or the admin, where only an admin may ask), answer 400.
func TestTheIssuesBadBytesAre400(t *testing.T) {
	links := status.NewLinks(dbtest.ActorKey, "")
	p := servertest.NewPortal(t, servertest.Options{Files: true, Links: &links, StatusLimit: httpapi.NewLimiter(1000, time.Minute)})
	franchise := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}})
	admin := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	pairs := []struct {
		who, method, target, body string
	}{
		{franchise, http.MethodGet, "/api/v1/klussen?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/klussen?woonplaats=%00", ""},
		{franchise, http.MethodGet, "/api/v1/klussen/counts?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/klussen/counts?woonplaats=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/klussen/klussers?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/klussers?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/klussers/totalen?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/planning?regio=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/aanmeldingen?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/aanmeldingen/counts?q=%00", ""},
		{franchise, http.MethodGet, "/api/v1/audit?q=%ff", ""},
		{admin, http.MethodGet, "/api/v1/email-jobs?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/facturen?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/facturen/totalen?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/klanten?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/werkbonnen?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/werkbonnen/counts?q=%ff", ""},
		{franchise, http.MethodGet, "/api/v1/klanten/%00", ""},
		{franchise, http.MethodGet, "/api/v1/klanten/a%ff%40example.nl/klussen", ""},
		{admin, http.MethodPut, "/api/v1/factuur-uitgevers/%00", `{}`},
	}
	for _, c := range pairs {
		code, errCode := p.RawCall(t, c.who, c.method, c.target, c.body)
		if code == http.StatusForbidden { // an admin's route: asked by the admin
			code, errCode = p.RawCall(t, admin, c.method, c.target, c.body)
		}
		if code != http.StatusBadRequest || errCode != "invalid_parameter" {
			t.Errorf("%s %s: %d %s, want 400 invalid_parameter", c.method, c.target, code, errCode)
		}
	}
	// The quote decision through a valid link with a version no integer holds.
	target := "/api/v1/status/" + links.Token(uuid.New()) + "/offerte"
	if code, errCode := p.RawCall(t, "anonymous", http.MethodPost, target, `{"versie":1099511627776,"besluit":"akkoord"}`); code != http.StatusBadRequest || errCode != "invalid_field" {
		t.Errorf("POST %s with versie 1099511627776: %d %s, want 400 invalid_field", target, code, errCode)
	}
}

// TestNoParameterIsA500: every path and query parameter of every route of the server, with a NUL
// or a byte that is not UTF-8, as the admin and as a franchise owner: never a 5xx, and a 400
// wherever the actor may call the route at all.
func TestNoParameterIsA500(t *testing.T) {
	links := status.NewLinks(dbtest.ActorKey, "")
	p := servertest.NewPortal(t, servertest.Options{Files: true, Hub: true, Links: &links, Kratos: true, StatusLimit: httpapi.NewLimiter(1<<20, time.Minute)})
	handles := map[string]string{
		"admin":     p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}),
		"franchise": p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}}),
	}
	fill := map[string]string{"id": uuid.NewString(), "email": "klant@example.nl", "token": links.Token(uuid.New()), "regio": "den-haag"}
	pairs, refused := 0, 0
	for _, rt := range p.Routes {
		wildcards := httpapi.Wildcards(rt.Path)
		var query []string
		for _, q := range rt.Query {
			query = append(query, q.Name)
		}
		if rt.List != nil {
			query = append(query, "page", "per_page", "sort", "order")
			if rt.List.Search != "" {
				query = append(query, "q")
			}
			for _, f := range rt.List.Filters {
				query = append(query, f.Name)
			}
		}
		path := func(bad string, at string) string {
			out := rt.Path
			for _, w := range wildcards {
				v := fill[w]
				if v == "" {
					v = "x"
				}
				if w == at {
					v = bad
				}
				out = strings.Replace(strings.Replace(out, "{"+w+"...}", v, 1), "{"+w+"}", v, 1)
			}
			return out
		}
		var targets []string
		for _, bad := range []string{"%00", "%ff", "%c0%af"} {
			for _, w := range wildcards {
				targets = append(targets, path(bad, w))
			}
			for _, q := range query {
				targets = append(targets, path("", "")+"?"+q+"="+bad)
			}
		}
		for _, target := range targets {
			for who, handle := range handles {
				pairs++
				code, errCode := p.RawCall(t, handle, rt.Method, target, "")
				switch {
				case code >= 500:
					t.Errorf("%s %s as %s: %d", rt.Method, target, who, code)
				case code == http.StatusBadRequest && errCode == "invalid_parameter":
					refused++
				case code == http.StatusUnauthorized || code == http.StatusForbidden:
					// the policy refuses the actor before anything is read
				default:
					t.Errorf("%s %s as %s: %d %s, want 400 invalid_parameter", rt.Method, target, who, code, errCode)
				}
			}
		}
	}
	t.Logf("%d route parameters × bad bytes × actors, %d refused with 400", pairs, refused)
	if refused < 100 {
		t.Errorf("only %d refusals: the sweep did not reach the routes", refused)
	}
}
