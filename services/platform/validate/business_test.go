package validate

import "testing"

func TestBusinessNumbers(t *testing.T) {
	for _, c := range []struct {
		check func(Errors, string, string) string
		in    string
		want  string
		ok    bool
	}{
		{Errors.KvK, "1234 5678", "12345678", true},
		{Errors.KvK, "1234567", "1234567", false},
		{Errors.KvK, "1234567a", "1234567A", false},
		{Errors.BTW, "nl123456789b01", "NL123456789B01", true},
		{Errors.BTW, "NL123456789", "NL123456789", false},
		{Errors.BTW, "BE0123456789", "BE0123456789", false},
		{Errors.IBAN, "NL91 ABNA 0417 1643 00", "NL91ABNA0417164300", true},
		{Errors.IBAN, "nl91abna0417164300", "NL91ABNA0417164300", true},
		{Errors.IBAN, "NL92 ABNA 0417 1643 00", "NL92ABNA0417164300", false}, // control digits off by one
		{Errors.IBAN, "NL91 ABNA 0417 1643 01", "NL91ABNA0417164301", false}, // a digit mistyped
		{Errors.IBAN, "DE89 3704 0044 0532 0130 00", "DE89370400440532013000", true},
		{Errors.IBAN, "NL91", "NL91", false},
	} {
		e := Errors{}
		got := c.check(e, "f", c.in)
		if got != c.want || (len(e) == 0) != c.ok {
			t.Errorf("%q: %q, valid %v (%v); want %q, valid %v", c.in, got, len(e) == 0, e, c.want, c.ok)
		}
	}
}
