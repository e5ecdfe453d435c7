package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
)

// Error is an error a user may see: an HTTP status, a stable code for programs, a Dutch message
// for people, and optional per-field Dutch messages for forms. Err, if set, is logged, never sent.
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
func Unauthorized() *Error {
	return &Error{Status: http.StatusUnauthorized, Code: "unauthenticated", Message: "Je bent niet ingelogd. Log in en probeer het opnieuw."}
}

// Forbidden means the session's role may not do this.
func Forbidden() *Error {
	return &Error{Status: http.StatusForbidden, Code: "forbidden", Message: "Je hebt geen toegang tot deze gegevens."}
}

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

// EncodeError writes err as JSON. Errors that are not *Error are internal: logged in English with
// the request id, answered with a generic Dutch message. It fits go-kit's ServerErrorEncoder.
func EncodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var e *Error
	if !errors.As(err, &e) {
		e = Internal(err)
	}
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
