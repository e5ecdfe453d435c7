package validate

import (
	"math/big"
	"regexp"
	"strings"
)

// The numbers a Dutch invoice carries for its issuer (D28), each normalised (spaces and dots
// out, letters upper-case) and checked; a wrong one records the message a person sees.

var (
	kvkPattern = regexp.MustCompile(`^[0-9]{8}$`)
	btwPattern = regexp.MustCompile(`^NL[0-9]{9}B[0-9]{2}$`)
	ibanChars  = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)
)

func compact(s string) string {
	return strings.ToUpper(strings.NewReplacer(" ", "", ".", "", "-", "").Replace(strings.TrimSpace(s)))
}

// KvK normalises a Chamber of Commerce number: eight digits.
func (e Errors) KvK(field, s string) string {
	s = compact(s)
	if !kvkPattern.MatchString(s) {
		e.Set(field, "Vul een KvK-nummer van 8 cijfers in.")
	}
	return s
}

// BTW normalises a Dutch VAT number: NL, nine digits, B and two digits (NL123456789B01).
func (e Errors) BTW(field, s string) string {
	s = compact(s)
	if !btwPattern.MatchString(s) {
		e.Set(field, "Vul een btw-nummer in zoals NL123456789B01.")
	}
	return s
}

// IBAN normalises an IBAN and checks its control digits (ISO 13616: mod 97 = 1), so a typing
// error is caught before a customer pays to it.
func (e Errors) IBAN(field, s string) string {
	s = compact(s)
	if !ibanChars.MatchString(s) || !ibanChecksum(s) {
		e.Set(field, "Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.")
	}
	return s
}

func ibanChecksum(s string) bool {
	var digits strings.Builder
	for _, r := range s[4:] + s[:4] {
		switch {
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			digits.WriteString(big.NewInt(int64(r - 'A' + 10)).String())
		default:
			return false
		}
	}
	n, ok := new(big.Int).SetString(digits.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}
