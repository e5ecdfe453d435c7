package status

import (
	"strings"
	"testing"

	"github.com/google/uuid"
)

func TestTokensAreUnguessableAndTamperEvident(t *testing.T) {
	l := NewLinks("a-secret-of-at-least-thirty-two-characters", "https://www.example.nl")
	id := uuid.New()
	tok := l.Token(id)
	if len(tok) != 43 || strings.ContainsAny(tok, "+/=") {
		t.Fatalf("token %q: want 43 URL-safe characters", tok)
	}
	if got, ok := l.Parse(tok); !ok || got != id {
		t.Fatalf("Parse(own token) = %v %v", got, ok)
	}
	if l.URL(id) != "https://www.example.nl/status/"+tok {
		t.Errorf("URL = %s", l.URL(id))
	}
	// Every single-character change, another job's id with this MAC, another secret: refused.
	for i := range tok {
		for _, c := range []byte{'A', 'z', '0', '-'} {
			if tok[i] == c {
				continue
			}
			bad := tok[:i] + string(c) + tok[i+1:]
			if _, ok := l.Parse(bad); ok {
				t.Fatalf("tampered token %q accepted", bad)
			}
		}
	}
	other := NewLinks("another-secret-of-at-least-thirty-two-chars", "")
	if _, ok := other.Parse(tok); ok {
		t.Error("a token of another secret accepted")
	}
	for _, bad := range []string{"", "abc", tok + "A", tok[:42], id.String()} {
		if _, ok := l.Parse(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}
