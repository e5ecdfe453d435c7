package httpapi

import (
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// OpenAPI builds the OpenAPI 3.1 document of routes. Schemas are derived from the request and
// response Go types by reflection, so the document describes exactly what the code encodes.
func OpenAPI(title, version string, routes []Route) map[string]any {
	paths := map[string]any{}
	sorted := append([]Route(nil), routes...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Pattern() < sorted[j].Pattern() })
	for _, rt := range sorted {
		item, _ := paths[rt.Path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[rt.Path] = item
		}
		item[strings.ToLower(rt.Method)] = operation(rt)
	}
	return map[string]any{
		"openapi": "3.1.0",
		"info":    map[string]any{"title": title, "version": version},
		"paths":   paths,
		"components": map[string]any{
			"schemas": map[string]any{"Error": Schema(reflect.TypeOf(ErrorBody{}))},
		},
	}
}

var pathParam = regexp.MustCompile(`\{([A-Za-z0-9_]+)\}`)

func operation(rt Route) map[string]any {
	errRef := map[string]any{"$ref": "#/components/schemas/Error"}
	errResp := func(desc string) map[string]any {
		return map[string]any{"description": desc, "content": map[string]any{"application/json": map[string]any{"schema": errRef}}}
	}
	op := map[string]any{
		"summary":     rt.Summary,
		"operationId": operationID(rt),
		"tags":        []string{rt.Tag},
		"x-policy":    map[string]any{"resource": rt.Resource, "action": rt.Action},
		"responses": map[string]any{
			"200": okResponse(rt),
			"400": errResp("Ongeldige invoer"),
			"401": errResp("Niet ingelogd"),
			"403": errResp("Geen toegang"),
			"500": errResp("Serverfout"),
		},
	}
	var params []any
	for _, m := range pathParam.FindAllStringSubmatch(rt.Path, -1) {
		params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
	}
	if rt.List != nil {
		params = append(params, listParams(rt.List)...)
	}
	for _, q := range rt.Query {
		params = append(params, map[string]any{"name": q.Name, "in": "query", "description": q.Description, "schema": map[string]any{"type": "string"}})
	}
	if params != nil {
		op["parameters"] = params
	}
	if rt.Request != nil {
		mediaType := "application/json"
		if rt.RequestType != "" {
			mediaType = rt.RequestType
		}
		op["requestBody"] = map[string]any{"required": true, "content": map[string]any{mediaType: map[string]any{"schema": Schema(reflect.TypeOf(rt.Request))}}}
	}
	return op
}

// listParams documents the list contract's query parameters (D25) as the spec allows them.
func listParams(s *list.Spec) []any {
	param := func(name, desc string, schema map[string]any) map[string]any {
		return map[string]any{"name": name, "in": "query", "description": desc, "schema": schema}
	}
	perPage, maxPerPage := s.PageSizes()
	order := string(s.DefaultOrder)
	if order == "" {
		order = string(list.Asc)
	}
	out := []any{
		param(list.ParamPage, "Paginanummer, vanaf 1", map[string]any{"type": "integer", "minimum": 1, "maximum": list.MaxPageNumber, "default": 1}),
		param(list.ParamPerPage, "Rijen per pagina", map[string]any{"type": "integer", "minimum": 1, "maximum": maxPerPage, "default": perPage}),
	}
	if len(s.Sorts) > 0 {
		sort := map[string]any{"type": "string", "enum": s.Sorts}
		if s.DefaultSort != "" {
			sort["default"] = s.DefaultSort
		}
		out = append(out, param(list.ParamSort, "Sorteerveld", sort))
	}
	out = append(out, param(list.ParamOrder, "Sorteervolgorde", map[string]any{"type": "string", "enum": []string{string(list.Asc), string(list.Desc)}, "default": order}))
	if s.Search != "" {
		out = append(out, param(list.ParamSearch, "Zoektekst: "+s.Search, map[string]any{"type": "string", "maxLength": 200}))
	}
	for _, f := range s.Filters {
		schema := map[string]any{"type": "string"}
		if f.Values != nil {
			schema["enum"] = f.Values
		}
		out = append(out, param(f.Name, f.Description, schema))
	}
	return out
}

func okResponse(rt Route) map[string]any {
	if rt.ResponseType != "" {
		return map[string]any{"description": "OK", "content": map[string]any{rt.ResponseType: map[string]any{"schema": map[string]any{"type": "string"}}}}
	}
	return map[string]any{"description": "OK", "content": map[string]any{"application/json": map[string]any{"schema": Schema(reflect.TypeOf(rt.Response))}}}
}

func operationID(rt Route) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(rt.Method))
	for _, part := range strings.FieldsFunc(rt.Path, func(r rune) bool { return r == '/' || r == '-' || r == '{' || r == '}' }) {
		if part == "api" || part == "v1" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

var (
	timeType = reflect.TypeOf(time.Time{})
	uuidType = reflect.TypeOf(uuid.UUID{})
)

// Schema returns the JSON Schema (2020-12, as OpenAPI 3.1 uses) of a Go type as encoding/json
// writes it: pointers may be null, fields with omitempty or omitzero are optional, embedded structs
// are promoted, a `doc` tag describes a field. Slices are never null in this API: services return
// empty slices, and the OpenAPI test validates live answers against these schemas.
func Schema(t reflect.Type) map[string]any {
	if t == nil {
		return map[string]any{}
	}
	if t.Kind() == reflect.Pointer {
		s := Schema(t.Elem())
		if typ, ok := s["type"].(string); ok {
			s["type"] = []string{typ, "null"}
		}
		return s
	}
	switch t {
	case timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case uuidType:
		return map[string]any{"type": "string", "format": "uuid"}
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"} // how encoding/json writes []byte
		}
		return map[string]any{"type": "array", "items": Schema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": Schema(t.Elem())}
	case reflect.Struct:
		props := map[string]any{}
		required := []string{}
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				// encoding/json promotes the fields of an embedded struct.
				inner := Schema(f.Type)
				for k, v := range inner["properties"].(map[string]any) {
					props[k] = v
				}
				required = append(required, inner["required"].([]string)...)
				continue
			}
			if !f.IsExported() {
				continue
			}
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			s := Schema(f.Type)
			if doc := f.Tag.Get("doc"); doc != "" {
				s["description"] = doc
			}
			props[name] = s
			if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
				required = append(required, name)
			}
		}
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	default:
		return map[string]any{}
	}
}

// ServeOpenAPI answers with the document; it is public, like any API description.
func ServeOpenAPI(doc map[string]any) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = EncodeJSON(r.Context(), w, doc)
	})
}
