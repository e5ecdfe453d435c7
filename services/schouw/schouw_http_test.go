package schouw_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/schouw"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The free survey (D26): the den-haag franchise owner plans it for a request of its region; the
// customer gets 'Uw gratis schouw is ingepland' with the date, time, assessor and the status link,
// whose page shows the appointment; a change is a new version; the outcome is recorded once. A
// franchise owner of another region does not find the job, a klusser may not plan, and the forms
// are checked with Dutch messages.
func TestSchouwPlannedMailedAndShown(t *testing.T) {
	links := servertest.StatusLinks()
	smtpURL, apiURL := jobstest.MailDev(t)
	b := servertest.NewBackOffice(t, servertest.Options{Links: links, Work: true, SMTP: smtpURL})
	to := "schouw-" + uuid.NewString()[:8] + "@example.nl"
	klus := b.Job(t, servertest.Job{Email: to, Naam: "Mevrouw Jansen"})
	other := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Email: "ander@example.nl"})
	path := "/api/v1/klussen/" + klus.String() + "/schouw"
	datum := calendar.System.Today().AddDays(2)

	var none schouw.One
	if s := b.Call(t, b.Franchise, http.MethodGet, path, nil, &none); s != http.StatusOK || none.Data != nil {
		t.Fatalf("no survey yet: %d %+v", s, none)
	}
	var planned schouw.Answer
	if s := b.Call(t, b.Franchise, http.MethodPut, path, map[string]string{"datum": datum.String(), "tijd": "10:30", "opnemer": "  Kees  de Opnemer "}, &planned); s != http.StatusOK ||
		planned.Message != schouw.MsgGepland || planned.Data.Opnemer != "Kees de Opnemer" || planned.Data.Versie != 1 ||
		!planned.Data.Start.Equal(datum.At(10, 30)) {
		t.Fatalf("franchise plans a survey in its region: %d %+v", s, planned)
	}
	mails := jobstest.WaitForMails(t, apiURL, to, 1, 20*time.Second)
	if len(mails) != 1 || mails[0].Subject != "Uw gratis schouw is ingepland" {
		t.Fatalf("survey e-mails: %+v", mails)
	}
	for _, want := range []string{"Beste Mevrouw Jansen", datum.Dutch(), "10:30", "Kees de Opnemer", "Herenstraat 1", "https://www.example.nl/status/"} {
		if !strings.Contains(mails[0].Text, want) {
			t.Errorf("the survey e-mail lacks %q:\n%s", want, mails[0].Text)
		}
	}

	// The status page shows the appointment.
	_, body, raw := servertest.StatusOf(t, b.Portal, links.Token(klus))
	sch, _ := body["schouw"].(map[string]any)
	if sch["opnemer"] != "Kees de Opnemer" || sch["uitgevoerd"] != false || sch["start"] == nil {
		t.Errorf("the status page's survey: %s", raw)
	}

	// Changed: a new version; the outcome is recorded once.
	var changed schouw.Answer
	if s := b.Call(t, b.Admin, http.MethodPut, path, map[string]string{"datum": datum.String(), "tijd": "14:00", "opnemer": "Kees de Opnemer"}, &changed); s != http.StatusOK ||
		changed.Message != schouw.MsgGewijzigd || changed.Data.Versie != 2 {
		t.Errorf("admin changes the survey: %d %+v", s, changed)
	}
	var done schouw.Answer
	if s := b.Call(t, b.Franchise, http.MethodPost, path+"/uitkomst", map[string]string{"uitkomst": "Twee planken, muur is van gipsplaat."}, &done); s != http.StatusOK ||
		done.Data.Status != "uitgevoerd" || done.Message != schouw.MsgVastgelegd {
		t.Errorf("outcome: %d %+v", s, done)
	}
	if s := b.Call(t, b.Admin, http.MethodPut, path, map[string]string{"datum": datum.String(), "tijd": "15:00", "opnemer": "Kees"}, nil); s != http.StatusConflict {
		t.Errorf("replanning a survey that took place: %d, want 409", s)
	}
	_, body, _ = servertest.StatusOf(t, b.Portal, links.Token(klus))
	if sch, _ := body["schouw"].(map[string]any); sch["uitgevoerd"] != true {
		t.Errorf("the status page after the survey: %v", body["schouw"])
	}

	// Refusals.
	otherPath := "/api/v1/klussen/" + other.String() + "/schouw"
	if s := b.Call(t, b.Franchise, http.MethodPut, otherPath, map[string]string{"datum": datum.String(), "tijd": "10:00", "opnemer": "Kees"}, nil); s != http.StatusNotFound {
		t.Errorf("franchise plans in another region: %d, want 404", s)
	}
	if s := b.Call(t, b.Piet, http.MethodPut, otherPath, map[string]string{"datum": datum.String(), "tijd": "10:00", "opnemer": "Kees"}, nil); s != http.StatusForbidden {
		t.Errorf("klusser plans a survey: %d, want 403", s)
	}
	for _, c := range []struct {
		body  map[string]string
		field string
		msg   string
	}{
		{map[string]string{"datum": calendar.System.Today().AddDays(-1).String(), "tijd": "10:00", "opnemer": "Kees"}, "datum", schouw.MsgDatum},
		{map[string]string{"datum": datum.String(), "tijd": "22:00", "opnemer": "Kees"}, "tijd", schouw.MsgTijd},
		{map[string]string{"datum": datum.String(), "tijd": "10:00", "opnemer": " "}, "opnemer", schouw.MsgOpnemer},
	} {
		var e struct {
			Error struct {
				Fields map[string]string `json:"fields"`
			} `json:"error"`
		}
		if s := b.Call(t, b.Admin, http.MethodPut, otherPath, c.body, &e); s != http.StatusBadRequest || e.Error.Fields[c.field] != c.msg {
			t.Errorf("%v: %d %v, want %s: %s", c.body, s, e.Error.Fields, c.field, c.msg)
		}
	}
}

