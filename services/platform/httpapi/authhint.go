package httpapi

import (
	"context"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

type authHintKey struct{}

// WithAuthHint records why a request is anonymous although it carried a session (for example: the
// second factor is missing), so that a refusal can say so instead of a plain 401.
func WithAuthHint(ctx context.Context, e *Error) context.Context {
	return context.WithValue(ctx, authHintKey{}, e)
}

// UnauthorizedFor is the refusal for an anonymous request: the recorded hint, or Unauthorized.
func UnauthorizedFor(ctx context.Context) *Error { return Answer(ctx, domainerr.ErrUnauthenticated) }
