package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

type limitedForm struct {
	Naam   string   `json:"naam" maxLength:"5" msg:"Hoogstens 5 tekens."`
	Soort  string   `json:"soort" enum:"montage|schilderen"`
	Code   string   `json:"code,omitempty" pattern:"^$|^[0-9]{4}$"`
	Aantal int      `json:"aantal" minimum:"1" maximum:"10"`
	Labels []string `json:"labels" maxItems:"2" maxLength:"3"`
	Vrij   string   `json:"vrij"`
}

func decodeLimited(body string) (*httpapi.Error, limitedForm) {
	var f limitedForm
	r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	err := httpapi.DecodeJSON(nil, r, &f, 1<<20)
	if err == nil {
		return nil, f
	}
	return err.(*httpapi.Error), f
}

// A field's tags are its one declaration: the decoder refuses what breaks them, with the Dutch
// message under the field, and the request schema of the API document says the same limits.
func TestOneDeclarationFeedsTheDecoderAndTheSchema(t *testing.T) {
	ok := `{"naam":"Piet","soort":"montage","aantal":1,"labels":["abc","de"],"vrij":""}`
	if err, _ := decodeLimited(ok); err != nil {
		t.Fatalf("a form within its limits: %v", err)
	}
	for _, c := range []struct{ name, body, field, msg string }{
		{"six characters", `{"naam":"Pietje","soort":"montage","aantal":1,"labels":[]}`, "naam", "Hoogstens 5 tekens."},
		{"not in the enum", `{"naam":"Piet","soort":"tuin","aantal":1,"labels":[]}`, "soort", "Kies een van: montage, schilderen."},
		{"not the pattern", `{"naam":"Piet","soort":"montage","code":"12a4","aantal":1,"labels":[]}`, "code", "Ongeldige waarde."},
		{"below the minimum", `{"naam":"Piet","soort":"montage","aantal":0,"labels":[]}`, "aantal", "Kies een getal van 1 tot en met 10."},
		{"above the maximum", `{"naam":"Piet","soort":"montage","aantal":11,"labels":[]}`, "aantal", "Kies een getal van 1 tot en met 10."},
		{"too many items", `{"naam":"Piet","soort":"montage","aantal":1,"labels":["a","b","c"]}`, "labels", "Hoogstens 2."},
		{"an item too long", `{"naam":"Piet","soort":"montage","aantal":1,"labels":["abcd"]}`, "labels", "Gebruik hoogstens 3 tekens."},
		{"beyond the default length", `{"naam":"Piet","soort":"montage","aantal":1,"labels":[],"vrij":"` + strings.Repeat("x", httpapi.DefaultMaxLength+1) + `"}`, "vrij", ""},
	} {
		err, _ := decodeLimited(c.body)
		if err == nil || err.Status != http.StatusBadRequest || err.Fields[c.field] == "" || (c.msg != "" && err.Fields[c.field] != c.msg) {
			t.Errorf("%s: %+v, want 400 with %q under %s", c.name, err, c.msg, c.field)
		}
	}

	s := roundTrip(t, httpapi.RequestSchema(reflect.TypeOf(limitedForm{})))
	props := s["properties"].(map[string]any)
	want := map[string]map[string]any{
		"naam":   {"maxLength": 5.0},
		"soort":  {"enum": []any{"montage", "schilderen"}},
		"code":   {"pattern": "^$|^[0-9]{4}$", "maxLength": float64(httpapi.DefaultMaxLength)},
		"aantal": {"minimum": 1.0, "maximum": 10.0, "format": "int32"},
		"labels": {"maxItems": 2.0},
		"vrij":   {"maxLength": float64(httpapi.DefaultMaxLength)},
	}
	for field, keywords := range want {
		for k, v := range keywords {
			if got := props[field].(map[string]any)[k]; !reflect.DeepEqual(got, v) {
				t.Errorf("schema of %s: %s = %v, want %v", field, k, got, v)
			}
		}
	}
	if items := props["labels"].(map[string]any)["items"].(map[string]any); items["maxLength"] != 3.0 {
		t.Errorf("labels items = %v, want maxLength 3", items)
	}
	// An answer's schema carries the declarations, not the decoder's defaults.
	if out := roundTrip(t, httpapi.Schema(reflect.TypeOf(limitedForm{}))); out["properties"].(map[string]any)["vrij"].(map[string]any)["maxLength"] != nil {
		t.Error("an answer's untagged string has the decoder's default length")
	}
}

