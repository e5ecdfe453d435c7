package pain

import (
	"strings"
	"unicode"
)

// The EPC's SEPA character set is the Latin subset every bank in the scheme must carry end to
// end: a-z A-Z 0-9 / - ? : ( ) . , ' + and space. A bank may refuse a file with anything else,
// or mangle it on the way to the klusser's bank, so names and remittance text are reduced to it
// before they are written, and identifiers are refused unless they already fit (see validID).

// sepaPunctuation holds the characters of the set besides letters, digits and space.
const sepaPunctuation = "/-?:().,'+"

func isSEPAChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ' ' ||
		strings.ContainsRune(sepaPunctuation, r)
}

// transliterations maps a character outside the set to what a Dutch reader would write for it
// on a typewriter, so 'Ëngels' stays recognisable as 'Engels' instead of losing a letter. The
// standard library has no Unicode decomposition, hence the table: Latin-1 Supplement and Latin
// Extended-A (which cover the names of the countries SEPA reaches), Romanian comma-below letters,
// and typographic punctuation that has a plain equivalent.
var transliterations = func() map[rune]string {
	groups := []struct{ from, to string }{
		{"ÀÁÂÃÄÅĀĂĄ", "A"}, {"àáâãäåāăą", "a"},
		{"Æ", "AE"}, {"æ", "ae"},
		{"ÇĆĈĊČ", "C"}, {"çćĉċč", "c"},
		{"ÐĎĐ", "D"}, {"ðďđ", "d"},
		{"ÈÉÊËĒĔĖĘĚ", "E"}, {"èéêëēĕėęě", "e"},
		{"ĜĞĠĢ", "G"}, {"ĝğġģ", "g"},
		{"ĤĦ", "H"}, {"ĥħ", "h"},
		{"ÌÍÎÏĨĪĬĮİ", "I"}, {"ìíîïĩīĭįı", "i"},
		{"Ĳ", "IJ"}, {"ĳ", "ij"},
		{"Ĵ", "J"}, {"ĵ", "j"},
		{"Ķ", "K"}, {"ķĸ", "k"},
		{"ĹĻĽĿŁ", "L"}, {"ĺļľŀł", "l"},
		{"ÑŃŅŇŊ", "N"}, {"ñńņňŉŋ", "n"},
		{"ÒÓÔÕÖØŌŎŐ", "O"}, {"òóôõöøōŏő", "o"},
		{"Œ", "OE"}, {"œ", "oe"},
		{"ŔŖŘ", "R"}, {"ŕŗř", "r"},
		{"ŚŜŞŠȘ", "S"}, {"śŝşšșſ", "s"},
		{"ß", "ss"},
		{"ŢŤŦȚ", "T"}, {"ţťŧț", "t"},
		{"Þ", "TH"}, {"þ", "th"},
		{"ÙÚÛÜŨŪŬŮŰŲ", "U"}, {"ùúûüũūŭůűų", "u"},
		{"Ŵ", "W"}, {"ŵ", "w"},
		{"ÝŶŸ", "Y"}, {"ýÿŷ", "y"},
		{"ŹŻŽ", "Z"}, {"źżž", "z"},
		// '&' has no place in the set; '+' is the EPC's own suggestion for it.
		{"&", "+"},
		{"‘’‚‛′´`\"“”„‟″", "'"},
		{"‐‑‒–—―−", "-"},
	}
	m := make(map[rune]string)
	for _, g := range groups {
		for _, r := range g.from {
			m[r] = g.to
		}
	}
	return m
}()

// SEPAText reduces s to the SEPA character set: accented letters are transliterated (é→e,
// ß→ss, ĳ→ij), '&' becomes '+', combining accents are dropped, and any other character becomes
// a space, so words that an unknown character separated stay apart. Runs of spaces collapse to
// one, the ends are trimmed, and the result is cut to at most max characters (no limit when max
// <= 0). The result is plain ASCII, so characters, runes and bytes count the same. It may be
// empty, which the caller has to treat as "nothing usable".
func SEPAText(s string, max int) string {
	var b strings.Builder
	space := false // a space is owed before the next character written
	add := func(t string) {
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteString(t)
	}
	for _, r := range s {
		if max > 0 && b.Len() >= max {
			// Enough is written; the rest of a long input need not be looked at.
			break
		}
		switch {
		case r == ' ' || unicode.IsSpace(r):
			space = true
		case isSEPAChar(r):
			add(string(r))
		case unicode.Is(unicode.Mn, r):
			// A combining accent belongs to the letter before it (decomposed 'e'+'́'), so it
			// goes without leaving a gap in the word.
		default:
			if t, ok := transliterations[r]; ok {
				add(t)
			} else {
				space = true
			}
		}
	}
	out := b.String()
	if max > 0 && len(out) > max {
		out = out[:max]
	}
	// Cutting may leave a space at the end; a name must not end in one.
	return strings.TrimRight(out, " ")
}
