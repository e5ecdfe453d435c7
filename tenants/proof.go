package tenants

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// The actor of a transaction is proved to PostgreSQL, not merely announced (D4, migrations 010,
// 024 and 041). Once per connection the database gives the backend a random nonce
// (actor_session()). For each transaction the server signs the claims (role, user id, regions)
// with that nonce and the connection's transaction count, with a key that the schema owner keeps
// in a table the server's role cannot read, and sends BEGIN, prove_actor(proof) and the
// transaction's first statement in one round trip, each a message of its own (provedTx).
// prove_actor(), a SECURITY DEFINER function of the owner, checks the signature, refuses a count
// the session has passed (replay), a second proof in the transaction and a message that holds more
// SQL than the proof (whose later transactions would start at the same instant), and marks the
// proof as the running transaction's; the current_actor view that every policy reads returns the
// claims only while that mark holds. SQL that runs as klusmaat_app cannot produce a signature or a
// mark, so it can neither change nor widen the actor, nor leave one behind on a pooled connection
// or in a later transaction of the same message; and a read writes nothing.

const (
	nonceKey = "klusmaat.actor_nonce" // the connection's nonce (int64), in its CustomData
	countKey = "klusmaat.actor_count" // the connection's last transaction count (int64)
)

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

// proof is the argument of prove_actor(): count, role, user id ("" for anonymous), regions joined
// by "," and the signature in hex, separated by "/". The signature is the HMAC-SHA256 of the lines
// klusmaat-actor-v2, nonce, count, role, user id and regions. Region slugs cannot hold a comma, a
// slash or a newline (Actor.Validate), so no two actors share a message or a proof.
func (k signingKey) proof(nonce, count int64, a Actor) string {
	fields := []string{strconv.FormatInt(count, 10), string(a.Role), userIDText(a), strings.Join(a.Regions, ",")}
	mac := hmac.New(sha256.New, k)
	mac.Write([]byte("klusmaat-actor-v2\n" + strconv.FormatInt(nonce, 10) + "\n" + strings.Join(fields, "\n")))
	return strings.Join(append(fields, hex.EncodeToString(mac.Sum(nil))), "/")
}

func userIDText(a Actor) string {
	if a.Role == Anonymous {
		return ""
	}
	return a.UserID.String()
}

// proofFor signs a for the next transaction on conn. A connection's first transaction asks the
// database for the connection's nonce first (one round trip per connection).
func (db *DB) proofFor(ctx context.Context, conn *pgx.Conn, a Actor) (string, error) {
	data := conn.PgConn().CustomData()
	nonce, ok := data[nonceKey].(int64)
	if !ok {
		if err := conn.QueryRow(ctx, `SELECT actor_session()`).Scan(&nonce); err != nil {
			return "", fmt.Errorf("tenants: start the connection's actor proofs: %w", err)
		}
		data[nonceKey] = nonce
	}
	count, _ := data[countKey].(int64)
	count++
	data[countKey] = count
	return db.key.proof(nonce, count, a), nil
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
	case errors.As(err, &pe) && pe.Code == "42501": // insufficient_privilege: prove_actor refused
		return fmt.Errorf("%w (%s)", ErrActorKeyMismatch, pe.Message)
	case err != nil:
		return fmt.Errorf("tenants: check actor key: %w", err)
	case role == nil:
		return fmt.Errorf("%w (the database finds no actor in the proof)", ErrActorKeyMismatch)
	case *role != string(Anonymous):
		return fmt.Errorf("%w (the proved actor reads back as %q)", ErrActorKeyMismatch, *role)
	}
	return nil
}
