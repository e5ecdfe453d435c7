package httpapi

import (
	"encoding/json"
	"math"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// Option completes the document with what the route table does not hold.
type Option func(*docOptions)

type docOptions struct {
	public             func(Route) bool
	contactName, email string
}

// PublicWhen tells which routes a visitor without a session may call (the policy's anonymous
// permissions): the document marks them as needing no session.
func PublicWhen(public func(Route) bool) Option { return func(o *docOptions) { o.public = public } }

// Contact names who answers for the API.
func Contact(name, email string) Option {
	return func(o *docOptions) { o.contactName, o.email = name, email }
}

// Names of the security schemes: the session cookie that Kratos's sign-in sets, and the header
// every state-changing request carries (RequireCSRF).
const (
	SessionCookie  = "klusmaat_session"
	schemeSession  = "session"
	schemeCSRF     = "csrf"
	errorSchemaRef = "#/components/schemas/Error"
)

// OpenAPI builds the OpenAPI 3.1 document of routes. Schemas are derived from the request and
// response Go types by reflection, so the document describes exactly what the code encodes; each
// operation's security and possible answers are derived from what the route does (Responses).
func OpenAPI(title, version string, routes []Route, opts ...Option) map[string]any {
	o := docOptions{public: func(Route) bool { return false }, contactName: title}
	for _, opt := range opts {
		opt(&o)
	}
	paths := map[string]any{}
	sorted := append([]Route(nil), routes...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Pattern() < sorted[j].Pattern() })
	for _, rt := range sorted {
		item, _ := paths[rt.Path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[rt.Path] = item
		}
		item[strings.ToLower(rt.Method)] = operation(rt, o.public(rt))
	}
	contact := map[string]any{"name": o.contactName}
	if o.email != "" {
		contact["email"] = o.email
	}
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title": title, "version": version,
			"description": "De API van de portal, de console en de publieke site van " + o.contactName + ". " +
				"Ingelogd gaat elk verzoek met de sessiecookie; elk verzoek dat iets wijzigt draagt de header " + CSRFHeader + ": 1.",
			"contact": contact,
			"license": map[string]any{"name": "Alle rechten voorbehouden", "identifier": "LicenseRef-Klusmaat"},
		},
		"servers": []any{map[string]any{
			"url":         "/",
			"description": "production: de server die dit document serveert (dezelfde origin als de front ends)",
			"x-internal":  false,
		}},
		"paths": paths,
		"components": map[string]any{
			"schemas": map[string]any{"Error": Schema(reflect.TypeOf(ErrorBody{}))},
			"securitySchemes": map[string]any{
				schemeSession: map[string]any{"type": "apiKey", "in": "cookie", "name": SessionCookie,
					"description": "De sessie na het inloggen (Kratos), HttpOnly en Secure"},
				schemeCSRF: map[string]any{"type": "apiKey", "in": "header", "name": CSRFHeader,
					"description": "Waarde 1, op elk verzoek dat iets wijzigt (POST, PUT, PATCH, DELETE); een andere site kan hem niet meesturen"},
			},
		},
	}
}

var pathParam = regexp.MustCompile(`\{([A-Za-z0-9_]+)\}`)

