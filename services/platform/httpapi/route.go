package httpapi

import (
	"context"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// Route is one API endpoint. Each service lists its routes in its transport.go and its New passes
// them through Kit.Routes, which builds the handler with the standard chain; the server mounts
// them, the policy middleware authorizes them (Resource, Action, RegionParam) and the OpenAPI
// document describes them, all from this one table.
type Route struct {
	Method  string // GET, POST, PUT, PATCH or DELETE
	Path    string // a net/http pattern path such as /api/v1/klussen/{id}
	Summary string // one line for the API document
	Tag     string // groups routes in the API document; the service's name

	// Resource and Action are the Casbin object and action (policy/policy.csv).
	Resource string
	Action   string
	// RegionParam names the path wildcard that holds the region the request targets, if any; the
	// policy then checks the actor belongs to it.
	RegionParam string

	Query []Param // accepted query parameters, besides those of List; Kit enforces their declarations
	// List makes the route a list (D25): it takes the list parameters of the spec and answers a
	// list.Page (Response embeds or is one).
	List *list.Spec

	Request any // zero value of the JSON body type, nil without a body
	// RequestType is the media type of a body that is not JSON (multipart/form-data for uploads);
	// Request then describes its form fields.
	RequestType string
	// MaxBody is the most bytes of a body that is not JSON and has no Request (an XML file read
	// whole), for the document; its decoder refuses more.
	MaxBody  int64
	Response any // zero value of the JSON answer type
	// Status is the success status when it is not 200 (201 Created for a stored form, 202
	// Accepted for queued work): Kit encodes the answer with it and the document declares it.
	Status int
	// ResponseType is the media type of a 200 answer that is not JSON (a CSV download); its
	// schema is then a string.
	ResponseType string

	// Op names the service method the route calls; log lines say Tag.Op.
	Op string
	// Endpoint serves the route: Decode makes its request (DecodeNoInput when nil), Encode writes
	// its answer (EncodeJSON when nil), EncodeError writes a refusal. Kit.Routes builds Handler
	// from them.
	Endpoint endpoint.Endpoint
	Decode   kithttp.DecodeRequestFunc
	Encode   kithttp.EncodeResponseFunc
	// Guard wraps the handler with checks that come before decoding, such as an upload's size.
	Guard func(http.Handler) http.Handler
	// Limit is the route's rate limit per client address: Kit puts it in front of everything
	// (LimitByIP, answering 429 with LimitMessage) and the document declares the 429.
	Limit        *Limiter
	LimitMessage string

	// Handler is what the server mounts, built by Kit; streams, which are no endpoints, bring
	// their own and Kit.Streams wraps it.
	Handler http.Handler

	chained bool
}

// Chained reports whether the route went through Kit, the standard chain (logging now,
// instrumenting when metrics arrive); the server refuses to mount a route that did not.
func (rt Route) Chained() bool { return rt.chained }

// Param declares a query parameter. Kit refuses a request that breaks the declaration (a missing
// required parameter, a value longer than MaxLength or outside Enum) before the route's decoder
// runs, and the document describes it from the same fields: one declaration for both.
type Param struct {
	Name, Description string
	Required          bool
	// MaxLength is the most characters of the value (DefaultParamLength when zero).
	MaxLength int
	// Format is the JSON Schema format of the value: "date" (JJJJ-MM-DD) and "uuid" are checked.
	Format string
	// Pattern, if set, is a regular expression every value matches.
	Pattern string
	// Enum, if set, are the only values accepted.
	Enum []string
}

// Pattern is the net/http ServeMux pattern of the route.
func (rt Route) Pattern() string { return rt.Method + " " + rt.Path }

// completedOnce refuses, at start-up, a route that already names what ReadRoute or ListRoute
// sets: the method, the described answer or the endpoint would be silently replaced.
func completedOnce(by string, rt Route) {
	if rt.Method != "" || rt.Response != nil || rt.Endpoint != nil {
		panic("httpapi: " + by + " sets the method, answer and endpoint of " + rt.Path + " itself")
	}
}

// ReadRoute completes rt as a GET that reads (Action "read" unless rt names another) and answers
// what fn returns. As with ListRoute the document's answer is declared from fn itself, so the
// description cannot name another type than the endpoint answers. rt gives the path, summary,
// tag, resource, Op, query parameters and the Decode that makes fn's Req.
func ReadRoute[Req, Resp any](rt Route, fn func(context.Context, Req) (Resp, error)) Route {
	completedOnce("ReadRoute", rt)
	var answer Resp
	rt.Method, rt.Response, rt.Endpoint = http.MethodGet, answer, Typed(fn)
	if rt.Action == "" {
		rt.Action = "read"
	}
	return rt
}

// ListRoute completes rt as the route of a list (D25) that fn serves: a GET that takes the list
// parameters of spec and answers the list.Page fn returns. The document's answer is declared
// from fn itself, so it cannot name another row than the endpoint answers. rt gives the path,
// summary, tag and resource; its Action is "read" and its Op "List" unless it names others, and
// its Decode (list.Parse of spec when nil) makes fn's Req.
func ListRoute[Req, T any](rt Route, spec *list.Spec, fn func(context.Context, Req) (list.Page[T], error)) Route {
	completedOnce("ListRoute", rt)
	rt.Method, rt.List, rt.Response, rt.Endpoint = http.MethodGet, spec, list.Page[T]{}, Typed(fn)
	if rt.Action == "" {
		rt.Action = "read"
	}
	if rt.Op == "" {
		rt.Op = "List"
	}
	return rt
}
