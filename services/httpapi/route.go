package httpapi

import "net/http"

// Route is one API endpoint. Each service lists its routes in its transport.go; the server mounts
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

	Query   []Param // accepted query parameters
	Request any     // zero value of the JSON body type, nil without a body
	// RequestType is the media type of a body that is not JSON (multipart/form-data for uploads);
	// Request then describes its form fields.
	RequestType string
	Response    any // zero value of the JSON answer type
	// ResponseType is the media type of a 200 answer that is not JSON (a CSV download); its
	// schema is then a string.
	ResponseType string

	Handler http.Handler
}

// Param documents a query parameter.
type Param struct {
	Name, Description string
}

// Pattern is the net/http ServeMux pattern of the route.
func (rt Route) Pattern() string { return rt.Method + " " + rt.Path }
