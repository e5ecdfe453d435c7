package httpapi_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// FuzzDecodeJSON: whatever the body and its Content-Type, DecodeJSON either fills the form with
// clean text from one JSON object or refuses with 400, 413 or 415 and a Dutch message; it never
// panics and never lets a control character through.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []struct{ ct, body string }{
		{"application/json", `{"naam":"Jan","notes":"a\nb","tags":["x"],"extra":{"k":"v"},"raw":{"a":1},"adres":{"straat":"Laan 1"}}`},
		{"Application/JSON; charset=UTF-8", `{"naam":"J\u0000an"}`},
		{"application/json", `{"NAAM":"Jan","naam":"Piet"}`},
		{"application/json", `{"raw":"\u0000"} trailing`},
		{"application/json", `{"notes":"\u202e"}{"naam":1}`},
		{"", `[{"naam":"Jan"}]`},
		{"text/plain", `{}`},
		{"application/json", `{"adres":null,"tags":null,"raw":null}`},
		{"application/json", "{\"naam\":\"\xff\xfe\"}"},
		{"application/json", `{"extra":{"\u0085":""}}`},
	} {
		f.Add(seed.ct, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, ct string, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/api/v1/test", bytes.NewReader(body))
		r.Header.Set("Content-Type", ct)
		var got textForm
		err := httpapi.DecodeJSON(httptest.NewRecorder(), r, &got, 4096)
		if err != nil {
			var e *httpapi.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("error %v is not an *httpapi.Error with a message", err)
			}
			switch e.Status {
			case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType:
			default:
				t.Fatalf("status %d for client input", e.Status)
			}
			return
		}
		if !httpapi.TextOK(got.Naam, false) || !httpapi.TextOK(got.Notes, true) {
			t.Fatalf("accepted text %q / %q", got.Naam, got.Notes)
		}
		for _, s := range got.Tags {
			if !httpapi.TextOK(s, false) {
				t.Fatalf("accepted tag %q", s)
			}
		}
		for k, v := range got.Extra {
			if !httpapi.TextOK(k, false) || !httpapi.TextOK(v, false) {
				t.Fatalf("accepted map entry %q: %q", k, v)
			}
		}
		if got.Adres != nil && !httpapi.TextOK(got.Adres.Straat, false) {
			t.Fatalf("accepted nested text %q", got.Adres.Straat)
		}
		// No key was accepted twice, however it was spelled.
		if key, dup := duplicateKeyOf(body); dup {
			t.Fatalf("accepted %q with key %q twice", body, key)
		}
		// What was accepted is one JSON object that the standard decoder reads the same way.
		var again textForm
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&again); err != nil || again.Naam != got.Naam || again.Notes != got.Notes {
			t.Fatalf("accepted %q, which encoding/json reads as %+v (%v)", body, again, err)
		}
	})
}

// duplicateKeyOf is the test's own, slower reading: every object's keys, compared by EqualFold.
func duplicateKeyOf(body []byte) (string, bool) {
	var walk func(raw json.RawMessage) (string, bool)
	walk = func(raw json.RawMessage) (string, bool) {
		d := json.NewDecoder(bytes.NewReader(raw))
		tok, err := d.Token()
		if err != nil {
			return "", false
		}
		switch tok {
		case json.Delim('{'):
			var seen []string
			for d.More() {
				k, _ := d.Token()
				key := k.(string)
				for _, s := range seen {
					if strings.EqualFold(s, key) {
						return key, true
					}
				}
				seen = append(seen, key)
				var val json.RawMessage
				if d.Decode(&val) != nil {
					return "", false
				}
				if k, dup := walk(val); dup {
					return k, true
				}
			}
		case json.Delim('['):
			for d.More() {
				var val json.RawMessage
				if d.Decode(&val) != nil {
					return "", false
				}
				if k, dup := walk(val); dup {
					return k, true
				}
			}
		}
		return "", false
	}
	var raw json.RawMessage
	if json.NewDecoder(bytes.NewReader(body)).Decode(&raw) != nil {
		return "", false
	}
	return walk(raw)
}
