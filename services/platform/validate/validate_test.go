package validate

import "testing"

func TestFieldChecks(t *testing.T) {
	e := Errors{}
	if got := e.Email("email", " Piet@Example.NL "); got != "piet@example.nl" || len(e) != 0 {
		t.Fatalf("good e-mail: %q %v", got, e)
	}
	for _, bad := range []string{"piet", "piet@", "piet@example", "a b@example.nl", "<piet@example.nl>"} {
		e := Errors{}
		e.Email("email", bad)
		if e["email"] == "" {
			t.Errorf("e-mail %q accepted", bad)
		}
	}
	for in, ok := range map[string]bool{"070 123 45 67": true, "+31 6 1234 5678": true, "06-12345678": true, "12345": false, "070 abc": false, "+31 6 1234 5678 9999 1": false} {
		e := Errors{}
		e.Phone("tel", in)
		if (e["tel"] == "") != ok {
			t.Errorf("phone %q: %v", in, e)
		}
	}
	e = Errors{}
	if pc := e.Postcode("pc", "2271ab"); pc != "2271 AB" || len(e) != 0 {
		t.Fatalf("postcode: %q %v", pc, e)
	}
	e.Postcode("pc2", "22 71")
	e.MaxChars("b", "ééé", 3, "te lang")
	e.MaxChars("c", "éééé", 3, "te lang")
	if e["pc2"] == "" || e["b"] != "" || e["c"] != "te lang" {
		t.Fatalf("errors: %v", e)
	}
	e.Set("c", "tweede")
	if e["c"] != "te lang" {
		t.Fatal("the first message should win")
	}
}
