// Package domainerr is how services say no without knowing HTTP: an error of a small set of kinds
// (not found, conflict, invalid with Dutch field messages, forbidden, unavailable, and a few more),
// a stable code for programs and a Dutch message for people. Services and stores return these;
// one mapper in services/platform/httpapi turns them into status codes and the JSON error shape.
//
// The package imports nothing of the platform, so that every layer may use it: tenants maps
// PostgreSQL refusals to it, services/platform/validate folds its field messages into it.
package domainerr

import "errors"

// Kind is what sort of refusal an error is; the transport decides what that means on the wire.
type Kind uint8

// The kinds. The zero Kind is no refusal at all: an unexpected failure.
const (
	// KindInvalid is input that breaks a rule; Fields says which fields and why.
	KindInvalid Kind = iota + 1
	// KindNotFound is something that does not exist, or that the actor may not know exists.
	KindNotFound
	// KindConflict is a request that clashes with the current state (already taken, closed, in use).
	KindConflict
	// KindForbidden is an actor that may not do this.
	KindForbidden
	// KindUnauthenticated is a request that needs a signed-in user and has none.
	KindUnauthenticated
	// KindTooLarge is input over a size limit (an upload of more than 5 MB).
	KindTooLarge
	// KindUnsupported is input of a type the domain does not take (an executable renamed .pdf).
	KindUnsupported
	// KindUnavailable is a dependency that is down; trying again later may work.
	KindUnavailable
)

var kindNames = map[Kind]string{
	KindInvalid: "invalid", KindNotFound: "not_found", KindConflict: "conflict", KindForbidden: "forbidden",
	KindUnauthenticated: "unauthenticated", KindTooLarge: "too_large", KindUnsupported: "unsupported",
	KindUnavailable: "unavailable",
}

// String names the kind in logs.
func (k Kind) String() string {
	if n, ok := kindNames[k]; ok {
		return n
	}
	return "internal"
}

// Error is a refusal a user may see. Err, if set, is the cause: logged, never shown.
type Error struct {
	Kind    Kind
	Code    string            // stable, for programs: werkbon_not_found
	Message string            // Dutch, for people
	Fields  map[string]string // Dutch per field, for forms; may be nil
	Err     error
}

// Error says kind and code, and the cause if there is one (for the log), else the message.
func (e *Error) Error() string {
	what := e.Message
	if e.Err != nil {
		what = e.Err.Error()
	}
	return e.Kind.String() + " " + e.Code + ": " + what
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is matches another *Error of the same kind and code, so that errors.Is(err, ErrSomething) holds
// for a copy that carries a cause (WithCause).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Code == e.Code
}

// WithCause returns a copy of e that carries err for the log; the user sees the same refusal.
func (e *Error) WithCause(err error) *Error {
	c := *e
	c.Err = err
	return &c
}

// Invalid is input that breaks a rule: message sums it up, fields holds a message per field.
func Invalid(code, message string, fields map[string]string) *Error {
	return &Error{Kind: KindInvalid, Code: code, Message: message, Fields: fields}
}

// NotFound is something that does not exist for this actor.
func NotFound(code, message string) *Error {
	return &Error{Kind: KindNotFound, Code: code, Message: message}
}

// Conflict is a request the current state does not allow.
func Conflict(code, message string) *Error {
	return &Error{Kind: KindConflict, Code: code, Message: message}
}

// Forbidden is an actor that may not do this.
func Forbidden(code, message string) *Error {
	return &Error{Kind: KindForbidden, Code: code, Message: message}
}

// Unauthenticated is a request without the signed-in user it needs.
func Unauthenticated(code, message string) *Error {
	return &Error{Kind: KindUnauthenticated, Code: code, Message: message}
}

// TooLarge is input over a size limit; fields may name the field that is too large.
func TooLarge(code, message string, fields map[string]string) *Error {
	return &Error{Kind: KindTooLarge, Code: code, Message: message, Fields: fields}
}

// Unsupported is input of a type the domain does not take; fields may name the field.
func Unsupported(code, message string, fields map[string]string) *Error {
	return &Error{Kind: KindUnsupported, Code: code, Message: message, Fields: fields}
}

// Unavailable is a dependency that is down.
func Unavailable(code, message string) *Error {
	return &Error{Kind: KindUnavailable, Code: code, Message: message}
}

// The refusals every part of the platform shares.
var (
	// ErrUnauthenticated: no one is signed in.
	ErrUnauthenticated = Unauthenticated("unauthenticated", "Je bent niet ingelogd. Log in en probeer het opnieuw.")
	// ErrForbidden: the signed-in user may not see or do this.
	ErrForbidden = Forbidden("forbidden", "Je hebt geen toegang tot deze gegevens.")
)

// As returns the *Error in err's chain, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}
