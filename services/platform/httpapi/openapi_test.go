package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

type schemaAdres struct {
	Postcode string `json:"postcode"`
}

type schemaKlus struct {
	ID           uuid.UUID      `json:"id" doc:"Het id van de klus"`
	Beschrijving string         `json:"beschrijving"`
	Telefoon     *string        `json:"telefoon"`
	Email        string         `json:"email,omitempty"`
	Duur         *float64       `json:"geschatte_duur,omitempty"`
	Tarief       int64          `json:"geschat_tarief"`
	Betaald      bool           `json:"betaald"`
	Datum        time.Time      `json:"datum"`
	Adres        *schemaAdres   `json:"adres"`
	Fotos        []string       `json:"fotos"`
	Extra        map[string]int `json:"extra"`
	Geheim       string         `json:"-"`
	NoTag        string
	intern       string //nolint:unused // unexported fields are not encoded
}

// roundTrip returns v as encoding/json would see it after a trip over the wire.
func roundTrip(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	return out
}

func TestSchemaOfStruct(t *testing.T) {
	_ = schemaKlus{}.intern
	s := roundTrip(t, httpapi.Schema(reflect.TypeOf(schemaKlus{})))
	if s["type"] != "object" || s["additionalProperties"] != false {
		t.Errorf("struct schema: type %v, additionalProperties %v; want object, false", s["type"], s["additionalProperties"])
	}
	props := s["properties"].(map[string]any)
	prop := func(name string) map[string]any {
		p, ok := props[name].(map[string]any)
		if !ok {
			t.Fatalf("no property %q in %v", name, props)
		}
		return p
	}

	wantNames := []string{"id", "beschrijving", "telefoon", "email", "geschatte_duur", "geschat_tarief", "betaald", "datum", "adres", "fotos", "extra", "NoTag"}
	var names []string
	for n := range props {
		names = append(names, n)
	}
	slices.Sort(names)
	slices.Sort(wantNames)
	if !slices.Equal(names, wantNames) {
		t.Errorf("properties = %v, want %v (json:\"-\" and unexported fields left out)", names, wantNames)
	}

	// Pointers may be null.
	if got := prop("telefoon")["type"]; !reflect.DeepEqual(got, []any{"string", "null"}) {
		t.Errorf("telefoon type = %v, want [string null]", got)
	}
	if got := prop("geschatte_duur")["type"]; !reflect.DeepEqual(got, []any{"number", "null"}) {
		t.Errorf("geschatte_duur type = %v, want [number null]", got)
	}
	adres := prop("adres")
	if got := adres["type"]; !reflect.DeepEqual(got, []any{"object", "null"}) {
		t.Errorf("adres type = %v, want [object null]", got)
	}
	if _, ok := adres["properties"].(map[string]any)["postcode"]; !ok {
		t.Errorf("adres lost its properties: %v", adres)
	}
	// Plain values are not nullable.
	for name, want := range map[string]string{"beschrijving": "string", "geschat_tarief": "integer", "betaald": "boolean", "fotos": "array", "extra": "object"} {
		if got := prop(name)["type"]; got != want {
			t.Errorf("%s type = %v, want %q", name, got, want)
		}
	}
	if got := prop("fotos")["items"].(map[string]any)["type"]; got != "string" {
		t.Errorf("fotos items = %v, want string", got)
	}
	if got := prop("extra")["additionalProperties"].(map[string]any)["type"]; got != "integer" {
		t.Errorf("extra values = %v, want integer", got)
	}
	if p := prop("datum"); p["type"] != "string" || p["format"] != "date-time" {
		t.Errorf("datum = %v, want string date-time", p)
	}
	if p := prop("id"); p["type"] != "string" || p["format"] != "uuid" || p["description"] != "Het id van de klus" {
		t.Errorf("id = %v, want string uuid with the doc tag as description", p)
	}
	if _, ok := prop("beschrijving")["description"]; ok {
		t.Error("a field without doc tag has a description")
	}

	var required []string
	for _, r := range s["required"].([]any) {
		required = append(required, r.(string))
	}
	for _, name := range []string{"id", "beschrijving", "telefoon", "geschat_tarief", "betaald", "datum", "adres", "fotos", "extra", "NoTag"} {
		if !slices.Contains(required, name) {
			t.Errorf("%q is not required; required = %v", name, required)
		}
	}
	for _, name := range []string{"email", "geschatte_duur"} {
		if slices.Contains(required, name) {
			t.Errorf("omitempty field %q is required", name)
		}
	}
}

func TestSchemaScalars(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{"", "string"}, {true, "boolean"}, {int32(1), "integer"}, {uint8(1), "integer"}, {1.5, "number"},
	} {
		if got := httpapi.Schema(reflect.TypeOf(tt.v))["type"]; got != tt.want {
			t.Errorf("Schema(%T) type = %v, want %q", tt.v, got, tt.want)
		}
	}
	if got := httpapi.Schema(nil); len(got) != 0 {
		t.Errorf("Schema(nil) = %v, want {} (any value)", got)
	}
}

type openAPIRequest struct {
	Status string `json:"status"`
}

