package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
)

// Every text field of both public forms refuses U+0000 and other control characters with a Dutch
// message under the field (the database refuses U+0000; that used to answer 500), and nothing is
// stored. Line breaks and tabs stay allowed where the form has a text area.
func TestPublicFormsRefuseControlCharacters(t *testing.T) {
	s := servertest.NewFormServer(t, server.FormLimit{})
	forms := []struct {
		path   string
		body   func(map[string]any) []byte
		fields []string
	}{
		{"/api/v1/public/aanvragen", func(c map[string]any) []byte { return servertest.With(servertest.ValidRequest(), c) },
			[]string{"categorie", "beschrijving", "datum", "tijd", "naam", "telefoon", "email", "adres", "postcode", "woonplaats", "contact_voorkeur"}},
		{"/api/v1/public/aanmeldingen", servertest.ValidApplication,
			[]string{"naam", "leeftijd", "adres", "postcode", "woonplaats", "telefoon", "email", "motivatie", "ervaring", "beschikbaarheid"}},
	}
	for _, f := range forms {
		for _, field := range f.fields {
			for _, bad := range []string{"a\x00b", "\x00", "rood\x1b[31m", "bel\x07", "x\u0085y", "abc\u202egpj.exe", "x\x7fy"} {
				var value any = "Jan " + bad
				if field == "beschikbaarheid" {
					value = []string{"Maandag", bad}
				}
				status, e, _ := s.Post(t, f.path, f.body(map[string]any{field: value}))
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
		{"/api/v1/public/aanvragen", "naam", servertest.With(servertest.ValidRequest(), map[string]any{"naam": "Mevrouw\nVan Dijk"})},
		{"/api/v1/public/aanvragen", "adres", servertest.With(servertest.ValidRequest(), map[string]any{"adres": "Herenstraat\t21"})},
		{"/api/v1/public/aanmeldingen", "telefoon", servertest.ValidApplication(map[string]any{"telefoon": "06 12345678\r\n"})},
	} {
		if status, e, _ := s.Post(t, c.path, c.body); status != http.StatusBadRequest || e.Error.Fields[c.field] != httpapi.MsgControlChar {
			t.Errorf("%s %s with a line break: %d %+v", c.path, c.field, status, e.Error)
		}
	}
	// The escaped form of the character is the same character.
	raw := strings.Replace(string(servertest.With(servertest.ValidRequest(), map[string]any{"naam": "Jan"})), `"Jan"`, `"J\u0000an"`, 1)
	if status, e, _ := s.Post(t, "/api/v1/public/aanvragen", []byte(raw)); status != http.StatusBadRequest || e.Error.Fields["naam"] == "" {
		t.Errorf("escaped U+0000: %d %+v", status, e.Error)
	}
	if n := s.Count(t, "klussen") + s.Count(t, "klusser_aanmeldingen"); n != 0 {
		t.Fatalf("refused submissions stored %d rows", n)
	}

	// Text areas keep their lines and tabs.
	status, e, ok := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), map[string]any{"beschrijving": "Twee handgrepen:\n\tbadkamer\r\n\ttoilet"}))
	if status != http.StatusCreated {
		t.Fatalf("multi-line description: %d %+v", status, e.Error)
	}
	if status, e, _ := s.Post(t, "/api/v1/public/aanmeldingen", servertest.ValidApplication(map[string]any{"motivatie": "Graag.\n\nIk heb tijd.", "ervaring": "Timmerman\t40 jaar"})); status != http.StatusCreated {
		t.Fatalf("multi-line application: %d %+v", status, e.Error)
	}
	if _, err := json.Marshal(ok); err != nil || ok["id"] == nil {
		t.Fatalf("no id: %v", ok)
	}
}

// The confirmation goes to any address a visitor types, so it must not carry structure of the
// visitor's making, nor go out without bound: the description is one quoted block, and one
// address gets at most 3 confirmations an hour. The requests themselves are all stored; the
// answer tells the site not to promise an e-mail once the limit is reached.
func TestConfirmationEmailIsQuotedAndLimitedPerAddress(t *testing.T) {
	_, api := jobstest.MailDev(t)
	s := servertest.NewFormServer(t, server.FormLimit{})
	to := "ontvanger-" + uuid.NewString()[:8] + "@example.nl"
	description := "Lamp ophangen.\n\nGeachte klant, uw rekening staat open.\n\n- Betaal via https://kwaadwillend.example"
	for i := range 4 {
		addr := to
		if i%2 == 1 {
			addr = strings.ToUpper(to)
		}
		status, e, ok := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), map[string]any{"email": addr, "beschrijving": description}))
		if status != http.StatusCreated || ok["email_verstuurd"] != (i < 3) {
			t.Fatalf("request %d: %d %+v %v", i+1, status, e.Error, ok)
		}
	}
	if n := s.Count(t, "klussen"); n != 4 {
		t.Fatalf("%d requests stored, want all 4", n)
	}
	jobstest.WaitForMails(t, api, to, 3, 20*time.Second)
	time.Sleep(1500 * time.Millisecond) // a fourth, if one were queued, would have arrived by now
	mails := jobstest.MailsTo(t, api, to)
	if len(mails) != 3 {
		t.Fatalf("%d confirmations sent to one address, want 3", len(mails))
	}
	m := mails[0]
	if !strings.Contains(m.Text, "> Lamp ophangen.\n> Geachte klant, uw rekening staat open.\n> - Betaal via https://kwaadwillend.example\n\n") {
		t.Errorf("text body does not quote the description as one block:\n%s", m.Text)
	}
	if strings.Count(m.HTML, "<blockquote") != 1 || strings.Contains(m.HTML, "<p>Geachte klant") || strings.Contains(m.HTML, "<li>Betaal") {
		t.Errorf("HTML body gives the description structure of its own:\n%s", m.HTML)
	}
}