// unsafe reports whether the method changes state: RequireCSRF wants the header on it.
func unsafe(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

// security is what a client shows to call rt: the session unless the route is public, the CSRF
// header on every state-changing request (RequireCSRF applies to public forms too).
func security(rt Route, public bool) []any {
	req := map[string]any{}
	if !public {
		req[schemeSession] = []string{}
	}
	if unsafe(rt.Method) {
		req[schemeCSRF] = []string{}
	}
	if len(req) == 0 {
		return []any{}
	}
	return []any{req}
}

// Responses are the statuses rt can answer besides its success, each with the reason, derived
// from what the route does:
//   - 400: every route refuses unknown or malformed query parameters (AllowQuery, CheckParams) and
//     every body its decoder or its service refuses, with the field messages (ErrorBody.Fields);
//   - 401 and 403: the policy (Protect) for a route a visitor may not call; 403 also refuses a
//     state-changing request without the CSRF header (RequireCSRF);
//   - 404: a route that names a record (a path wildcard, an id in its body or its query);
//   - 409: a state-changing route, refused in the record's current state, or a download of a file
//     that is not ready;
//   - 413 and 415: a route with a body (MaxBytesReader; JSON or the declared media type);
//   - 429: a route with a rate limit (Limit);
//   - 500 and 503: any route, when the server or a service it needs fails.
func Responses(rt Route, public bool) map[string]string {
	out := map[string]string{
		"400": "Ongeldige invoer: de code en per veld de melding",
		"500": "Serverfout",
		"503": "Tijdelijk niet beschikbaar",
	}
	if !public {
		out["401"] = "Niet ingelogd"
		out["403"] = "Geen toegang"
	}
	if unsafe(rt.Method) {
		out["403"] = "Geen toegang, of het verzoek mist de header " + CSRFHeader
	}
	if unsafe(rt.Method) || rt.ResponseType != "" {
		out["409"] = "Kan niet in de huidige stand (een bestand: nog niet klaar)"
	}
	if namesRecord(rt) {
		out["404"] = "Niet gevonden"
	}
	if hasBody(rt) {
		out["413"] = "Het verzoek is te groot"
		out["415"] = "Verkeerd mediatype"
	}
	if rt.Limit != nil {
		out["429"] = "Te veel verzoeken van dit adres; wacht Retry-After seconden"
	}
	return out
}

// hasBody reports whether rt reads a request body.
func hasBody(rt Route) bool { return rt.Request != nil || rt.RequestType != "" }

// namesRecord reports whether rt points at a record that may not exist (or not for this actor).
func namesRecord(rt Route) bool {
	if len(Wildcards(rt.Path)) > 0 || len(rt.Query) > 0 || (rt.List != nil && len(rt.List.Filters) > 0) {
		return true
	}
	return rt.Request != nil && hasID(reflect.TypeOf(rt.Request), 0)
}

func hasID(t reflect.Type, depth int) bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t == uuidType {
		return true
	}
	if t.Kind() != reflect.Struct || depth > 4 {
		return false
	}
	for i := range t.NumField() {
		if hasID(t.Field(i).Type, depth+1) {
			return true
		}
	}
	return false
}

func errorResponse(desc string) map[string]any {
	return map[string]any{"description": desc, "content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": errorSchemaRef}}}}
}

// rateLimitHeaders are the headers of a 429 (LimitByIP).
func rateLimitHeaders() map[string]any {
	h := func(desc string) map[string]any {
		return map[string]any{"description": desc, "required": true,
			"schema": map[string]any{"type": "integer", "format": "int32", "minimum": 0, "maximum": math.MaxInt32}}
	}
	return map[string]any{
		"Retry-After":     h("Seconden tot een nieuw verzoek kan"),
		"RateLimit-Limit": h("Het aantal verzoeken per venster"),
		"RateLimit-Reset": h("Seconden tot het venster opnieuw begint"),
	}
}

func operation(rt Route, public bool) map[string]any {
	responses := map[string]any{}
	success := rt.Status
	if success == 0 {
		success = http.StatusOK
	}
	responses[strconv.Itoa(success)] = okResponse(rt)
	for code, desc := range Responses(rt, public) {
		r := errorResponse(desc)
		if code == "429" {
			r["headers"] = rateLimitHeaders()
		}
		responses[code] = r
	}
	op := map[string]any{
		"summary":     rt.Summary,
		"operationId": operationID(rt),
		"tags":        []string{rt.Tag},
		"x-policy":    map[string]any{"resource": rt.Resource, "action": rt.Action},
		"security":    security(rt, public),
		"responses":   responses,
	}
	var params []any
	for _, m := range pathParam.FindAllStringSubmatch(rt.Path, -1) {
		p := PathParams[m[1]]
		params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": p.schema()})
	}
	if rt.List != nil {
		params = append(params, listParams(rt.List)...)
	}
	for _, q := range rt.Query {
		param := map[string]any{"name": q.Name, "in": "query", "schema": q.schema()}
		if q.Description != "" {
			param["description"] = q.Description
		}
		if q.Required {
			param["required"] = true
		}
		params = append(params, param)
	}
	if params != nil {
		op["parameters"] = params
	}
	if hasBody(rt) {
		mediaType := "application/json"
		if rt.RequestType != "" {
			mediaType = rt.RequestType
		}
		schema := map[string]any{"type": "string", "contentMediaType": mediaType}
		if rt.MaxBody > 0 {
			schema["maxLength"] = rt.MaxBody
		}
		if rt.Request != nil {
			schema = RequestSchema(reflect.TypeOf(rt.Request))
		}
		op["requestBody"] = map[string]any{"required": true, "content": map[string]any{mediaType: map[string]any{"schema": schema}}}
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
		param(list.ParamPage, "Paginanummer, vanaf 1", map[string]any{"type": "integer", "format": "int32", "minimum": 1, "maximum": list.MaxPageNumber, "default": 1}),
		param(list.ParamPerPage, "Rijen per pagina", map[string]any{"type": "integer", "format": "int32", "minimum": 1, "maximum": maxPerPage, "default": perPage}),
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
		out = append(out, param(f.Name, f.Description, filterParam(f).schema()))
	}
	return out
}

