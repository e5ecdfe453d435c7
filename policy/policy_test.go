package policy_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// scope is where a role may use a permission: in any region, or only in its own regions
// (requests that name no region, or name one of the actor's regions).
type scope string

const (
	anyRegion scope = "*"
	ownRegion scope = "own"
)

// grants maps the roles that hold a permission to the scope in which they hold it; a role that
// is missing is denied in every region.
type grants map[tenants.Role]scope

func (g grants) plus(role tenants.Role, s scope) grants {
	out := grants{}
	for r, sc := range g {
		out[r] = sc
	}
	out[role] = s
	return out
}

var (
	// Doc 000 section 6: public visitors need no session; every signed-in role is also a visitor.
	everyone = grants{tenants.Anonymous: anyRegion, tenants.Authenticated: anyRegion, tenants.Klusser: anyRegion, tenants.Franchise: anyRegion, tenants.Admin: anyRegion}
	// Doc 000 section 6: protected areas need only a session (a user's own account and inbox).
	signedIn     = grants{tenants.Authenticated: anyRegion, tenants.Klusser: anyRegion, tenants.Franchise: anyRegion, tenants.Admin: anyRegion}
	adminOnly    = grants{tenants.Admin: anyRegion}
	klusserAny   = grants{tenants.Klusser: anyRegion}
	klusserOwn   = grants{tenants.Klusser: ownRegion}
	franchiseOwn = adminOnly.plus(tenants.Franchise, ownRegion)
)

