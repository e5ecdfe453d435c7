package validate

import (
	"net/mail"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

var (
	canonicalPostcode = regexp.MustCompile(`^[1-9][0-9]{3} [A-Z]{2}$`)
	phoneShape        = regexp.MustCompile(`^\+?[0-9 ()-]+$`)
)

// FuzzFieldChecks: whatever a visitor types, each check either records a Dutch message or
// returns a value in the shape the rest of the platform relies on (an e-mail address that is one
// plain address, a canonical postcode, a phone number of 10 to 15 digits, one line of text); none
// of them panics.
func FuzzFieldChecks(f *testing.F) {
	for _, s := range []string{"", " ", "piet@example.nl", " Piet@Example.NL ", "piet@", "\"a b\"@example.nl", "a@b.c\x00",
		"Jan <jan@example.nl>", "jan@example.nl, kees@example.nl", "2271ab", "2271 sa", "0271 AB", "070 123 45 67",
		"+31 6 1234 5678", "06-12345678\n", "Mevrouw\t Van  Dijk\n", "ééé", "\u202e", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Errors{}
		if got := e.Email("email", s); got != "" && e["email"] == "" {
			addr, err := mail.ParseAddress(got)
			if err != nil || addr.Address != got || addr.Name != "" || strings.Count(got, "@") != 1 || len(got) > 320 {
				t.Fatalf("Email(%q) accepted %q", s, got)
			}
			if strings.ContainsFunc(got, func(r rune) bool {
				return unicode.IsSpace(r) || unicode.IsControl(r) || strings.ContainsRune("<>,;\"\\", r)
			}) {
				t.Fatalf("Email(%q) accepted %q, which is more than one plain address", s, got)
			}
		}
		if got := e.Postcode("postcode", s); e["postcode"] == "" && got != "" && !canonicalPostcode.MatchString(got) {
			t.Fatalf("Postcode(%q) = %q", s, got)
		}
		if got := e.Phone("telefoon", s); e["telefoon"] == "" && got != "" {
			digits := 0
			for _, r := range got {
				if r >= '0' && r <= '9' {
					digits++
				}
			}
			if !phoneShape.MatchString(got) || digits < 10 || digits > 15 {
				t.Fatalf("Phone(%q) = %q", s, got)
			}
		}
		got := Text(s)
		if Text(got) != got || strings.Contains(got, "  ") || strings.ContainsAny(got, "\n\t\r") || got != strings.TrimSpace(got) {
			t.Fatalf("Text(%q) = %q", s, got)
		}
		e.MaxChars("max", s, 5, "te lang")
		if (e["max"] != "") != (utf8.RuneCountInString(s) > 5) {
			t.Fatalf("MaxChars(%q) = %q", s, e["max"])
		}
		if e.Required("req", s, "verplicht") == (strings.TrimSpace(s) == "") {
			t.Fatalf("Required(%q) disagrees with the text", s)
		}
	})
}
