package tenants_test

import (
	"testing"

	"github.com/klusmaat/klusmaat/tenants"
)

func TestNormalizePostcodeCanonicalForm(t *testing.T) {
	tests := []struct {
		in     string
		want   string
		wantOK bool
	}{
		{"2271ab", "2271 AB", true},
		{"2271AB", "2271 AB", true},
		{"2271 AB", "2271 AB", true},
		{" 2271 AB ", "2271 AB", true},
		{"2271 aB", "2271 AB", true},
		{"\t1012 JS\n", "1012 JS", true},
		{"9999 ZZ", "9999 ZZ", true},
		{"1000 AA", "1000 AA", true},

		{"0271 AB", "", false}, // no postcode starts with 0
		{"2271 SS", "", false}, // letter pairs SA, SD and SS are not issued
		{"2271 sa", "", false},
		{"2271SD", "", false},
		{"22711AB", "", false},  // five digits
		{"227 AB", "", false},   // three digits
		{"2271 A", "", false},   // one letter
		{"2271 ABC", "", false}, // three letters
		{"2271  AB", "", false}, // two spaces
		{"2271-AB", "", false},
		{"AB 2271", "", false},
		{"", "", false},
		{"2271 A1", "", false},
		{"2271 ÄB", "", false},
	}
	for _, tt := range tests {
		got, ok := tenants.NormalizePostcode(tt.in)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("NormalizePostcode(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestNormalizeTownCollapsesCaseAndSpace(t *testing.T) {
	tests := map[string]string{
		"  Den  Haag ":         "den haag",
		"Den Haag":             "den haag",
		"VOORBURG":             "voorburg",
		"Leidschendam\t":       "leidschendam",
		"'s-Gravenhage":        "'s-gravenhage",
		"Alphen aan den\nRijn": "alphen aan den rijn",
		"":                     "",
		"   ":                  "",
		"wassenaar":            "wassenaar",
	}
	for in, want := range tests {
		if got := tenants.NormalizeTown(in); got != want {
			t.Errorf("NormalizeTown(%q) = %q, want %q", in, got, want)
		}
	}
}