// expected is the permission table of section 6 of documents 000 and 001 (with DECISIONS.md),
// written out by hand: it is the specification the policy is checked against, not a copy of
// policy.csv. Every (resource, action) of the policy must appear here and vice versa.
var expected = map[[2]string]grants{
	// Doc 000 §6: "Public visitors can create jobs and applications without logging in. The list
	// of handymen is public." D1: the public town choice lists the towns of active regions.
	{"public_klussers", "read"}: everyone,
	{"public_towns", "read"}:    everyone,
	// D9: the public form offers the public categories, shown by label.
	{"public_categorieen", "read"}: everyone,
	{"klus_aanvragen", "create"}:   everyone,
	// Doc 000 §6 (public application) and doc 001 §6 admin "manages applications".
	{"aanmeldingen", "create"}: everyone,
	{"klus_status", "read"}:    everyone, // the status link (D24): the token is the key
	{"klus_status", "cancel"}:  everyone,
	{"klus_status", "decide"}:  everyone, // the customer's answer on a quote, through the same link

	// Doc 000 §6: protected areas need only a session; doc 001 §6 notifications (own inbox only).
	{"account", "read"}:         signedIn,
	{"notifications", "read"}:   signedIn,
	{"notifications", "update"}: signedIn,
	// D1: the active regions and their towns, for every signed-in screen's region choices.
	{"regios", "read"}: signedIn,

	// Doc 001 §6 klusser: "Sees only open pool jobs in own regions; may claim".
	{"pool", "read"}:  klusserOwn,
	{"pool", "claim"}: klusserOwn,
	// Doc 001 §6 klusser: "plan, change (max 2), run the work order, complete it and register
	// payment; sees own agenda and earnings". Own jobs follow the klusser across regions.
	{"eigen_klussen", "read"}:        klusserAny,
	{"eigen_klussen", "plan"}:        klusserAny,
	{"eigen_werkbonnen", "read"}:     klusserAny,
	{"eigen_werkbonnen", "update"}:   klusserAny,
	{"eigen_werkbonnen", "complete"}: klusserAny,
	{"eigen_facturen", "read"}:       klusserAny,
	{"eigen_facturen", "pay"}:        klusserAny,
	{"verdiensten", "read"}:          klusserAny,
	// Doc 001 §2 Agenda: 'Bel Support' dials the support number of the worker's own region.
	{"support_contact", "read"}: klusserOwn,

	// Doc 001 §6 franchise: "sees only jobs whose regio is among the regions on their own
	// profile and handymen whose regions overlap; read-only on those lists; edits support phone
	// and email for own regions". Admin: "sees all ...; edits global and per-region support settings".
	{"dashboard", "read"}: franchiseOwn,
	{"klussen", "read"}:   franchiseOwn,
	// D26: the contact log of the customers of the requests: admins, franchise owners in their regions.
	{"klus_contacten", "read"}:   franchiseOwn,
	{"klus_contacten", "create"}: franchiseOwn,
	// D26: the free survey of those requests.
	{"klus_schouw", "read"}:          franchiseOwn,
	{"klus_schouw", "update"}:        franchiseOwn,
	{"klus_schouw", "cancel"}:        franchiseOwn, // D33: the office cancels a survey
	{"klus_offerte", "read"}:         franchiseOwn,
	{"klus_offerte", "update"}:       franchiseOwn,
	{"planning", "read"}:             franchiseOwn,
	{"grafieken", "read"}:            adminOnly,
	{"klussers", "read"}:             franchiseOwn,
	{"franchise_settings", "read"}:   franchiseOwn,
	{"franchise_settings", "update"}: franchiseOwn,

	// Doc 001 §6 admin: "manages jobs, assignments, archive and delete".
	{"klussen", "create"}: adminOnly,
	// Issue 14: admins make franchise owners and set their regions (D3, D14).
	{"franchise_eigenaren", "read"}:   adminOnly,
	{"franchise_eigenaren", "create"}: adminOnly,
	{"franchise_eigenaren", "update"}: adminOnly,
	{"klussen", "update"}:             adminOnly,
	{"klussen", "assign"}:             adminOnly,
	{"klussen", "archive"}:            adminOnly,
	{"klussen", "delete"}:             adminOnly,
	// "sees all ... customers; creates and deletes customers".
	{"klanten", "read"}:   adminOnly,
	{"klanten", "create"}: adminOnly,
	{"klanten", "delete"}: adminOnly,
	// "creates and deletes ... handymen; archives handymen" (and edits their profiles, doc 001 §2).
	{"klussers", "create"}:      adminOnly,
	{"klussers", "update"}:      adminOnly,
	{"klussers", "archive"}:     adminOnly,
	{"klussers", "delete"}:      adminOnly,
	{"klusser_fotos", "create"}: adminOnly,
	{"klusser_fotos", "delete"}: adminOnly,
	// "manages applications; creates handyman accounts" (documents and communication tabs).
	{"aanmeldingen", "read"}:              adminOnly,
	{"aanmeldingen", "update"}:            adminOnly,
	{"aanmeldingen", "create_account"}:    adminOnly,
	{"aanmelding_documenten", "read"}:     adminOnly,
	{"aanmelding_documenten", "create"}:   adminOnly,
	{"aanmelding_documenten", "delete"}:   adminOnly,
	{"aanmelding_communicatie", "read"}:   adminOnly,
	{"aanmelding_communicatie", "create"}: adminOnly,
	// "views work orders and invoices; exports reports" (invoice page: send by e-mail, CSV export).
	{"werkbonnen", "read"}:             adminOnly,
	{"facturen", "read"}:               franchiseOwn, // D30: franchise owners follow their regions' invoices
	{"betalingen", "create"}:           franchiseOwn,
	{"betalingen", "reverse"}:          franchiseOwn,
	{"facturen_opvolging", "update"}:   franchiseOwn,
	{"bankafschriften", "read"}:        franchiseOwn,
	{"bankafschriften", "create"}:      franchiseOwn,
	{"afdracht_percentages", "read"}:   franchiseOwn,
	{"afdracht_percentages", "update"}: adminOnly,
	{"afdrachten", "read"}:             franchiseOwn,
	{"bankafschriften", "update"}:      franchiseOwn,
	{"facturen", "send"}:               adminOnly,
	{"facturen", "export"}:             franchiseOwn,
	{"facturen", "credit"}:             adminOnly,
	{"factuur_uitgevers", "read"}:      franchiseOwn,
	{"factuur_uitgevers", "update"}:    adminOnly,
	{"rapportages", "export"}:          adminOnly,
	// "edits global ... support settings".
	{"app_settings", "read"}:   adminOnly,
	{"app_settings", "update"}: adminOnly,
	// D22 audit log and D16 background-job state are visible to admins.
	{"audit_log", "read"}:  adminOnly,
	{"email_jobs", "read"}: adminOnly,
	// Doc 001 §7 realtime: admin and franchise dashboards follow job changes (franchise: its
	// regions); the klusser side follows the pool of its regions.
	{"events", "read"}: franchiseOwn.plus(tenants.Klusser, ownRegion),
	// D6: job photos and klusser documents are served only after authorization; row-level
	// security keeps a klusser to its own work orders and its own profile's documents.
	{"werkbon_fotos", "read"}: adminOnly.plus(tenants.Klusser, anyRegion),
	// The invoice PDF: its klusser (row-level security: its own) and admins; audited (D22).
	{"factuur_pdf", "read"}:        franchiseOwn.plus(tenants.Klusser, anyRegion), // D32: the franchise owner its fee invoices
	{"klusser_documenten", "read"}: adminOnly.plus(tenants.Klusser, anyRegion),

	// D31: paying klussers. The office approves and pays (a franchise owner its own business's
	// statements, row-level security); a franchise owner reads its regions' klussers' bank accounts
	// but never sets one; the klusser reads its own statements and keeps its own bank account.
	{"uitbetalingen", "read"}:          franchiseOwn,
	{"uitbetalingen", "approve"}:       franchiseOwn,
	{"betaalbatches", "read"}:          franchiseOwn,
	{"betaalbatches", "create"}:        franchiseOwn,
	{"betaalbatches", "download"}:      franchiseOwn,
	{"betaalbatches", "confirm"}:       franchiseOwn,
	{"klusser_bankrekening", "read"}:   franchiseOwn,
	{"klusser_bankrekening", "update"}: adminOnly,
	{"eigen_uitbetalingen", "read"}:    klusserAny,
	{"eigen_bankrekening", "read"}:     klusserAny,
	{"eigen_bankrekening", "update"}:   klusserAny,
}

