package aanvraag_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Every rule of the wizard's four steps holds on the server, with Dutch messages per field, and a
// refused request writes nothing.
func TestJobRequestRules(t *testing.T) {
	s := servertest.NewFormServer(t, server.FormLimit{})
	yesterday := calendar.System.Today().AddDays(-1).String()
	cases := []struct {
		name       string
		change     map[string]any
		field, msg string
	}{
		{"no category", map[string]any{"categorie": ""}, "categorie", "Kies een categorie"},
		{"admin-only category", map[string]any{"categorie": "schilderwerk"}, "categorie", "Kies een categorie"},
		{"no description", map[string]any{"beschrijving": "  "}, "beschrijving", "Beschrijf uw klus"},
		{"201 characters", map[string]any{"beschrijving": strings.Repeat("é", 201)}, "beschrijving", "Gebruik hoogstens 200 tekens."},
		{"no date", map[string]any{"datum": ""}, "datum", "Kies een datum en tijd"},
		{"no time", map[string]any{"tijd": ""}, "datum", "Kies een datum en tijd"},
		{"date in the past", map[string]any{"datum": yesterday}, "datum", "Kies een datum vanaf vandaag."},
		{"unknown slot", map[string]any{"tijd": "nacht"}, "tijd", "Kies ochtend, middag of avond."},
		{"no name", map[string]any{"naam": ""}, "naam", "Vul alle verplichte velden in"},
		{"no phone", map[string]any{"telefoon": nil}, "telefoon", "Vul alle verplichte velden in"},
		{"no address", map[string]any{"adres": ""}, "adres", "Vul alle verplichte velden in"},
		// The limits the API description declares (maxLength on the field) are the ones enforced.
		{"name of 201 characters", map[string]any{"naam": strings.Repeat("é", 201)}, "naam", "Gebruik hoogstens 200 tekens."},
		{"address of 201 characters", map[string]any{"adres": strings.Repeat("é", 201)}, "adres", "Gebruik hoogstens 200 tekens."},
		{"no town", map[string]any{"woonplaats": ""}, "woonplaats", "Vul alle verplichte velden in"},
		{"bad postcode", map[string]any{"postcode": "22710"}, "postcode", "Vul een geldige postcode in, bijvoorbeeld 2271 AB."},
		{"bad phone", map[string]any{"telefoon": "bel me"}, "telefoon", "Vul een geldig telefoonnummer in, bijvoorbeeld 070 123 45 67."},
		{"bad e-mail", map[string]any{"email": "piet@"}, "email", "Vul een geldig e-mailadres in."},
		{"town outside the regions", map[string]any{"woonplaats": "Groningen", "postcode": "9711 AA"}, "woonplaats", "Wij komen (nog) niet in deze woonplaats. Kies een woonplaats uit de lijst of bel ons."},
		{"unknown contact preference", map[string]any{"contact_voorkeur": "fax"}, "contact_voorkeur", "Kies bellen of WhatsApp."},
	}
	for _, c := range cases {
		status, e, _ := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), c.change))
		if status != http.StatusBadRequest || e.Error.Fields[c.field] != c.msg {
			t.Errorf("%s: %d %+v", c.name, status, e.Error)
		}
	}
	// The step's message is on top when several fields fail.
	if _, e, _ := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), map[string]any{"categorie": "", "naam": ""})); e.Error.Message != "Kies een categorie" {
		t.Errorf("top message %q", e.Error.Message)
	}
	for name, body := range map[string][]byte{
		"honeypot":      servertest.With(servertest.ValidRequest(), map[string]any{"website": "http://spam.example"}),
		"unknown field": servertest.With(servertest.ValidRequest(), map[string]any{"regio": "utrecht"}),
		"not JSON":      []byte("categorie=montage"),
	} {
		if status, e, _ := s.Post(t, "/api/v1/public/aanvragen", body); status != http.StatusBadRequest || e.Error.Message == "" {
			t.Errorf("%s: %d %+v", name, status, e)
		}
	}
	if status, _, _ := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), map[string]any{"beschrijving": strings.Repeat("x", 20000)})); status != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d", status)
	}
	if n := s.Count(t, "klussen"); n != 0 {
		t.Fatalf("refused requests wrote %d jobs", n)
	}
}

