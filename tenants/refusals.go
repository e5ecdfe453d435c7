package tenants

import (
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// The SQLSTATE codes of the refusals a user can cause.
const (
	CodeUniqueViolation       = "23505"
	CodeForeignKeyViolation   = "23503"
	CodeCheckViolation        = "23514" // also the lock triggers on finished jobs and work orders
	CodeInsufficientPrivilege = "42501" // also row-level security refusing a written row
)

// PGCode returns the SQLSTATE of the PostgreSQL error in err's chain, or "".
func PGCode(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// Refusals says which domain error each PostgreSQL refusal becomes; a nil field takes the
// platform's default. A store that knows better (a check violation that means "this work order is
// closed") sets that field; DB.Tx maps with the defaults whatever a store left unmapped.
type Refusals struct {
	Unique, ForeignKey, Check, RLS *domainerr.Error
}

// The defaults.
var (
	ErrDuplicate  = domainerr.Conflict("duplicate", "Deze gegevens bestaan al.")
	ErrUnknownRef = domainerr.Invalid("unknown_reference", "Dit verwijst naar gegevens die niet (meer) bestaan.", nil)
	ErrInUse      = domainerr.Conflict("in_use", "Dit wordt nog gebruikt en kan daarom niet worden verwijderd.")
	ErrRuleBroken = domainerr.Conflict("not_allowed", "Deze wijziging is niet toegestaan.")
	ErrRowRefused = domainerr.ErrForbidden
)

// rlsMessageHead starts PostgreSQL's message when row-level security refuses a written row.
const rlsMessageHead = "new row violates row-level security policy"

// Map returns err as a domain error when it is a refusal: a unique, foreign-key or check
// violation, or row-level security refusing a row the actor wrote. The domain error carries err as
// its cause, for the log. Every other error, a missing grant (also 42501) included, is returned
// unchanged: that is a fault of the platform, not of the user.
func (r Refusals) Map(err error) error {
	var pe *pgconn.PgError
	if err == nil || !errors.As(err, &pe) {
		return err
	}
	var d *domainerr.Error
	switch {
	case pe.Code == CodeUniqueViolation:
		d = or(r.Unique, ErrDuplicate)
	case pe.Code == CodeForeignKeyViolation && strings.Contains(pe.Detail, "is still referenced"):
		d = or(r.ForeignKey, ErrInUse)
	case pe.Code == CodeForeignKeyViolation:
		d = or(r.ForeignKey, ErrUnknownRef)
	case pe.Code == CodeCheckViolation:
		d = or(r.Check, ErrRuleBroken)
	case pe.Code == CodeInsufficientPrivilege && strings.HasPrefix(pe.Message, rlsMessageHead):
		d = or(r.RLS, ErrRowRefused)
	default:
		return err
	}
	return d.WithCause(err)
}

func or(e, def *domainerr.Error) *domainerr.Error {
	if e != nil {
		return e
	}
	return def
}

// NoRowsAs returns notFound when err says no row matched (pgx.ErrNoRows, however wrapped): the
// row does not exist, or row-level security hides it, which to the actor is the same. Other
// errors pass unchanged.
func NoRowsAs(notFound, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return notFound
	}
	return err
}