// domains are the three request domains, each reached through a region seen from an actor that
// belongs to den-haag.
var domains = []struct {
	domain, region string
}{
	{policy.DomainNone, ""},
	{policy.DomainOwn, "den-haag"},
	{policy.DomainOther, "utrecht"},
}

func newEnforcer(t testing.TB) *policy.Enforcer {
	t.Helper()
	e, err := policy.New()
	if err != nil {
		t.Fatalf("policy.New: %v", err)
	}
	return e
}

func actorFor(role tenants.Role, regions ...string) tenants.Actor {
	a := tenants.Actor{Role: role, Regions: regions}
	if role != tenants.Anonymous {
		a.UserID = uuid.New()
	}
	return a
}

func wantAllowed(g grants, role tenants.Role, domain string) bool {
	switch g[role] {
	case anyRegion:
		return true
	case ownRegion:
		return domain != policy.DomainOther
	default:
		return false
	}
}

func TestPolicyTableMatchesRules(t *testing.T) {
	e := newEnforcer(t)
	rules := e.Rules()
	inPolicy := map[[2]string]bool{}
	for _, r := range rules {
		if inPolicy[r] {
			t.Errorf("Rules() lists %s/%s twice", r[0], r[1])
		}
		inPolicy[r] = true
		if _, ok := expected[r]; !ok {
			t.Errorf("policy.csv grants %s/%s, which the test table (the specification) does not expect", r[0], r[1])
		}
	}
	for pair := range expected {
		if !inPolicy[pair] {
			t.Errorf("the specification expects %s/%s, which policy.csv does not mention", pair[0], pair[1])
		}
	}
	if !sort.SliceIsSorted(rules, func(i, j int) bool {
		return rules[i][0]+"/"+rules[i][1] < rules[j][0]+"/"+rules[j][1]
	}) {
		t.Errorf("Rules() is not sorted: %v", rules)
	}
}

