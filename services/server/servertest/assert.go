package servertest

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/identity"
)

// WantDutch fails t unless msg is there, in Dutch, and leaks nothing technical: a message for the
// office or a visitor.
func WantDutch(t testing.TB, what, msg string) {
	t.Helper()
	if strings.TrimSpace(msg) == "" || !dutchWords.MatchString(msg) {
		t.Errorf("%s: %q is no Dutch message", what, msg)
	}
	for _, tech := range []string{"camt:", "xmllint", "SQLSTATE", "pgx", "panic", "/etc/passwd", "root:"} {
		if strings.Contains(msg, tech) {
			t.Errorf("%s: the message leaks %q: %s", what, tech, msg)
		}
	}
}

// dutchWords are common Dutch words: a message with none of them is not Dutch.
var dutchWords = regexp.MustCompile(`(?i)\b(het|de|een|niet|geen|dit|is|van|kies|bestand|bankafschrift|afschrift|bedrag|factuur)\b`)

// WantIn fails t for each of wants that text (what, e.g. a PDF's text) lacks.
func WantIn(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// KratosHas counts Kratos's identities with this e-mail address (its admin API).
func KratosHas(t testing.TB, k *identity.Kratos, email string) int {
	t.Helper()
	found, resp, err := k.Admin.ListIdentities(context.Background()).CredentialsIdentifier(email).Execute()
	if resp != nil {
		resp.Body.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return len(found)
}

// ELF is the start of a Linux executable: what an upload that only looks at names would take.
func ELF() []byte {
	b := make([]byte, 512)
	copy(b, "\x7fELF\x02\x01\x01\x00")
	return b
}
