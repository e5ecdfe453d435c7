package httpapi

import (
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

	Query []Param // accepted query parameters, besides those of List
	// List makes the route a list (D25): it takes the list parameters of the spec and answers a
	// list.Page (Response embeds or is one).
	List *list.Spec

	Request any // zero value of the JSON body type, nil without a body
	// RequestType is the media type of a body that is not JSON (multipart/form-data for uploads);
	// Request then describes its form fields.
	RequestType string
	Response    any // zero value of the JSON answer type
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
	// Guard wraps the handler with checks that come before decoding: a rate limit, an upload's
	// size.
	Guard func(http.Handler) http.Handler

	// Handler is what the server mounts, built by Kit; streams, which are no endpoints, bring
	// their own and Kit.Streams wraps it.
	Handler http.Handler

	chained bool
}

// Chained reports whether the route went through Kit, the standard chain (logging now,
// instrumenting when metrics arrive); the server refuses to mount a route that did not.
func (rt Route) Chained() bool { return rt.chained }

// Param documents a query parameter.
type Param struct {
	Name, Description string
}

// Pattern is the net/http ServeMux pattern of the route.
func (rt Route) Pattern() string { return rt.Method + " " + rt.Path }
