// Package httpapi is what every service's HTTP transport shares: the route table from which the
// server mux, the authorization middleware and the OpenAPI document are all built; the Kit that
// builds each module's routes with the standard chain (logging now, instrumenting later) and
// Typed, which adapts a service method to a go-kit endpoint; Answer, the one mapper from errors
// (tenants/domainerr) to status codes and the JSON error shape (a stable code and a Dutch
// message); strict request decoding that refuses control characters in text (text.go); request ids on every log line; and the security headers. A
// service's transport.go uses these and nothing else of net/http.
package httpapi
