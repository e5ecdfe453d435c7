package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// TestMain prints, after the run, how many API answers the kit checked against openapi.json.
func TestMain(m *testing.M) { servertest.Main(m) }

// D5: the showcase JSON carries showcase fields only, in showcase order, for visible klussers only.
func TestShowcaseListsVisibleKlussersWithShowcaseFieldsOnly(t *testing.T) {
	s := servertest.NewDemo(t)
	// A hidden and an archived klusser must not appear.
	s.DB.As(t, tenants.Actor{UserID: seed.FixedIDs()["admin@klusmaat.nl"], Role: tenants.Admin}, func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), `
			INSERT INTO user_roles (user_id, role) VALUES ('00000000-0000-0000-0000-000000000101', 'klusser'), ('00000000-0000-0000-0000-000000000102', 'klusser');
			INSERT INTO profiles (id, naam, telefoon, regio, actief, zichtbaar_op_website, gemiddelde_beoordeling) VALUES
			  ('00000000-0000-0000-0000-000000000101', 'Verborgen Klusser', '06 99', '{utrecht}', true, false, 5),
			  ('00000000-0000-0000-0000-000000000102', 'Gearchiveerde Klusser', '06 98', '{utrecht}', false, true, 5);`)
		return err
	})

	resp, body := s.Get(t, "/api/v1/public/klussers")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q", cc)
	}
	var got struct {
		Data  []map[string]any `json:"data"`
		Total int              `json:"total"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, it := range got.Data {
		names = append(names, it["naam"].(string))
		var keys []string
		for k := range it {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		want := []string{"carousel_fotos", "gemiddelde_beoordeling", "gepensioneerd_sinds", "id", "intro_tekst", "naam",
			"profiel_foto_url", "specialisaties", "totaal_uren", "woonplaats"}
		if !slices.Equal(keys, want) {
			t.Errorf("%s: fields %v, want %v", it["naam"], keys, want)
		}
	}
	// Best rated first, the unrated one last (document 000 section 7).
	if want := []string{"Piet Bakker", "Gerrit Visser", "Jan de Groot"}; !slices.Equal(names, want) {
		t.Fatalf("order %v, want %v", names, want)
	}
	if got.Data[2]["gemiddelde_beoordeling"] != nil {
		t.Errorf("unrated klusser has rating %v", got.Data[2]["gemiddelde_beoordeling"])
	}
	if got.Total != len(got.Data) {
		t.Errorf("total %d, want %d", got.Total, len(got.Data))
	}
	for _, secret := range []string{"telefoon", "email", "adres", "postcode", "leeftijd", "vog", "06 12 34 56 01", "@klusmaat.nl", "Laan van Nieuw", "2271 AB"} {
		if bytes.Contains(body, []byte(secret)) {
			t.Errorf("showcase JSON contains %q", secret)
		}
	}
}

func TestBadInputGetsDutchJSONErrors(t *testing.T) {
	s := servertest.NewDemo(t)
	cases := []struct {
		path, code string
		status     int
	}{
		{"/api/v1/public/klussers?regio=utrecht", "unknown_parameter", http.StatusBadRequest},
		{"/api/v1/bestaat-niet", "not_found", http.StatusNotFound},
	}
	for _, c := range cases {
		resp, body := s.Get(t, c.path)
		var e httpapi.ErrorBody
		if err := json.Unmarshal(body, &e); err != nil {
			t.Fatalf("%s: not JSON: %s", c.path, body)
		}
		if resp.StatusCode != c.status || e.Error.Code != c.code || e.Error.Message == "" {
			t.Errorf("%s: %d %+v, want %d %s", c.path, resp.StatusCode, e, c.status, c.code)
		}
	}
	// A write to a read-only route is refused, not ignored.
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/api/v1/public/klussers", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(httpapi.CSRFHeader, "1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST showcase: %d", resp.StatusCode)
	}
}

// The OpenAPI document is kept true: every route is in it, nothing else is, and live answers
// validate against its schemas.
func TestOpenAPIDescribesTheServedAPI(t *testing.T) {
	s := servertest.NewDemo(t)
	resp, body := s.Get(t, "/api/openapi.json")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	m := doc.(map[string]any)
	if m["openapi"] != "3.1.0" {
		t.Fatalf("openapi %v", m["openapi"])
	}
	paths := m["paths"].(map[string]any)
	var documented, served []string
	for p, item := range paths {
		for method := range item.(map[string]any) {
			documented = append(documented, strings.ToUpper(method)+" "+p)
		}
	}
	for _, rt := range s.Routes {
		served = append(served, rt.Pattern())
	}
	sort.Strings(documented)
	sort.Strings(served)
	if !slices.Equal(documented, served) {
		t.Fatalf("documented %v, served %v", documented, served)
	}

	c := jsonschema.NewCompiler()
	if err := c.AddResource("openapi.json", doc); err != nil {
		t.Fatal(err)
	}
	errSchema, err := c.Compile("openapi.json#/components/schemas/Error")
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range s.Routes {
		if rt.Method != http.MethodGet || strings.Contains(rt.Path, "{") || rt.ResponseType != "" {
			continue // only parameterless JSON reads can be called blindly here; each service tests its own
		}
		ptr := "openapi.json#/paths/" + jsonPointerEscape(rt.Path) + "/get/responses/200/content/application~1json/schema"
		sch, err := c.Compile(ptr)
		if err != nil {
			t.Fatalf("%s: compile schema: %v", rt.Path, err)
		}
		resp, live := s.Get(t, rt.Path)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(live))
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			sch = errSchema // a protected route refuses the anonymous test client, with the error shape
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s (%d): answer does not match its documented schema: %v", rt.Path, resp.StatusCode, err)
		}
		if body, _ := inst.(map[string]any); rt.List != nil && resp.StatusCode == http.StatusOK && (body["total"] == nil || body["data"] == nil) {
			t.Errorf("%s: a list answered without data and total (D25): %s", rt.Path, live)
		}
	}
	_, bad := s.Get(t, "/api/v1/public/klussers?x=1")
	inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(bad))
	if err := errSchema.Validate(inst); err != nil {
		t.Errorf("error answer does not match the Error schema: %v", err)
	}
}

func jsonPointerEscape(p string) string {
	return url.PathEscape(strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1"))
}

func TestEveryRequestHasAnIDOnEveryLogLine(t *testing.T) {
	s := servertest.NewDemo(t)
	req, _ := http.NewRequest(http.MethodGet, s.URL+"/api/v1/public/klussers", nil)
	req.Header.Set("X-Request-Id", "test-request-0001")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("X-Request-Id") != "test-request-0001" {
		t.Fatalf("request id not echoed: %q", resp.Header.Get("X-Request-Id"))
	}
	var lines int
	for _, line := range strings.Split(strings.TrimSpace(s.Logs.String()), "\n") {
		if !strings.Contains(line, "test-request-0001") {
			continue
		}
		lines++
	}
	// The service's own line (showcase.List) and the access log line.
	if lines < 2 || !strings.Contains(s.Logs.String(), `"msg":"showcase.List"`) {
		t.Fatalf("%d log lines carry the request id:\n%s", lines, s.Logs.String())
	}
	if resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Error("security headers missing")
	}
}

func TestHealthAndReadiness(t *testing.T) {
	s := servertest.NewDemo(t)
	if resp, _ := s.Get(t, "/healthz"); resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz %d", resp.StatusCode)
	}
	// Without a Ready function the server claims readiness; cmd/klusmaat wires the real check,
	// which TestReadinessFollowsTheSchema covers.
	if resp, _ := s.Get(t, "/readyz"); resp.StatusCode != http.StatusOK {
		t.Fatalf("readyz %d", resp.StatusCode)
	}
}
