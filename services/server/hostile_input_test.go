package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/httpapi"
	"github.com/klusmaat/klusmaat/services/server"
)

// Every text field of both public forms refuses U+0000 and other control characters with a Dutch
// message under the field (the database refuses U+0000; that used to answer 500), and nothing is
// stored. Line breaks and tabs stay allowed where the form has a text area.
func TestPublicFormsRefuseControlCharacters(t *testing.T) {
	s := newFormServer(t, server.FormLimit{})
	forms := []struct {
		path   string
		body   func(map[string]any) []byte
		fields []string
	}{
		{"/api/v1/public/aanvragen", func(c map[string]any) []byte { return with(validRequest(), c) },
			[]string{"categorie", "beschrijving", "datum", "tijd", "naam", "telefoon", "email", "adres", "postcode", "woonplaats", "contact_voorkeur"}},
		{"/api/v1/public/aanmeldingen", validApplication,
			[]string{"naam", "leeftijd", "adres", "postcode", "woonplaats", "telefoon", "email", "motivatie", "ervaring", "beschikbaarheid"}},
	}
	for _, f := range forms {
		for _, field := range f.fields {
			for _, bad := range []string{"a\x00b", "\x00", "rood\x1b[31m", "bel\x07", "x\u0085y", "abc\u202egpj.exe", "x\x7fy"} {
				var value any = "Jan " + bad
				if field == "beschikbaarheid" {
					value = []string{"Maandag", bad}
				}
				status, e, _ := s.post(t, f.path, f.body(map[string]any{field: value}))
				if status != http.StatusBadRequest || e.Error.Fields[field] != httpapi.MsgControlChar || !strings.Contains(e.Error.Message, field) {
					t.Errorf("%s %s = %q: %d %+v", f.path, field, bad, status, e.Error)
				}
			}
		}
	}
	// A line break in a one-line field is refused too; a list is no place for a tab either.
	for _, c := range []struct {
		path, field string
		body        []byte
	}{
		{"/api/v1/public/aanvragen", "naam", with(validRequest(), map[string]any{"naam": "Mevrouw\nVan Dijk"})},
		{"/api/v1/public/aanvragen", "adres", with(validRequest(), map[string]any{"adres": "Herenstraat\t21"})},
		{"/api/v1/public/aanmeldingen", "telefoon", validApplication(map[string]any{"telefoon": "06 12345678\r\n"})},
	} {
		if status, e, _ := s.post(t, c.path, c.body); status != http.StatusBadRequest || e.Error.Fields[c.field] != httpapi.MsgControlChar {
			t.Errorf("%s %s with a line break: %d %+v", c.path, c.field, status, e.Error)
		}
	}
	// The escaped form of the character is the same character.
	raw := strings.Replace(string(with(validRequest(), map[string]any{"naam": "Jan"})), `"Jan"`, `"J\u0000an"`, 1)
	if status, e, _ := s.post(t, "/api/v1/public/aanvragen", []byte(raw)); status != http.StatusBadRequest || e.Error.Fields["naam"] == "" {
		t.Errorf("escaped U+0000: %d %+v", status, e.Error)
	}
	if n := s.count(t, "klussen") + s.count(t, "klusser_aanmeldingen"); n != 0 {
		t.Fatalf("refused submissions stored %d rows", n)
	}

	// Text areas keep their lines and tabs.
	status, e, ok := s.post(t, "/api/v1/public/aanvragen", with(validRequest(), map[string]any{"beschrijving": "Twee handgrepen:\n\tbadkamer\r\n\ttoilet"}))
	if status != http.StatusCreated {
		t.Fatalf("multi-line description: %d %+v", status, e.Error)
	}
	if status, e, _ := s.post(t, "/api/v1/public/aanmeldingen", validApplication(map[string]any{"motivatie": "Graag.\n\nIk heb tijd.", "ervaring": "Timmerman\t40 jaar"})); status != http.StatusCreated {
		t.Fatalf("multi-line application: %d %+v", status, e.Error)
	}
	if _, err := json.Marshal(ok); err != nil || ok["id"] == nil {
		t.Fatalf("no id: %v", ok)
	}
}
