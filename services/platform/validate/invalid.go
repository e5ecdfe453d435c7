package validate

import "github.com/klusmaat/klusmaat/tenants/domainerr"

// Invalid is the refusal of a form with these field messages, or nil when there are none: code
// and message (the summary above the form) are the service's, the field messages e's. The refusal
// wraps e, so errors.As still finds the field messages (the logs list the refused fields).
func (e Errors) Invalid(code, message string) error {
	if len(e) == 0 {
		return nil
	}
	return domainerr.Invalid(code, message, e).WithCause(e)
}