// A complete request lands as an open job in the right region, keeps name and contact preference
// (D10), and the confirmation e-mail arrives.
func TestJobRequestIsStoredAndConfirmed(t *testing.T) {
	_, api := jobstest.MailDev(t)
	s := servertest.NewFormServer(t, server.FormLimit{})
	to := "aanvraag-" + uuid.NewString()[:8] + "@example.nl"
	status, e, ok := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), map[string]any{"email": strings.ToUpper(to)}))
	if status != http.StatusCreated || ok["email_verstuurd"] != true {
		t.Fatalf("submit: %d %+v %v", status, e, ok)
	}
	var regio, st, cat, naam, voorkeur, pc, mail string
	var klant *uuid.UUID
	s.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT regio, status, categorie, naam, contact_voorkeur, postcode, email, klant_id FROM klussen WHERE id = $1`,
			ok["id"]).Scan(&regio, &st, &cat, &naam, &voorkeur, &pc, &mail, &klant)
	})
	if regio != "den-haag" || st != "open" || cat != "veiligheid" || naam != "Mevrouw Van Dijk" || voorkeur != "whatsapp" || pc != "2271 CB" || mail != to || klant != nil {
		t.Fatalf("stored job: %s %s %s %s %s %s %s %v", regio, st, cat, naam, voorkeur, pc, mail, klant)
	}
	mails := jobstest.WaitForMails(t, api, to, 1, 15*time.Second)
	if len(mails) != 1 || !strings.Contains(mails[0].Text, "Veilig & Comfortabel Wonen") || !strings.Contains(mails[0].Text, calendar.System.Today().AddDays(3).Dutch()) ||
		!strings.Contains(mails[0].Text, "middag (12:00-17:00)") {
		t.Fatalf("confirmation: %+v", mails)
	}

	// Without an e-mail address: stored, nothing sent.
	if status, _, ok := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), nil)); status != http.StatusCreated || ok["email_verstuurd"] != false {
		t.Fatalf("without e-mail: %d %v", status, ok)
	}
	// A signed-in customer becomes the job's klant.
	customer := uuid.New()
	s.As(tenants.Actor{UserID: customer, Role: tenants.Authenticated})
	_, _, ok = s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), nil))
	s.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT klant_id FROM klussen WHERE id = $1`, ok["id"]).Scan(&klant)
	})
	if klant == nil || *klant != customer {
		t.Fatalf("klant_id %v, want %s", klant, customer)
	}
}

func TestPublicFormsAreRateLimited(t *testing.T) {
	s := servertest.NewFormServer(t, server.FormLimit{Max: 2, Window: time.Minute})
	for i := range 2 {
		if status, e, _ := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), nil)); status != http.StatusCreated {
			t.Fatalf("request %d: %d %+v", i+1, status, e)
		}
	}
	status, e, _ := s.Post(t, "/api/v1/public/aanvragen", servertest.With(servertest.ValidRequest(), nil))
	if status != http.StatusTooManyRequests || !strings.Contains(e.Error.Message, "zojuist al een aanvraag") {
		t.Fatalf("third request: %d %+v", status, e)
	}
	// Each form has its own allowance.
	if status, e, _ := s.Post(t, "/api/v1/public/aanmeldingen", servertest.ValidApplication(nil)); status != http.StatusCreated {
		t.Fatalf("application after requests: %d %+v", status, e)
	}
	if n := s.Count(t, "klussen"); n != 2 {
		t.Fatalf("%d jobs stored, want the 2 accepted", n)
	}
}