// The outcome's photos (D26): the franchise owner adds them to a survey of its region, the office
// downloads them (audited), nobody else finds them, a PDF is refused by its content, and a survey
// keeps at most ten.
func TestSchouwPhotos(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Files: true})
	klus := b.Job(t, servertest.Job{Email: "foto@example.nl"})
	utrecht := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA"})
	path := "/api/v1/klussen/" + klus.String() + "/schouw"
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	var pic bytes.Buffer
	_ = png.Encode(&pic, img)

	if s, body := servertest.PostFile(t, b.Portal, b.Franchise, path+"/fotos", "kast.png", pic.Bytes()); s != http.StatusConflict {
		t.Errorf("a photo before the survey is planned: %d %s", s, body)
	}
	datum := calendar.System.Today().AddDays(1)
	b.Call(t, b.Franchise, http.MethodPut, path, map[string]string{"datum": datum.String(), "tijd": "10:00", "opnemer": "Kees"}, nil)
	s, body := servertest.PostFile(t, b.Portal, b.Franchise, path+"/fotos", "kast.png", pic.Bytes())
	var added schouw.Answer
	_ = json.Unmarshal(body, &added)
	if s != http.StatusOK || added.Message != schouw.MsgFotoToegevoegd || len(added.Data.Fotos) != 1 {
		t.Fatalf("upload: %d %s", s, body)
	}
	foto := added.Data.Fotos[0]
	req, _ := http.NewRequest(http.MethodGet, b.URL+foto.URL, nil)
	req.Header.Set("X-Test-User", b.Admin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Equal(got, pic.Bytes()) || resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("download: %d %q, %d bytes", resp.StatusCode, resp.Header.Get("Content-Type"), len(got))
	}
	var audited int
	b.Query(t, &audited, `SELECT count(*) FROM audit_log WHERE entity = 'schouw_foto' AND entity_id = $1 AND action = 'download'`, foto.ID.String())
	if audited != 1 {
		t.Errorf("the download is audited %d times, want once", audited)
	}
	var sch schouw.One
	b.Call(t, b.Franchise, http.MethodGet, path, nil, &sch)
	if sch.Data == nil || len(sch.Data.Fotos) != 1 || sch.Data.Fotos[0].ID != foto.ID {
		t.Errorf("the survey lists its photo: %+v", sch.Data)
	}

	// Nobody outside the region's office.
	b.Exec(t, `INSERT INTO klus_schouwen (klus_id, start, opnemer, regio) VALUES ($1, now() + interval '1 day', 'Kees', '')`, utrecht)
	if s, _ := servertest.PostFile(t, b.Portal, b.Franchise, "/api/v1/klussen/"+utrecht.String()+"/schouw/fotos", "kast.png", pic.Bytes()); s != http.StatusNotFound {
		t.Errorf("a photo for another region's survey: %d, want 404", s)
	}
	for _, who := range []string{b.Piet, b.Gerrit} {
		if s := b.Call(t, who, http.MethodGet, foto.URL, nil, nil); s != http.StatusForbidden && s != http.StatusNotFound {
			t.Errorf("a klusser downloads a survey photo: %d", s)
		}
	}
	other := b.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"utrecht"}})
	if s := b.Call(t, other, http.MethodGet, foto.URL, nil, nil); s != http.StatusNotFound {
		t.Errorf("another region's franchise owner downloads the photo: %d, want 404", s)
	}

	// A PDF named .png is refused by its content, and stores nothing.
	if s, body := servertest.PostFile(t, b.Portal, b.Admin, path+"/fotos", "kast.png", []byte("%PDF-1.4 not a photo")); s != http.StatusUnsupportedMediaType {
		t.Errorf("a PDF as a photo: %d %s", s, body)
	}
	// At most ten.
	for i := 1; i < schouw.MaxFotos; i++ {
		if s, body := servertest.PostFile(t, b.Portal, b.Admin, path+"/fotos", "kast.png", pic.Bytes()); s != http.StatusOK {
			t.Fatalf("photo %d: %d %s", i+1, s, body)
		}
	}
	var e servertest.APIError
	s, body = servertest.PostFile(t, b.Portal, b.Admin, path+"/fotos", "kast.png", pic.Bytes())
	_ = json.Unmarshal(body, &e)
	if s != http.StatusConflict || e.Error.Message != "Een schouw heeft hoogstens 10 foto's." {
		t.Errorf("the eleventh photo: %d %s", s, body)
	}
	var rows int
	b.Query(t, &rows, `SELECT count(*) FROM klus_schouw_fotos WHERE klus_id = $1`, klus)
	if rows != schouw.MaxFotos {
		t.Errorf("stored photos: %d, want %d", rows, schouw.MaxFotos)
	}
}
