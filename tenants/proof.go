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
	"github.com/jackc/pgx/v5/pgconn"
)

// The actor of a transaction is proved to PostgreSQL, not merely announced (D4, migration 010).
// The server signs the claims (role, user id, regions) together with the backend's pid and the
// transaction's id, with a key that the schema owner keeps in a table the server's role cannot
// read; begin_actor(), a SECURITY DEFINER function of the owner, checks the signature and records
// the actor for this one transaction. SQL that runs as klusmaat_app cannot produce a signature, so
// it can neither change nor widen the actor, nor leave one behind on a pooled connection.
//
// The pid and transaction id come with BEGIN: the transaction starts with actor_challenge(), which
// announces them in a notice, because pgx does not return the rows of the statement that begins a
// transaction. That keeps a transaction at the round trips it had when the actor was three
// set_config calls: BEGIN, the actor, the work, COMMIT.

// beginWithChallenge starts every transaction. The notice must reach the server whatever a
// session may have done to client_min_messages.
var beginWithChallenge = pgx.TxOptions{
	BeginQuery: "BEGIN; SET LOCAL client_min_messages = notice; SELECT actor_challenge()",
}

const (
	challengeMessage = "klusmaat actor challenge" // actor_challenge()'s notice
	challengeKey     = "klusmaat.actor_challenge" // where onNotice keeps its detail, per connection
)

// onNotice keeps the detail of the challenge notice ("pid xid") on its connection, for proveActor.
func onNotice(c *pgconn.PgConn, n *pgconn.Notice) {
	if n.Message == challengeMessage {
		c.CustomData()[challengeKey] = n.Detail
	}
}

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

// proveActor makes a the actor of tx, begun with beginWithChallenge: it signs the challenge and
// the claims, and calls begin_actor. A missing or malformed challenge fails the transaction; one
// that is not this transaction's makes begin_actor refuse the signature.
func (db *DB) proveActor(ctx context.Context, tx pgx.Tx, a Actor) error {
	data := tx.Conn().PgConn().CustomData()
	challenge, _ := data[challengeKey].(string)
	delete(data, challengeKey)
	pidText, xid, ok := strings.Cut(challenge, " ")
	pid, err := strconv.ParseUint(pidText, 10, 32)
	if !ok || err != nil || xid == "" {
		return fmt.Errorf("tenants: prove actor: no challenge from the database (%q)", challenge)
	}
	var userID any
	if a.Role != Anonymous {
		userID = a.UserID
	}
	regions := a.Regions
	if regions == nil {
		regions = []string{}
	}
	if _, err := tx.Exec(ctx, `SELECT begin_actor($1, $2, $3, $4)`,
		string(a.Role), userID, regions, db.key.signActor(uint32(pid), xid, a)); err != nil {
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
	var role *string
	err := db.InTx(ctx, AnonymousActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT actor_role()`).Scan(&role)
	})
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Code == "42501": // insufficient_privilege: begin_actor refused
		return fmt.Errorf("%w (%s)", ErrActorKeyMismatch, pe.Message)
	case err != nil:
		return fmt.Errorf("tenants: check actor key: %w", err)
	case role == nil || *role != string(Anonymous):
		return fmt.Errorf("%w (the proved actor reads back as %v)", ErrActorKeyMismatch, role)
	}
	return nil
}
