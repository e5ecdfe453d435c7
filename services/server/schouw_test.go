package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/schouw"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The free survey (D26): the den-haag franchise owner plans it for a request of its region; the
// customer gets 'Uw gratis schouw is ingepland' with the date, time, assessor and the status link,
// whose page shows the appointment; a change is a new version; the outcome is recorded once. A
// franchise owner of another region does not find the job, a klusser may not plan, and the forms
// are checked with Dutch messages.
func TestSchouwPlannedMailedAndShown(t *testing.T) {
	links := testLinks()
	smtpURL, apiURL := jobstest.MailDev(t)
	b := newBackOffice(t, portalOptions{links: links, work: true, smtp: smtpURL})
	to := "schouw-" + uuid.NewString()[:8] + "@example.nl"
	klus := b.job(t, job{email: to, naam: "Mevrouw Jansen"})
	other := b.job(t, job{regio: "utrecht", woonplaats: "Zeist", postcode: "3701 AA", email: "ander@example.nl"})
	path := "/api/v1/klussen/" + klus.String() + "/schouw"
	datum := calendar.System.Today().AddDays(2)

	var none schouw.One
	if s := b.call(t, b.franchise, http.MethodGet, path, nil, &none); s != http.StatusOK || none.Data != nil {
		t.Fatalf("no survey yet: %d %+v", s, none)
	}
	var planned schouw.Answer
	if s := b.call(t, b.franchise, http.MethodPut, path, map[string]string{"datum": datum.String(), "tijd": "10:30", "opnemer": "  Kees  de Opnemer "}, &planned); s != http.StatusOK ||
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
	_, body, raw := statusOf(t, b.portal, links.Token(klus))
	sch, _ := body["schouw"].(map[string]any)
	if sch["opnemer"] != "Kees de Opnemer" || sch["uitgevoerd"] != false || sch["start"] == nil {
		t.Errorf("the status page's survey: %s", raw)
	}

	// Changed: a new version; the outcome is recorded once.
	var changed schouw.Answer
	if s := b.call(t, b.admin, http.MethodPut, path, map[string]string{"datum": datum.String(), "tijd": "14:00", "opnemer": "Kees de Opnemer"}, &changed); s != http.StatusOK ||
		changed.Message != schouw.MsgGewijzigd || changed.Data.Versie != 2 {
		t.Errorf("admin changes the survey: %d %+v", s, changed)
	}
	var done schouw.Answer
	if s := b.call(t, b.franchise, http.MethodPost, path+"/uitkomst", map[string]string{"uitkomst": "Twee planken, muur is van gipsplaat."}, &done); s != http.StatusOK ||
		done.Data.Status != "uitgevoerd" || done.Message != schouw.MsgVastgelegd {
		t.Errorf("outcome: %d %+v", s, done)
	}
	if s := b.call(t, b.admin, http.MethodPut, path, map[string]string{"datum": datum.String(), "tijd": "15:00", "opnemer": "Kees"}, nil); s != http.StatusConflict {
		t.Errorf("replanning a survey that took place: %d, want 409", s)
	}
	_, body, _ = statusOf(t, b.portal, links.Token(klus))
	if sch, _ := body["schouw"].(map[string]any); sch["uitgevoerd"] != true {
		t.Errorf("the status page after the survey: %v", body["schouw"])
	}

	// Refusals.
	otherPath := "/api/v1/klussen/" + other.String() + "/schouw"
	if s := b.call(t, b.franchise, http.MethodPut, otherPath, map[string]string{"datum": datum.String(), "tijd": "10:00", "opnemer": "Kees"}, nil); s != http.StatusNotFound {
		t.Errorf("franchise plans in another region: %d, want 404", s)
	}
	if s := b.call(t, b.piet, http.MethodPut, otherPath, map[string]string{"datum": datum.String(), "tijd": "10:00", "opnemer": "Kees"}, nil); s != http.StatusForbidden {
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
		if s := b.call(t, b.admin, http.MethodPut, otherPath, c.body, &e); s != http.StatusBadRequest || e.Error.Fields[c.field] != c.msg {
			t.Errorf("%v: %d %v, want %s: %s", c.body, s, e.Error.Fields, c.field, c.msg)
		}
	}
}