func TestTownsAndCategories(t *testing.T) {
	s := servertest.NewFormServer(t, server.FormLimit{})
	get := func(path string, out any) {
		resp, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
	var towns struct {
		Data []struct{ Woonplaats, Naam, Regio string }
	}
	get("/api/v1/public/woonplaatsen", &towns)
	names := map[string]string{}
	for _, t := range towns.Data {
		names[t.Naam] = t.Regio
	}
	if names["Voorburg"] != "den-haag" || names["Leidschendam"] != "den-haag" || names["Wassenaar"] != "den-haag" || names["Zeist"] != "utrecht" {
		t.Fatalf("towns: %v", names)
	}
	s.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), `UPDATE regions SET actief = false WHERE slug = 'utrecht'`)
		return err
	})
	towns.Data = nil
	get("/api/v1/public/woonplaatsen", &towns)
	for _, t2 := range towns.Data {
		if t2.Regio == "utrecht" {
			t.Fatalf("town of an inactive region listed: %+v", t2)
		}
	}
	var cats struct{ Data []struct{ Key, Label string } }
	get("/api/v1/public/categorieen", &cats)
	var keys []string
	for _, c := range cats.Data {
		keys = append(keys, c.Key)
	}
	if strings.Join(keys, ",") != "montage,veiligheid,onderhoud,schilderen,digitaal" || cats.Data[0].Label != "Montage & Ophangwerk" {
		t.Fatalf("categories: %+v", cats.Data)
	}
}

func TestApplicationRules(t *testing.T) {
	s := servertest.NewFormServer(t, server.FormLimit{})
	const verplicht = "Vul alle verplichte velden in en selecteer minimaal 1 dag beschikbaarheid"
	for name, c := range map[string]struct {
		change     map[string]any
		field, msg string
	}{
		"no name":       {map[string]any{"naam": ""}, "naam", verplicht},
		"no phone":      {map[string]any{"telefoon": ""}, "telefoon", verplicht},
		"no motivation": {map[string]any{"motivatie": " "}, "motivatie", verplicht},
		"no day":        {map[string]any{"beschikbaarheid": []string{}}, "beschikbaarheid", verplicht},
		"sunday":        {map[string]any{"beschikbaarheid": []string{"Zondag"}}, "beschikbaarheid", "Kies dagen van maandag tot en met zaterdag."},
		"too young":     {map[string]any{"leeftijd": 64}, "leeftijd", "Klussers zijn 65 jaar of ouder."},
		"bad e-mail":    {map[string]any{"email": "kees@"}, "email", "Vul een geldig e-mailadres in."},
		"bad postcode":  {map[string]any{"postcode": "1234"}, "postcode", "Vul een geldige postcode in, bijvoorbeeld 2271 AB."},
	} {
		status, e, _ := s.Post(t, "/api/v1/public/aanmeldingen", servertest.ValidApplication(c.change))
		if status != http.StatusBadRequest || e.Error.Fields[c.field] != c.msg {
			t.Errorf("%s: %d %+v", name, status, e.Error)
		}
	}
	if _, e, _ := s.Post(t, "/api/v1/public/aanmeldingen", servertest.ValidApplication(map[string]any{"naam": ""})); e.Error.Message != verplicht {
		t.Errorf("top message %q", e.Error.Message)
	}
	if n := s.Count(t, "klusser_aanmeldingen"); n != 0 {
		t.Fatalf("refused applications wrote %d rows", n)
	}

	// A missing or invalid age is stored as 65 (document 000 section 5); days come out in week order.
	for age, want := range map[any]int{nil: 65, "abc": 65, "": 65, 71: 71, "68": 68} {
		change := map[string]any{"leeftijd": age}
		if age == nil {
			change = map[string]any{"leeftijd": nil}
		}
		status, e, ok := s.Post(t, "/api/v1/public/aanmeldingen", servertest.ValidApplication(change))
		if status != http.StatusCreated {
			t.Fatalf("age %v: %d %+v", age, status, e)
		}
		var got int
		var status2 string
		var days []string
		var mail string
		s.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
			return tx.QueryRow(context.Background(), `SELECT leeftijd, status, beschikbaarheid, email FROM klusser_aanmeldingen WHERE id = $1`, ok["id"]).Scan(&got, &status2, &days, &mail)
		})
		if got != want || status2 != "nieuw" || strings.Join(days, ",") != "Maandag,Woensdag" || mail != "" {
			t.Errorf("age %v: stored %d %s %v %q", age, got, status2, days, mail)
		}
	}
}
