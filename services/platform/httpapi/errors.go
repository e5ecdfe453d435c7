package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Error is a refusal of the HTTP layer itself (a body that is not JSON, a missing CSRF header, a
// rate limit, a path without a route) and what EncodeError turns every error into: an HTTP status,
// a stable code for programs, a Dutch message for people, and optional per-field Dutch messages
// for forms. Err, if set, is logged, never sent. Services return tenants/domainerr errors instead.
type Error struct {
	Status  int
	Code    string
	Message string
	Fields  map[string]string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// BadRequest is invalid input; fields maps field names to Dutch messages.
func BadRequest(code, message string, fields map[string]string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: code, Message: message, Fields: fields}
}

// NotFound is a missing resource.
func NotFound(code, message string) *Error {
	return &Error{Status: http.StatusNotFound, Code: code, Message: message}
}

// Unauthorized means a session is needed and there is none.
func Unauthorized() *Error { return fromDomain(domainerr.ErrUnauthenticated, nil) }

// Forbidden means the session's role may not do this.
func Forbidden() *Error { return fromDomain(domainerr.ErrForbidden, nil) }

// Internal wraps an unexpected failure; the user sees a generic Dutch message, the log the cause.
func Internal(err error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "Er ging iets mis. Probeer het opnieuw.", Err: err}
}

// ErrorBody is the JSON of every error answer.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is the inside of ErrorBody.
type ErrorDetail struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// kindStatus is the status of each kind of domain error.
var kindStatus = map[domainerr.Kind]int{
	domainerr.KindInvalid:         http.StatusBadRequest,
	domainerr.KindNotFound:        http.StatusNotFound,
	domainerr.KindConflict:        http.StatusConflict,
	domainerr.KindForbidden:       http.StatusForbidden,
	domainerr.KindUnauthenticated: http.StatusUnauthorized,
	domainerr.KindTooLarge:        http.StatusRequestEntityTooLarge,
	domainerr.KindUnsupported:     http.StatusUnsupportedMediaType,
	domainerr.KindUnavailable:     http.StatusServiceUnavailable,
}

// Answer is the one mapper from errors to answers. A domain error gets the status of its kind (a
// missing sign-in the reason recorded by WithAuthHint, if any); an *Error keeps its own; anything
// else is internal, with a generic Dutch message and the cause kept for the log.
func Answer(ctx context.Context, err error) *Error {
	if d := domainerr.As(err); d != nil {
		if d.Kind == domainerr.KindUnauthenticated {
			if hint, ok := ctx.Value(authHintKey{}).(*Error); ok {
				return hint
			}
		}
		if _, ok := kindStatus[d.Kind]; ok {
			return fromDomain(d, err)
		}
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	if ClientGone(ctx) {
		return &Error{Status: StatusClientClosed, Code: "client_closed", Message: "Het verzoek is afgebroken.", Err: err}
	}
	return Internal(err)
}

// StatusClientClosed is the status recorded for a request whose client left before the answer
// (nginx's 499): nobody reads it, and it is not a failure of the server.
const StatusClientClosed = 499

// ClientGone reports whether the request's client went away (a page left, a fetch aborted): the
// errors that follow ("context canceled" from the database or Kratos) are its echo, not faults to
// page an operator about. A deadline that passed is not this; that stays a failure.
func ClientGone(ctx context.Context) bool {
	return errors.Is(ctx.Err(), context.Canceled)
}

// StatusOf is the status code the API answers err with.
func StatusOf(err error) int { return Answer(context.Background(), err).Status }

func fromDomain(d *domainerr.Error, cause error) *Error {
	return &Error{Status: kindStatus[d.Kind], Code: d.Code, Message: d.Message, Fields: d.Fields, Err: cause}
}

// EncodeError writes err as JSON, as Answer maps it. Internal errors (5xx) are logged in English
// with the request id; the user reads a generic Dutch message. It fits go-kit's ServerErrorEncoder.
func EncodeError(ctx context.Context, err error, w http.ResponseWriter) {
	e := Answer(ctx, err)
	if e.Status >= 500 {
		slog.ErrorContext(ctx, "request failed", "code", e.Code, "err", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(e.Status)
	_ = json.NewEncoder(w).Encode(ErrorBody{Error: ErrorDetail{Code: e.Code, Message: e.Message, Fields: e.Fields}})
}

// WriteError is EncodeError for plain handlers and middleware.
func WriteError(w http.ResponseWriter, r *http.Request, err error) { EncodeError(r.Context(), err, w) }
