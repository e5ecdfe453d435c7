package pain

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
)

// makeIBAN gives bban the check digits of country, computed with math/big rather than the
// digit-wise remainder ValidIBAN uses, so the test does not share the code it checks.
func makeIBAN(country, bban string) string {
	var digits strings.Builder
	for _, r := range bban + country + "00" {
		if r >= 'A' && r <= 'Z' {
			fmt.Fprint(&digits, int(r-'A'+10))
		} else {
			digits.WriteRune(r)
		}
	}
	n, _ := new(big.Int).SetString(digits.String(), 10)
	check := 98 - new(big.Int).Mod(n, big.NewInt(97)).Int64()
	return fmt.Sprintf("%s%02d%s", country, check, bban)
}

func TestValidIBAN(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"NL91ABNA0417164300", "NL91ABNA0417164300", true},
		{"nl91 abna 0417 1643 00", "NL91ABNA0417164300", true},
		{"DE89 3704 0044 0532 0130 00", "DE89370400440532013000", true},
		{"GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432", true},
		{"BE68539007547034", "BE68539007547034", true},
		{"NL92ABNA0417164300", "NL92ABNA0417164300", false}, // check digits
		{"NL91ABNA0417164301", "NL91ABNA0417164301", false}, // a typo in the account
		{"NL91ABNA0471164300", "NL91ABNA0471164300", false}, // two digits swapped
		{"NL91ABNA04", "NL91ABNA04", false},                 // too short
		{"NL91ABNA0417164300" + strings.Repeat("0", 17), "NL91ABNA0417164300" + strings.Repeat("0", 17), false},
		{"N191ABNA0417164300", "N191ABNA0417164300", false}, // digit in the country
		{"NLA1ABNA0417164300", "NLA1ABNA0417164300", false}, // letter in the check digits
		{"91NLABNA0417164300", "91NLABNA0417164300", false},
		{"NL91-ABNA-0417-1643-00", "NL91-ABNA-0417-1643-00", false},
		{"NL91ÄBNA0417164300", "NL91ÄBNA0417164300", false},
		{"", "", false},
	} {
		got, ok := ValidIBAN(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ValidIBAN(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// Check digits 00, 01 and 99 are never issued, yet 00 passes mod 97 wherever 97 is the real
// check: such an IBAN must still be refused.
func TestValidIBANUnissuedCheckDigits(t *testing.T) {
	for n := range 1000 {
		iban := makeIBAN("NL", fmt.Sprintf("ABNA0417164%03d", n))
		if iban[2:4] != "97" {
			continue
		}
		if _, ok := ValidIBAN(iban); !ok {
			t.Fatalf("ValidIBAN(%q) refused", iban)
		}
		if _, ok := ValidIBAN(iban[:2] + "00" + iban[4:]); ok {
			t.Fatalf("ValidIBAN accepted check digits 00 for %q", iban)
		}
		return
	}
	t.Fatal("no account with check digits 97 in the range tried")
}

func TestSEPAIBAN(t *testing.T) {
	for _, c := range []struct {
		in      string
		problem string
	}{
		{"NL91ABNA0417164300", ""},
		{makeIBAN("NO", "86011117947"), ""},
		{makeIBAN("MT", "MALT011000012345MTLCAST001S"), ""},
		{makeIBAN("BR", "00360305000010009795493C1"), "is not in a SEPA country"},
		{makeIBAN("NL", "ABNA04171643001"), "has the wrong length for its country"},
		{"NL92ABNA0417164300", "is not a valid IBAN"},
	} {
		if _, problem := sepaIBAN(c.in); problem != c.problem {
			t.Errorf("sepaIBAN(%q) = %q, want %q", c.in, problem, c.problem)
		}
	}
}
