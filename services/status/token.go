package status

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"

	"github.com/google/uuid"
)

// Links makes and checks the customer's status links (D24). A token is the job's id followed by
// a 128-bit HMAC-SHA256 of it under a key derived from the server's secret: unguessable without
// the secret, checked in constant time, and stored nowhere, so the planning e-mails can carry the
// same link as the confirmation and a copy of the database opens no link.
type Links struct {
	key  []byte
	base string
}

const macBytes = 16 // 128 bits

// NewLinks derives the link key from secret (KLUSMAAT_ACTOR_KEY; changing it ends every link) and
// makes links on the site at baseURL.
func NewLinks(secret, baseURL string) Links {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("klusmaat status link v1"))
	return Links{key: m.Sum(nil), base: baseURL}
}

func (l Links) mac(id uuid.UUID) []byte {
	m := hmac.New(sha256.New, l.key)
	m.Write(id[:])
	return m.Sum(nil)[:macBytes]
}

// Token is the job's token: 43 URL-safe characters.
func (l Links) Token(id uuid.UUID) string {
	return base64.RawURLEncoding.EncodeToString(append(id[:], l.mac(id)...))
}

// URL is the link in the e-mails.
func (l Links) URL(id uuid.UUID) string { return l.base + "/status/" + l.Token(id) }

// Parse returns the job of a token, or false for anything the server did not make.
func (l Links) Parse(token string) (uuid.UUID, bool) {
	// Strict: one spelling per token (the last character carries unused bits that a lax decoder ignores).
	raw, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(raw) != 16+macBytes {
		return uuid.Nil, false
	}
	id, _ := uuid.FromBytes(raw[:16])
	if subtle.ConstantTimeCompare(raw[16:], l.mac(id)) != 1 {
		return uuid.Nil, false
	}
	return id, true
}
