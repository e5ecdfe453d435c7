package pain

import (
	"strings"
	"testing"
)

func TestSEPAText(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"Piet Bakker-Ëngels", 70, "Piet Bakker-Engels"},
		{"Jan & Zonen", 70, "Jan + Zonen"},
		{"Klus <B.V.> & Co", 70, "Klus B.V. + Co"},
		{"  Straße   Müller  ", 70, "Strasse Muller"},
		{"Søren Åberg", 70, "Soren Aberg"},
		{"Æbleskiver æ", 70, "AEbleskiver ae"},
		{"Ĳsselmeer ĳs", 70, "IJsselmeer ijs"},
		{"François Muñoz Ørsted", 70, "Francois Munoz Orsted"},
		{"Łódź Œuvre Ștefan", 70, "Lodz OEuvre Stefan"},
		{"e\u0301te\u0301", 70, "ete"}, // decomposed accents
		{"info@klusmaat.nl", 70, "info klusmaat.nl"},
		{"Tab\tnew\nline\r\n", 70, "Tab new line"},
		{"’s-Hertogenbosch", 70, "'s-Hertogenbosch"},
		{"Factuur 2026–001 “mei”", 70, "Factuur 2026-001 'mei'"},
		{"Jan 😀 Jansen", 70, "Jan Jansen"},
		{"a/b-c?d:e(f)g.h,i'j+k", 70, "a/b-c?d:e(f)g.h,i'j+k"},
		{"50% korting; 3 × 2 = 6 #1", 70, "50 korting 3 2 6 1"},
		{"Андрей", 70, ""},
		{"", 10, ""},
		{"\xff\xfeJan", 10, "Jan"}, // invalid UTF-8 is not passed on
		// Truncation counts characters of the result, after transliteration.
		{"abcdefghij", 5, "abcde"},
		{"abc defgh", 4, "abc"}, // no space left at the end by the cut
		{"Straße", 5, "Stras"},
		{"ß", 1, "s"},
		{"Jan & Zonen", 5, "Jan +"},
		{strings.Repeat("é", 200), 140, strings.Repeat("e", 140)},
		{"no limit at all", 0, "no limit at all"},
	} {
		if got := SEPAText(c.in, c.max); got != c.want {
			t.Errorf("SEPAText(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

// FuzzSEPAText holds SEPAText to its promise for any input: only characters of the set, no
// more than max of them, single spaces inside only, and nothing left to change on a second pass.
func FuzzSEPAText(f *testing.F) {
	for _, s := range []string{"Piet Bakker-Ëngels", "Jan & Zonen", " a  b ", "ß", "\xff", "e\u0301"} {
		f.Add(s, 5)
		f.Add(s, 70)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max > 1000 {
			max = 1000
		}
		got := SEPAText(s, max)
		if max > 0 && len(got) > max {
			t.Fatalf("SEPAText(%q, %d) = %q: longer than max", s, max, got)
		}
		for _, r := range got {
			if !isSEPAChar(r) {
				t.Fatalf("SEPAText(%q, %d) = %q: %q outside the set", s, max, got, r)
			}
		}
		if strings.TrimSpace(got) != got || strings.Contains(got, "  ") {
			t.Fatalf("SEPAText(%q, %d) = %q: spaces not collapsed or trimmed", s, max, got)
		}
		if again := SEPAText(got, max); again != got {
			t.Fatalf("SEPAText not idempotent: %q then %q", got, again)
		}
	})
}