func TestPolicyMatrix(t *testing.T) {
	e := newEnforcer(t)
	if len(tenants.Roles) != 5 {
		t.Fatalf("tenants.Roles = %v; the table covers anonymous, authenticated, klusser, franchise, admin", tenants.Roles)
	}
	checked := 0
	for _, pair := range e.Rules() {
		g, ok := expected[pair]
		if !ok {
			t.Errorf("no expectation for %s/%s (see TestPolicyTableMatchesRules)", pair[0], pair[1])
			continue
		}
		t.Run(pair[0]+"/"+pair[1], func(t *testing.T) {
			for _, role := range tenants.Roles {
				actor := actorFor(role, "den-haag")
				for _, d := range domains {
					if got := policy.Domain(actor, d.region); got != d.domain {
						t.Fatalf("Domain(%s in den-haag, %q) = %q, want %q", role, d.region, got, d.domain)
					}
					want := wantAllowed(g, role, d.domain)
					if got := e.Allowed(actor, d.region, pair[0], pair[1]); got != want {
						t.Errorf("%s %s/%s in domain %q (region %q): allowed = %v, want %v",
							role, pair[0], pair[1], d.domain, d.region, got, want)
					}
					checked++
				}
			}
		})
	}
	want := len(tenants.Roles) * len(expected) * len(domains)
	if checked != want {
		t.Errorf("checked %d cases, want %d (roles x pairs x domains)", checked, want)
	}
	t.Logf("policy matrix: %d roles x %d resource/action pairs x %d domains = %d cases",
		len(tenants.Roles), len(e.Rules()), len(domains), checked)
}

func TestAdminNeedsNoRegions(t *testing.T) {
	// An admin's account lists no regions (tenants.Actor), yet it manages every region.
	e := newEnforcer(t)
	admin := actorFor(tenants.Admin)
	for _, region := range []string{"", "amsterdam", "rotterdam", "den-haag", "utrecht"} {
		if !e.Allowed(admin, region, "franchise_settings", "update") {
			t.Errorf("admin without regions may not update franchise_settings of %q", region)
		}
		if !e.Allowed(admin, region, "klussen", "delete") {
			t.Errorf("admin without regions may not delete klussen of %q", region)
		}
	}
	// A franchise owner without regions is confined to requests that name no region.
	franchise := actorFor(tenants.Franchise)
	if !e.Allowed(franchise, "", "klussen", "read") {
		t.Error("franchise owner without regions may not list klussen (row-level security narrows the rows)")
	}
	if e.Allowed(franchise, "den-haag", "klussen", "read") {
		t.Error("franchise owner without regions may read klussen of den-haag")
	}
}

func TestUnknownRoleIsDeniedEverything(t *testing.T) {
	e := newEnforcer(t)
	for _, role := range []tenants.Role{"superadmin", "", "Admin", "klusser ", "root"} {
		actor := tenants.Actor{Role: role, UserID: uuid.New(), Regions: []string{"den-haag"}}
		for _, pair := range e.Rules() {
			for _, d := range domains {
				if e.Allowed(actor, d.region, pair[0], pair[1]) {
					t.Errorf("unknown role %q is allowed %s/%s in domain %q", role, pair[0], pair[1], d.domain)
				}
			}
		}
	}
}

func TestUnknownPermissionIsDeniedToAdmin(t *testing.T) {
	e := newEnforcer(t)
	admin := actorFor(tenants.Admin)
	for _, pair := range [][2]string{{"klussen", "frobnicate"}, {"klusen", "read"}, {"", ""}} {
		if e.Allowed(admin, "", pair[0], pair[1]) {
			t.Errorf("admin is allowed %q/%q, which the policy does not mention", pair[0], pair[1])
		}
	}
}

