package contact_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/aanmelding"
	"github.com/klusmaat/klusmaat/services/contact"
	"github.com/klusmaat/klusmaat/services/dashboard"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Contact within 24 hours (D26): the requests from the website that are still open without a
// logged contact a day after they arrived are listed on both dashboards, oldest first with how
// late each is, and filtered in the jobs list; the counts equal an independent count in SQL. A
// logged contact (admin, or franchise owner in its own region; audited) takes a request off; a
// job of another region is not found for a franchise owner, and a klusser may not log at all.
func TestContactWithin24Hours(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	// request is a job from the website that arrived hours ago.
	request := func(j servertest.Job, hours int) uuid.UUID {
		id := b.Job(t, j)
		b.Exec(t, `UPDATE klussen SET bron = 'website', created_at = now() - make_interval(hours => $2) WHERE id = $1`, id, hours)
		return id
	}
	late2 := request(servertest.Job{}, 30)                                                           // 6 hours late
	late1 := request(servertest.Job{Naam: "Mevrouw De Vries"}, 50)                                   // the oldest: 26 hours late
	request(servertest.Job{}, 2)                                                                     // within the promise
	other := request(servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA"}, 40) // another region
	request(servertest.Job{Status: "ingepland", Klusser: b.Piet}, 70)                                // planned: the klusser is in touch
	archived := request(servertest.Job{}, 80)
	b.Exec(t, `UPDATE klussen SET archived = true WHERE id = $1`, archived)
	office := b.Job(t, servertest.Job{}) // made in the back office: the admin took the call
	b.Exec(t, `UPDATE klussen SET created_at = now() - interval '60 hours' WHERE id = $1`, office)

	independent := func() int {
		var n int
		b.Query(t, &n, `SELECT count(*) FROM klussen k WHERE k.bron = 'website' AND k.status = 'open' AND NOT k.archived
			AND k.created_at < now() - interval '24 hours' AND k.id NOT IN (SELECT klus_id FROM klus_contacten)`)
		return n
	}
	dash := func(handle string) dashboard.Terugbellen {
		var one dashboard.One
		if s := b.Call(t, handle, http.MethodGet, "/api/v1/dashboard", nil, &one); s != http.StatusOK {
			t.Fatalf("dashboard as %s: %d", handle, s)
		}
		return one.Data.Terugbellen
	}
	ids := func(tl dashboard.Terugbellen) []uuid.UUID {
		var out []uuid.UUID
		for _, k := range tl.Klussen {
			out = append(out, k.ID)
		}
		return out
	}

	admin := dash(b.Admin)
	if want := independent(); admin.Aantal != want || want != 3 {
		t.Fatalf("admin dashboard counts %d overdue, SQL %d, want 3", admin.Aantal, want)
	}
	if got := ids(admin); fmt.Sprint(got) != fmt.Sprint([]uuid.UUID{late1, other, late2}) {
		t.Errorf("admin dashboard order %v, want oldest first %v", got, []uuid.UUID{late1, other, late2})
	}
	if k := admin.Klussen[0]; k.UrenTeLaat != 26 || k.Naam != "Mevrouw De Vries" || k.Telefoon == "" {
		t.Errorf("oldest overdue request: %+v, want 26 hours late with the customer's name and phone", k)
	}
	if f := dash(b.Franchise); f.Aantal != 2 || fmt.Sprint(ids(f)) != fmt.Sprint([]uuid.UUID{late1, late2}) {
		t.Errorf("franchise dashboard: %+v, want its region's two", f)
	}

	// The jobs list's filter and its status cards count the same requests.
	var page list.Page[klus.ListItem]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussen?terugbellen=te_laat", nil, &page); s != http.StatusOK || page.Total != 3 {
		t.Fatalf("list filtered on overdue: %d, total %d", s, page.Total)
	}
	for _, k := range page.Data {
		if !k.TerugbellenTeLaat {
			t.Errorf("row %s is not marked overdue", k.ID)
		}
	}
	var counts klus.CountsAnswer
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussen/counts?terugbellen=te_laat", nil, &counts); s != http.StatusOK || counts.Data.Open != 2 {
		t.Errorf("franchise status cards on overdue: %d %+v", s, counts)
	}

	// Logging a contact.
	log := func(handle string, id uuid.UUID, body map[string]any) (int, contact.Answer) {
		var a contact.Answer
		return b.Call(t, handle, http.MethodPost, "/api/v1/klussen/"+id.String()+"/contacten", body, &a), a
	}
	if s, a := log(b.Franchise, late1, map[string]any{"wijze": "gebeld", "notitie": "Voicemail ingesproken,\nmorgen opnieuw."}); s != http.StatusCreated || a.Message != "Contact vastgelegd" {
		t.Fatalf("franchise logs a call in its region: %d %+v", s, a)
	}
	if s, _ := log(b.Franchise, other, map[string]any{"wijze": "gebeld"}); s != http.StatusNotFound {
		t.Errorf("franchise logs for another region: %d, want 404", s)
	}
	if s, _ := log(b.Piet, late2, map[string]any{"wijze": "gebeld"}); s != http.StatusForbidden {
		t.Errorf("klusser logs a contact: %d, want 403", s)
	}
	for body, field := range map[string]string{`{"wijze": "brief"}`: contact.MsgWijze, `{"wijze": "email", "tijdstip": "2099-01-01T10:00:00Z"}`: contact.MsgToekomst,
		`{"wijze": "email", "tijdstip": "2020-01-01T10:00:00Z"}`: contact.MsgVoorAanvraag} {
		var e struct {
			Error struct {
				Fields map[string]string `json:"fields"`
			} `json:"error"`
		}
		var raw map[string]any
		_ = json.Unmarshal([]byte(body), &raw)
		if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+late2.String()+"/contacten", raw, &e); s != http.StatusBadRequest ||
			!slices.Contains(slices.Collect(maps.Values(e.Error.Fields)), field) {
			t.Errorf("%s: %d %v, want 400 with %q", body, s, e.Error.Fields, field)
		}
	}
	if got, want := dash(b.Admin).Aantal, independent(); got != want || want != 2 {
		t.Errorf("after one contact the dashboard counts %d, SQL %d, want 2", got, want)
	}
	var contacts list.Page[contact.Contact]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussen/"+late1.String()+"/contacten", nil, &contacts); s != http.StatusOK ||
		contacts.Total != 1 || contacts.Data[0].Wijze != "gebeld" || contacts.Data[0].Notitie != "Voicemail ingesproken,\nmorgen opnieuw." {
		t.Errorf("the job's contact log: %d %+v", s, contacts)
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussen/"+other.String()+"/contacten", nil, nil); s != http.StatusNotFound {
		t.Errorf("franchise reads another region's log: %d, want 404", s)
	}
	var audited int
	b.Query(t, &audited, `SELECT count(*) FROM audit_log WHERE entity_id = $1 AND action = 'contact_vastgelegd'`, late1.String())
	if audited != 1 {
		t.Errorf("%d audit entries for the contact, want 1", audited)
	}

	// Where a job comes from is the database's to say: the website's form, or the back office.
	var created struct {
		ID uuid.UUID `json:"id"`
	}
	if s := b.Call(t, "", http.MethodPost, "/api/v1/public/aanvragen", servertest.ValidRequest(), &created); s != http.StatusCreated {
		t.Fatalf("public request: %d", s)
	}
	var bron string
	b.Query(t, &bron, `SELECT bron FROM klussen WHERE id = $1`, created.ID)
	if bron != "website" {
		t.Errorf("a public request has bron %q, want website", bron)
	}
}

