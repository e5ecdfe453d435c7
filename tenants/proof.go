package tenants

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// The actor of a transaction is proved to PostgreSQL, not merely announced (D4, migration 010).
// The server signs the claims (role, user id, regions) together with the backend's pid and the
// transaction's id, with a key that the schema owner keeps in a table the server's role cannot
// read; begin_actor(), a SECURITY DEFINER function of the owner, checks the signature and records
// the actor for this one transaction. SQL that runs as klusmaat_app cannot produce a signature, so
// it can neither change nor widen the actor, nor leave one behind on a pooled connection.

// MinActorKeyLength is the shortest actor key accepted: an HMAC-SHA256 key of fewer than 32 bytes
// is weaker than the hash.
const MinActorKeyLength = 32

// ErrActorKey means the actor key is missing or too short.
var ErrActorKey = fmt.Errorf("tenants: the actor key must be at least %d bytes", MinActorKeyLength)

type signingKey []byte

func newActorKey(s string) (signingKey, error) {
	if len(s) < MinActorKeyLength {
		return nil, ErrActorKey
	}
	return signingKey(s), nil
}

// signActor is the HMAC-SHA256 that begin_actor() recomputes: the lines klusmaat-actor-v1, pid,
// transaction id, role, user id ("" for anonymous) and the regions joined by ",". Region slugs
// cannot hold a comma or a newline (Actor.Validate), so no two actors share a message.
func (k signingKey) signActor(pid uint32, xid string, a Actor) []byte {
	msg := strings.Join([]string{"klusmaat-actor-v1", strconv.FormatUint(uint64(pid), 10), xid,
		string(a.Role), userIDText(a), strings.Join(a.Regions, ",")}, "\n")
	mac := hmac.New(sha256.New, k)
	mac.Write([]byte(msg))
	return mac.Sum(nil)
}

func userIDText(a Actor) string {
	if a.Role == Anonymous {
		return ""
	}
	return a.UserID.String()
}

// proveActor makes a the actor of tx: it learns the transaction id, signs, and calls begin_actor.
func (db *DB) proveActor(ctx context.Context, tx pgx.Tx, a Actor) error {
	var xid string
	if err := tx.QueryRow(ctx, `SELECT pg_current_xact_id()::text`).Scan(&xid); err != nil {
		return fmt.Errorf("tenants: transaction id: %w", err)
	}
	pid := tx.Conn().PgConn().PID()
	var userID any
	if a.Role != Anonymous {
		userID = a.UserID
	}
	regions := a.Regions
	if regions == nil {
		regions = []string{}
	}
	if _, err := tx.Exec(ctx, `SELECT begin_actor($1, $2, $3, $4)`,
		string(a.Role), userID, regions, db.key.signActor(pid, xid, a)); err != nil {
		return fmt.Errorf("tenants: prove actor: %w", err)
	}
	return nil
}

// ErrActorKeyMismatch means the database refuses the server's actor signatures: the key the server
// was given is not the one `klusmaat migrate` stored.
var ErrActorKeyMismatch = errors.New("tenants: the database refuses this server's actor key; run `klusmaat migrate` with the same KLUSMAAT_ACTOR_KEY")

// CheckActorKey proves an anonymous actor once, so that a server whose key differs from the
// database's refuses to start instead of failing every request.
func (db *DB) CheckActorKey(ctx context.Context) error {
	var role string
	err := db.InTx(ctx, AnonymousActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT actor_role()`).Scan(&role)
	})
	if err != nil || role != string(Anonymous) {
		return fmt.Errorf("%w: %v", ErrActorKeyMismatch, err)
	}
	return nil
}