func TestKnown(t *testing.T) {
	e := newEnforcer(t)
	for _, pair := range e.Rules() {
		if !e.Known(pair[0], pair[1]) {
			t.Errorf("Known(%q, %q) = false for a pair of Rules()", pair[0], pair[1])
		}
	}
	for _, pair := range [][2]string{
		{"klusen", "read"},       // typo in resource
		{"klussen", "raed"},      // typo in action
		{"Klussen", "read"},      // wrong case
		{"read", "klussen"},      // swapped
		{"anonymous", "read"},    // a role is not a resource
		{"klussen", ""},          // empty action
		{"public_klussers", "*"}, // no wildcards
	} {
		if e.Known(pair[0], pair[1]) {
			t.Errorf("Known(%q, %q) = true, want false", pair[0], pair[1])
		}
	}
}

func TestProtectPanicsOnUnknownPermission(t *testing.T) {
	e := newEnforcer(t)
	for _, rt := range []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/klussen", Resource: "klusen", Action: "read"},
		{Method: http.MethodPost, Path: "/api/v1/klussen", Resource: "klussen", Action: "make"},
		{Method: http.MethodGet, Path: "/api/v1/nothing"},
	} {
		func() {
			defer func() {
				p := recover()
				if p == nil {
					t.Errorf("Protect(%s %s/%s) did not panic", rt.Pattern(), rt.Resource, rt.Action)
					return
				}
				msg := fmt.Sprint(p)
				if !strings.Contains(msg, rt.Pattern()) || !strings.Contains(msg, rt.Resource+"/"+rt.Action) {
					t.Errorf("panic %q does not name the route %q and its permission %s/%s", msg, rt.Pattern(), rt.Resource, rt.Action)
				}
			}()
			httpapi.Protect(e, rt)
		}()
	}
	// A known permission mounts without panicking.
	httpapi.Protect(e, httpapi.Route{Method: http.MethodGet, Path: "/api/v1/klussen", Resource: "klussen", Action: "read",
		Handler: http.NotFoundHandler()})
}

// serve sends a request as actor through mux and returns the recorded answer.
func serve(h http.Handler, method, target string, actor tenants.Actor) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	r = r.WithContext(tenants.WithActor(r.Context(), actor))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func errorCode(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q, want JSON", ct)
	}
	var body httpapi.ErrorBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatalf("error body %q is not JSON: %v", w.Body.String(), err)
	}
	if body.Error.Message == "" {
		t.Errorf("error body %q has no message", w.Body.String())
	}
	return body.Error.Code
}