// An application is answered within 2 working days (D26): Monday to Friday on the Amsterdam
// calendar, whatever the server's zone. A new application without a message to the applicant (a
// call, e-mail or WhatsApp message; an internal note is none) after that is overdue on the
// applications list and its cards; a decided application is not.
func TestApplicationResponseWithin2WorkingDays(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	for from, want := range map[string]string{
		"2026-11-20 15:00": "2026-11-24 15:00", // Friday: Monday and Tuesday
		"2026-11-21 10:00": "2026-11-25 00:00", // Saturday: counted from Monday's start
		"2026-11-25 09:00": "2026-11-27 09:00", // Wednesday
		"2026-11-26 23:30": "2026-11-30 23:30", // Thursday night: Friday and Monday
		"2026-03-27 12:00": "2026-03-31 12:00", // across the change to summer time, still at noon
	} {
		var got string
		b.Query(t, &got, `SELECT to_char(werkdagen_later(($1 || ' Europe/Amsterdam')::timestamptz, 2) AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI')`, from)
		if got != want {
			t.Errorf("2 working days after %s: %s, want %s", from, got, want)
		}
	}

	application := func(days int, status string) uuid.UUID {
		id := uuid.New()
		b.Exec(t, `INSERT INTO klusser_aanmeldingen (id, naam, telefoon, motivatie, beschikbaarheid, status, created_at)
			VALUES ($1, 'Kees', '06 12 34 56 78', 'Ik help graag', '{Maandag}', $2, now() - make_interval(days => $3))`, id, status, days)
		return id
	}
	silent := application(10, "nieuw")
	called := application(10, "nieuw")
	b.Exec(t, `INSERT INTO klusser_communications (aanmelding_id, type, content, created_by) VALUES ($1, 'phone', 'Gebeld, komt langs', $2)`, called, b.ID(b.Admin))
	noted := application(10, "nieuw")
	b.Exec(t, `INSERT INTO klusser_communications (aanmelding_id, type, content, created_by) VALUES ($1, 'note', 'Nog bellen', $2)`, noted, b.ID(b.Admin))
	application(0, "nieuw")      // just arrived
	application(10, "afgewezen") // decided

	var page list.Page[aanmelding.Row]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/aanmeldingen?reactie=te_laat", nil, &page); s != http.StatusOK || page.Total != 2 {
		t.Fatalf("applications past the promise: %d, total %d, want 2", s, page.Total)
	}
	late := map[uuid.UUID]bool{}
	for _, r := range page.Data {
		late[r.ID] = r.ReactieTeLaat
	}
	if !late[silent] || !late[noted] {
		t.Errorf("overdue applications %v, want the silent one and the one with only a note", late)
	}
	var counts aanmelding.CountsAnswer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/aanmeldingen/counts", nil, &counts); s != http.StatusOK || counts.Data.ReactieTeLaat != 2 || counts.Data.Nieuw != 4 {
		t.Errorf("the cards: %d %+v, want 2 overdue of 4 new", s, counts.Data)
	}
}
