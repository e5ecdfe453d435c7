// Package httpapi is what every service's HTTP transport shares: the JSON error shape (a stable
// code and a Dutch message), strict request decoding that refuses control characters in text
// (text.go), request ids on every log line, rate limits, the route
// table from which the server mux, the authorization middleware and the OpenAPI document are all
// built, and the security headers. A service's transport.go uses these and nothing else of net/http.
package httpapi