// Each operation's security and answers follow from the route: public or not (the policy), a
// write (CSRF), a body, a record, a rate limit, a success status other than 200.
func TestOpenAPIDerivesSecurityAndAnswersFromTheRoute(t *testing.T) {
	h := http.NotFoundHandler()
	routes := []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/public/woonplaatsen", Tag: "t", Resource: "public_towns", Action: "read", Response: []string{}, Handler: h},
		{Method: http.MethodPost, Path: "/api/v1/public/aanvragen", Tag: "t", Resource: "klus_aanvragen", Action: "create",
			Request: openAPIRequest{}, Response: openAPIRequest{}, Status: http.StatusCreated, Limit: httpapi.NewLimiter(5, 10*time.Minute), Handler: h},
		{Method: http.MethodGet, Path: "/api/v1/klussen/{id}", Tag: "t", Resource: "klussen", Action: "read", Response: schemaKlus{}, Handler: h},
		{Method: http.MethodGet, Path: "/api/v1/rapportages", Tag: "t", Resource: "grafieken", Action: "read", Response: schemaKlus{},
			Query: []httpapi.Param{{Name: "van", Required: true, Format: "date"}}, Handler: h},
	}
	public := func(rt httpapi.Route) bool { return strings.HasPrefix(rt.Path, "/api/v1/public/") }
	doc := roundTrip(t, httpapi.OpenAPI("Klusmaat API", "1", routes, httpapi.PublicWhen(public)))
	op := func(path, method string) map[string]any {
		return doc["paths"].(map[string]any)[path].(map[string]any)[method].(map[string]any)
	}
	codes := func(o map[string]any) []string {
		var out []string
		for c := range o["responses"].(map[string]any) {
			out = append(out, c)
		}
		slices.Sort(out)
		return out
	}
	for _, c := range []struct {
		path, method string
		security     string
		codes        []string
	}{
		{"/api/v1/public/woonplaatsen", "get", `[]`, []string{"200", "400", "500", "503"}},
		{"/api/v1/public/aanvragen", "post", `[{"csrf":[]}]`, []string{"201", "400", "403", "409", "413", "415", "429", "500", "503"}},
		{"/api/v1/klussen/{id}", "get", `[{"session":[]}]`, []string{"200", "400", "401", "403", "404", "500", "503"}},
		{"/api/v1/rapportages", "get", `[{"session":[]}]`, []string{"200", "400", "401", "403", "404", "500", "503"}},
	} {
		o := op(c.path, c.method)
		if sec, _ := json.Marshal(o["security"]); string(sec) != c.security {
			t.Errorf("%s %s security = %s, want %s", c.method, c.path, sec, c.security)
		}
		if got := codes(o); !slices.Equal(got, c.codes) {
			t.Errorf("%s %s answers %v, want %v", c.method, c.path, got, c.codes)
		}
	}
	headers := op("/api/v1/public/aanvragen", "post")["responses"].(map[string]any)["429"].(map[string]any)["headers"].(map[string]any)
	if headers["Retry-After"] == nil || headers["RateLimit-Limit"] == nil {
		t.Errorf("429 headers = %v, want Retry-After and RateLimit-Limit", headers)
	}
	van := op("/api/v1/rapportages", "get")["parameters"].([]any)[0].(map[string]any)
	if van["required"] != true || van["schema"].(map[string]any)["format"] != "date" {
		t.Errorf("parameter van = %v, want required, a date", van)
	}
	schemes := doc["components"].(map[string]any)["securitySchemes"].(map[string]any)
	if schemes["session"].(map[string]any)["name"] != httpapi.SessionCookie || schemes["csrf"].(map[string]any)["name"] != httpapi.CSRFHeader {
		t.Errorf("security schemes = %v", schemes)
	}
}

// The declaration of a query parameter is enforced before the route's decoder, and a route's
// Status and Limit are what the handler answers.
func TestKitEnforcesParamsStatusAndLimit(t *testing.T) {
	k := httpapi.Kit{}
	rts := k.Routes(
		httpapi.Route{Method: http.MethodGet, Path: "/api/v1/r", Tag: "t", Op: "R", Query: []httpapi.Param{{Name: "van", Required: true, Format: "date"}},
			Endpoint: func(context.Context, any) (any, error) { return map[string]string{}, nil },
			Decode:   func(_ context.Context, r *http.Request) (any, error) { return nil, httpapi.AllowQuery(r, "van") }},
		httpapi.Route{Method: http.MethodPost, Path: "/api/v1/c", Tag: "t", Op: "C", Status: http.StatusCreated, Limit: httpapi.NewLimiter(1, time.Minute), LimitMessage: "Te vaak.",
			Endpoint: func(context.Context, any) (any, error) { return map[string]string{}, nil }},
	)
	get := func(h http.Handler, method, target string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(method, target, nil))
		return w
	}
	for target, want := range map[string]int{"/api/v1/r": 400, "/api/v1/r?van=2026-13-01": 400, "/api/v1/r?van=2026-11-27": 200} {
		if w := get(rts[0].Handler, http.MethodGet, target); w.Code != want {
			t.Errorf("GET %s = %d %s, want %d", target, w.Code, w.Body, want)
		}
	}
	if w := get(rts[1].Handler, http.MethodPost, "/api/v1/c"); w.Code != http.StatusCreated {
		t.Errorf("first POST = %d, want 201", w.Code)
	}
	if w := get(rts[1].Handler, http.MethodPost, "/api/v1/c"); w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "60" || w.Header().Get("RateLimit-Limit") != "1" {
		t.Errorf("second POST = %d %v, want 429 with Retry-After 60 and RateLimit-Limit 1", w.Code, w.Header())
	}
}