func TestProtectAnswers(t *testing.T) {
	e := newEnforcer(t)
	called := 0
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		called++
		_, _ = w.Write([]byte("ok"))
	})
	mux := http.NewServeMux()
	for _, rt := range []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/klussen", Resource: "klussen", Action: "read", Handler: ok},
		{Method: http.MethodGet, Path: "/api/v1/public/klussers", Resource: "public_klussers", Action: "read", Handler: ok},
	} {
		mux.Handle(rt.Pattern(), httpapi.Protect(e, rt))
	}

	tests := []struct {
		name       string
		target     string
		actor      tenants.Actor
		wantStatus int
		wantCode   string
	}{
		{"visitor on an admin route", "/api/v1/klussen", tenants.AnonymousActor(), http.StatusUnauthorized, "unauthenticated"},
		{"klusser on an admin route", "/api/v1/klussen", actorFor(tenants.Klusser, "den-haag"), http.StatusForbidden, "forbidden"},
		{"signed-in user without role", "/api/v1/klussen", actorFor(tenants.Authenticated), http.StatusForbidden, "forbidden"},
		{"unknown role", "/api/v1/klussen", tenants.Actor{Role: "root", UserID: uuid.New()}, http.StatusForbidden, "forbidden"},
		{"admin", "/api/v1/klussen", actorFor(tenants.Admin), http.StatusOK, ""},
		{"franchise lists its klussen", "/api/v1/klussen", actorFor(tenants.Franchise, "den-haag"), http.StatusOK, ""},
		{"visitor on a public route", "/api/v1/public/klussers", tenants.AnonymousActor(), http.StatusOK, ""},
		{"klusser on a public route", "/api/v1/public/klussers", actorFor(tenants.Klusser, "den-haag"), http.StatusOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := called
			w := serve(mux, http.MethodGet, tt.target, tt.actor)
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d (body %q)", w.Code, tt.wantStatus, w.Body.String())
			}
			if tt.wantStatus == http.StatusOK {
				if called != before+1 || w.Body.String() != "ok" {
					t.Errorf("handler not reached: body %q", w.Body.String())
				}
				return
			}
			if called != before {
				t.Error("the route's handler ran for a refused request")
			}
			if code := errorCode(t, w); code != tt.wantCode {
				t.Errorf("code = %q, want %q", code, tt.wantCode)
			}
		})
	}

	t.Run("request without an actor is a visitor", func(t *testing.T) {
		before := called
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/v1/klussen", nil))
		if w.Code != http.StatusUnauthorized || called != before {
			t.Fatalf("status = %d (handler ran: %v), want 401 without running the handler", w.Code, called != before)
		}
		if code := errorCode(t, w); code != "unauthenticated" {
			t.Errorf("code = %q, want unauthenticated", code)
		}
	})
}

func TestProtectRegionParam(t *testing.T) {
	e := newEnforcer(t)
	var reached []string
	rt := httpapi.Route{
		Method: http.MethodPut, Path: "/api/v1/franchise/settings/{regio}",
		Resource: "franchise_settings", Action: "update", RegionParam: "regio",
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reached = append(reached, r.PathValue("regio"))
			w.WriteHeader(http.StatusOK)
		}),
	}
	mux := http.NewServeMux()
	mux.Handle(rt.Pattern(), httpapi.Protect(e, rt))

	owner := actorFor(tenants.Franchise, "den-haag")
	tests := []struct {
		name       string
		actor      tenants.Actor
		region     string
		wantStatus int
		wantCode   string
	}{
		{"franchise owner, other region", owner, "utrecht", http.StatusForbidden, "forbidden"},
		{"franchise owner, own region", owner, "den-haag", http.StatusOK, ""},
		{"franchise owner, region in other case", owner, "Den-Haag", http.StatusForbidden, "forbidden"},
		{"franchise owner of two regions, second one", actorFor(tenants.Franchise, "den-haag", "utrecht"), "utrecht", http.StatusOK, ""},
		{"klusser of the region", actorFor(tenants.Klusser, "den-haag"), "den-haag", http.StatusForbidden, "forbidden"},
		{"admin, any region", actorFor(tenants.Admin), "utrecht", http.StatusOK, ""},
		{"visitor", tenants.AnonymousActor(), "den-haag", http.StatusUnauthorized, "unauthenticated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reached = nil
			w := serve(mux, http.MethodPut, "/api/v1/franchise/settings/"+tt.region, tt.actor)
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d (body %q)", w.Code, tt.wantStatus, w.Body.String())
			}
			if tt.wantStatus == http.StatusOK {
				if !slices.Equal(reached, []string{tt.region}) {
					t.Errorf("handler reached with %v, want [%s]", reached, tt.region)
				}
				return
			}
			if len(reached) != 0 {
				t.Errorf("handler ran for a refused request (region %v)", reached)
			}
			if code := errorCode(t, w); code != tt.wantCode {
				t.Errorf("code = %q, want %q", code, tt.wantCode)
			}
		})
	}
}