func TestOpenAPIDocument(t *testing.T) {
	h := http.NotFoundHandler()
	routes := []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/klussen", Summary: "Klussen", Tag: "klussen", Resource: "klussen", Action: "read",
			Query: []httpapi.Param{{Name: "status", Description: "open, ingepland, bezig of afgerond"}}, Response: []schemaKlus{}, Handler: h},
		{Method: http.MethodGet, Path: "/api/v1/klussen/{id}", Summary: "Eén klus", Tag: "klussen", Resource: "klussen", Action: "read", Response: schemaKlus{}, Handler: h},
		{Method: http.MethodPatch, Path: "/api/v1/klussen/{id}", Summary: "Klus bijwerken", Tag: "klussen", Resource: "klussen", Action: "update",
			Request: openAPIRequest{}, Response: schemaKlus{}, Handler: h},
		{Method: http.MethodPost, Path: "/api/v1/klussen/{id}/fotos/{fotoId}", Summary: "Foto", Tag: "klussen", Resource: "klussen", Action: "update", Handler: h},
	}
	doc := roundTrip(t, httpapi.OpenAPI("Klusmaat API", "1.0.0", routes))

	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v, want 3.1.0", doc["openapi"])
	}
	if info := doc["info"].(map[string]any); info["title"] != "Klusmaat API" || info["version"] != "1.0.0" {
		t.Errorf("info = %v", info)
	}
	paths := doc["paths"].(map[string]any)
	if len(paths) != 3 {
		t.Errorf("paths = %d items, want 3 (one per path, methods merged): %v", len(paths), paths)
	}
	item := paths["/api/v1/klussen/{id}"].(map[string]any)
	if len(item) != 2 || item["get"] == nil || item["patch"] == nil {
		t.Fatalf("/api/v1/klussen/{id} = %v, want get and patch", item)
	}

	opIDs := map[string]bool{}
	for path, it := range paths {
		for method, op := range it.(map[string]any) {
			id := op.(map[string]any)["operationId"].(string)
			if opIDs[id] {
				t.Errorf("operationId %q of %s %s is not unique", id, method, path)
			}
			opIDs[id] = true
		}
	}

	paramsOf := func(op map[string]any) map[string]map[string]any {
		out := map[string]map[string]any{}
		ps, _ := op["parameters"].([]any)
		for _, p := range ps {
			pm := p.(map[string]any)
			out[pm["in"].(string)+":"+pm["name"].(string)] = pm
		}
		return out
	}
	get := item["get"].(map[string]any)
	if ps := paramsOf(get); len(ps) != 1 || ps["path:id"] == nil || ps["path:id"]["required"] != true {
		t.Errorf("GET /klussen/{id} parameters = %v, want the required path parameter id", ps)
	}
	if _, ok := get["requestBody"]; ok {
		t.Error("GET /klussen/{id} has a request body")
	}
	foto := paths["/api/v1/klussen/{id}/fotos/{fotoId}"].(map[string]any)["post"].(map[string]any)
	if ps := paramsOf(foto); len(ps) != 2 || ps["path:id"] == nil || ps["path:fotoId"] == nil {
		t.Errorf("foto parameters = %v, want path parameters id and fotoId", ps)
	}
	list := paths["/api/v1/klussen"].(map[string]any)["get"].(map[string]any)
	if ps := paramsOf(list); len(ps) != 1 || ps["query:status"] == nil || ps["query:status"]["description"] == "" {
		t.Errorf("list parameters = %v, want the documented query parameter status", ps)
	}
	ok200 := list["responses"].(map[string]any)["200"].(map[string]any)["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)
	if ok200["type"] != "array" || ok200["items"].(map[string]any)["type"] != "object" {
		t.Errorf("list 200 schema = %v, want an array of objects", ok200)
	}
	if pol := list["x-policy"].(map[string]any); pol["resource"] != "klussen" || pol["action"] != "read" {
		t.Errorf("x-policy = %v", pol)
	}

	patch := item["patch"].(map[string]any)
	body, ok := patch["requestBody"].(map[string]any)
	if !ok {
		t.Fatal("PATCH has no requestBody")
	}
	reqSchema := body["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)
	if reqSchema["additionalProperties"] != false || reqSchema["properties"].(map[string]any)["status"] == nil {
		t.Errorf("request schema = %v", reqSchema)
	}
	for _, code := range []string{"400", "401", "403", "500"} {
		resp := patch["responses"].(map[string]any)[code].(map[string]any)
		ref := resp["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)["$ref"]
		if ref != "#/components/schemas/Error" {
			t.Errorf("response %s schema = %v, want the Error component", code, ref)
		}
	}

	errSchema := doc["components"].(map[string]any)["schemas"].(map[string]any)["Error"].(map[string]any)
	inner := errSchema["properties"].(map[string]any)["error"].(map[string]any)
	innerProps := inner["properties"].(map[string]any)
	for _, name := range []string{"code", "message", "fields"} {
		if innerProps[name] == nil {
			t.Errorf("Error component lacks %q: %v", name, inner)
		}
	}
	if req := inner["required"].([]any); !slices.Contains(req, any("code")) || !slices.Contains(req, any("message")) || slices.Contains(req, any("fields")) {
		t.Errorf("Error component required = %v, want code and message, not fields", req)
	}
}

func TestServeOpenAPI(t *testing.T) {
	doc := httpapi.OpenAPI("Klusmaat API", "1.0.0", nil)
	w := httptest.NewRecorder()
	httpapi.ServeOpenAPI(doc).ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/openapi.json", nil))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d", w.Code)
	}
	var got map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || got["openapi"] != "3.1.0" {
		t.Errorf("served document %q (%v)", w.Body.String(), err)
	}
}
