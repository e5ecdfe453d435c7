package httpapi_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

type textForm struct {
	Naam  string            `json:"naam"`
	Notes string            `json:"notes" text:"multiline"`
	Tags  []string          `json:"tags"`
	Extra map[string]string `json:"extra"`
	Raw   json.RawMessage   `json:"raw"`
	Adres *struct {
		Straat string `json:"straat"`
	} `json:"adres"`
	Hidden string `json:"-"`
}

// A control character anywhere in a request is a 400 that names the field, in the forms' shape.
func TestDecodeJSONRefusesControlCharacters(t *testing.T) {
	for _, c := range []struct{ body, field string }{
		{`{"naam":"a\u0000b"}`, "naam"},
		{`{"naam":"a\nb"}`, "naam"},
		{`{"naam":"a\tb"}`, "naam"},
		{`{"naam":"\u202eexe.pdf"}`, "naam"},
		{`{"naam":"x\u2028y"}`, "naam"},
		{`{"naam":"x\u009by"}`, "naam"},
		{`{"notes":"regel\u0000"}`, "notes"},
		{`{"notes":"regel\u001b[2J"}`, "notes"},
		{`{"tags":["ok","b\u0007"]}`, "tags"},
		{`{"extra":{"k\u0000":"v"}}`, "extra"},
		{`{"extra":{"k":"v\u0000"}}`, "extra"},
		{`{"raw":"x\u0000"}`, "raw"},
		{`{"raw":{"a":["\u0001"]}}`, "raw"},
		{`{"adres":{"straat":"Laan\u0000"}}`, "adres.straat"},
	} {
		var got textForm
		w := post(decodeAndAnswer(&got, 0), "application/json", c.body)
		if w.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d", c.body, w.Code)
			continue
		}
		e := readError(t, w)
		if e.Code != "invalid_text" || e.Fields[c.field] != httpapi.MsgControlChar || len(e.Fields) != 1 {
			t.Errorf("%s: %+v, want a message for %q", c.body, e, c.field)
		}
	}
}

func TestDecodeJSONKeepsTextThatIsTyped(t *testing.T) {
	var got textForm
	body := `{"naam":"Zoë O'Brien – “Klusje” 😀 ﷽","notes":"Eerste regel\n\n\tTweede\r\n","tags":["é"],"extra":{"a":"b"},"raw":65,"adres":{"straat":"Laan 1"}}`
	if w := post(decodeAndAnswer(&got, 0), "application/json", body); w.Code != http.StatusNoContent {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	if got.Notes != "Eerste regel\n\n\tTweede\r\n" || got.Naam != "Zoë O'Brien – “Klusje” 😀 ﷽" {
		t.Fatalf("decoded %+v", got)
	}
}

func TestTextOK(t *testing.T) {
	for s, want := range map[string][2]bool{ // one line, multi-line
		"gewoon":     {true, true},
		"a\nb":       {false, true},
		"a\tb":       {false, true},
		"a\rb":       {false, true},
		"a\x00b":     {false, false},
		"a\x1fb":     {false, false},
		"a\x7fb":     {false, false},
		"a\u0085b":   {false, false},
		"a\u2066b":   {false, false},
		"a\u2029b":   {false, false},
		"a\u200db":   {true, true},   // zero-width joiner: part of emoji sequences
		"\xff\xfe":   {false, false}, // not UTF-8 (a query or path parameter's raw bytes): PostgreSQL refuses it
		"👩‍👩‍👧 en ß": {true, true},
	} {
		if got := [2]bool{httpapi.TextOK(s, false), httpapi.TextOK(s, true)}; got != want {
			t.Errorf("TextOK(%q) = %v, want %v", s, got, want)
		}
	}
}

// FoldCase gives one spelling per case class, the classes strings.EqualFold and encoding/json use.
func TestFoldCase(t *testing.T) {
	for _, pair := range [][2]string{{"identifier", "IDENTIFIER"}, {"email", "EMail"}, {"reſend", "RESEND"}, {"\u212aey", "key"}, {"Straße", "STRASSE"}} {
		if (httpapi.FoldCase(pair[0]) == httpapi.FoldCase(pair[1])) != strings.EqualFold(pair[0], pair[1]) {
			t.Errorf("FoldCase(%q) vs FoldCase(%q) disagrees with EqualFold", pair[0], pair[1])
		}
	}
}

// Query parameters are text too.
func TestAllowQueryRefusesControlCharacters(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "/api/v1/email-jobs?state=failed%00", nil)
	err := httpapi.AllowQuery(r, "state")
	var e *httpapi.Error
	if !errors.As(err, &e) || e.Status != http.StatusBadRequest || e.Fields["state"] != httpapi.MsgControlChar {
		t.Fatalf("NUL in a query value: %v", err)
	}
	if err := httpapi.AllowQuery(httptest.NewRequest(http.MethodGet, "/x?state=mislukt", nil), "state"); err != nil {
		t.Fatalf("plain value: %v", err)
	}
}
