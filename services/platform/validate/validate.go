// Package validate holds the field checks the public forms share, each returning the Dutch
// message a person sees under the field. The server repeats every check the browser makes.
package validate

import (
	"net/mail"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/klusmaat/klusmaat/tenants"
)

// Errors maps field names to Dutch messages; empty means valid.
type Errors map[string]string

// Set records msg for field unless the field already has a message (the first problem wins).
func (e Errors) Set(field, msg string) {
	if _, ok := e[field]; !ok {
		e[field] = msg
	}
}

// Required reports whether s has text; if not it records msg.
func (e Errors) Required(field, s, msg string) bool {
	if strings.TrimSpace(s) == "" {
		e.Set(field, msg)
		return false
	}
	return true
}

// MaxChars records msg when s is longer than n characters (not bytes: "é" is one).
func (e Errors) MaxChars(field, s string, n int, msg string) {
	if utf8.RuneCountInString(s) > n {
		e.Set(field, msg)
	}
}

// Email normalises an optional e-mail address; a non-empty invalid one records a message.
func (e Errors) Email(field, s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return ""
	}
	addr, err := mail.ParseAddress(s)
	// ParseAddress lets C1 control and invisible format characters through (U+0087, U+202E); an
	// address with one would be shown, stored and mailed as something other than it looks.
	hidden := strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
	})
	if err != nil || hidden || addr.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") || len(s) > 320 {
		e.Set(field, "Vul een geldig e-mailadres in.")
	}
	return s
}

var phoneChars = regexp.MustCompile(`^\+?[0-9 ()-]+$`)

// Phone normalises a Dutch or international phone number; it must have 10 to 15 digits.
func (e Errors) Phone(field, s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return ""
	}
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	if !phoneChars.MatchString(s) || digits < 10 || digits > 15 {
		e.Set(field, "Vul een geldig telefoonnummer in, bijvoorbeeld 070 123 45 67.")
	}
	return s
}

// Postcode normalises a Dutch postcode to "1234 AB"; a non-empty invalid one records a message.
func (e Errors) Postcode(field, s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	pc, ok := tenants.NormalizePostcode(s)
	if !ok {
		e.Set(field, "Vul een geldige postcode in, bijvoorbeeld 2271 AB.")
	}
	return pc
}

// Text trims s and collapses the whitespace inside it (names, addresses).
func Text(s string) string { return strings.Join(strings.Fields(s), " ") }

// Error makes Errors an error, so services can return field messages as one.
func (e Errors) Error() string { return "validate: invalid fields" }