func okResponse(rt Route) map[string]any {
	if rt.ResponseType == EventStream {
		return map[string]any{"description": "Een stroom van Server-Sent Events: per gebeurtenis id, event en data (JSON, x-event-data)",
			"content": map[string]any{EventStream: map[string]any{
				"schema":       map[string]any{"type": "string", "description": "text/event-stream (WHATWG HTML, Server-sent events)"},
				"x-event-data": Schema(reflect.TypeOf(rt.Response)),
			}}}
	}
	if rt.ResponseType != "" {
		return map[string]any{"description": "OK", "content": map[string]any{rt.ResponseType: map[string]any{"schema": map[string]any{"type": "string", "contentMediaType": rt.ResponseType}}}}
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
	rawType  = reflect.TypeOf(json.RawMessage(nil))
)

// EventStream is the media type of a stream of Server-Sent Events.
const EventStream = "text/event-stream"

// Schema returns the JSON Schema (2020-12, as OpenAPI 3.1 uses) of a Go type as encoding/json
// writes it: pointers may be null, fields with omitempty or omitzero are optional, embedded structs
// are promoted, a `doc` tag describes a field, json.RawMessage is any JSON value. Slices are never
// null in this API: services return empty slices, and the OpenAPI test validates live answers
// against these schemas.
func Schema(t reflect.Type) map[string]any { return schemaOf(t, false) }

// RequestSchema is Schema for a request body: it carries the limits the decoder enforces, from the
// fields' tags and the defaults (limits.go).
func RequestSchema(t reflect.Type) map[string]any { return schemaOf(t, true) }

func schemaOf(t reflect.Type, input bool) map[string]any {
	if t == nil {
		return map[string]any{}
	}
	if t.Kind() == reflect.Pointer {
		s := schemaOf(t.Elem(), input)
		if typ, ok := s["type"].(string); ok {
			s["type"] = []string{typ, "null"}
		}
		return s
	}
	var s map[string]any
	switch {
	case t == timeType:
		s = map[string]any{"type": "string", "format": "date-time"}
	case t == uuidType:
		s = map[string]any{"type": "string", "format": "uuid"}
	case t == rawType:
		return map[string]any{} // any JSON value, as written
	case t.Kind() == reflect.Struct:
		return structSchema(t, input)
	default:
		s = kindSchema(t, input)
		if s == nil {
			return map[string]any{}
		}
	}
	if input {
		inputDefaults(s, t)
	}
	return s
}

func kindSchema(t reflect.Type, input bool) map[string]any {
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		s := map[string]any{"type": "integer", "format": "int64"}
		if t.Kind() == reflect.Int32 || t.Kind() == reflect.Int16 || t.Kind() == reflect.Int8 {
			s["format"] = "int32"
		}
		return s
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"} // how encoding/json writes []byte
		}
		return map[string]any{"type": "array", "items": schemaOf(t.Elem(), input)}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": schemaOf(t.Elem(), input)}
	}
	return nil
}

func structSchema(t reflect.Type, input bool) map[string]any {
	props := map[string]any{}
	required := []string{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			// encoding/json promotes the fields of an embedded struct.
			inner := structSchema(f.Type, input)
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
		s := schemaOf(f.Type, false)
		annotate(s, f.Type, f.Tag, input)
		if input {
			s = completeInput(s, f.Type)
		}
		if doc := f.Tag.Get("doc"); doc != "" {
			s["description"] = doc
		}
		props[name] = s
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
			required = append(required, name)
		}
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

// completeInput adds the decoder's defaults to a field's schema after its tags: the field's own
// schema first (so a tag wins), then its items or values the way schemaOf(t, true) would.
func completeInput(s map[string]any, t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == rawType {
		return s
	}
	switch t.Kind() {
	case reflect.Struct:
		ns := schemaOf(t, true) // no tags of its own apply to an object; its fields carry theirs
		if typ, ok := s["type"].([]string); ok {
			ns["type"] = typ // a pointer: null too
		}
		return ns
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() != reflect.Uint8 {
			if items, ok := s["items"].(map[string]any); ok {
				s["items"] = completeInput(items, t.Elem())
			}
		}
	case reflect.Map:
		if values, ok := s["additionalProperties"].(map[string]any); ok {
			s["additionalProperties"] = completeInput(values, t.Elem())
		}
	}
	inputDefaults(s, t)
	return s
}

// ServeOpenAPI answers with the document; it is public, like any API description.
func ServeOpenAPI(doc map[string]any) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = EncodeJSON(r.Context(), w, doc)
	})
}
