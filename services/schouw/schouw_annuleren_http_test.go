package schouw_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/herinnering"
	"github.com/klusmaat/klusmaat/services/planning"
	"github.com/klusmaat/klusmaat/services/schouw"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Cancelling a survey (D33, issue 39 item 7): the den-haag franchise owner cancels the planned
// survey of a request of its region with a reason; the customer gets 'Uw gratis schouw is
// geannuleerd' with the date, time, reason and status link; the cancellation is audited; the
// survey gets no reminder and leaves the status page and the week board, and the job is as before
// the survey was planned: a new survey can be planned ('Schouw ingepland', a new version), which
// is reminded again, also at the very moment of the cancelled one. A klusser may not cancel, the
// owner of another region does not find the job, and a survey that took place or is cancelled
// already cannot be cancelled.
func TestSchouwCancelled(t *testing.T) {
	links := servertest.StatusLinks()
	smtpURL, apiURL := jobstest.MailDev(t)
	b := servertest.NewBackOffice(t, servertest.Options{Links: links, Work: true, SMTP: smtpURL})
	ctx := context.Background()
	to := "schouw-annuleren-" + uuid.NewString()[:8] + "@example.nl"
	klus := b.Job(t, servertest.Job{Email: to, Naam: "Mevrouw Jansen"})
	other := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Email: "ander-" + uuid.NewString()[:8] + "@example.nl"})
	path := "/api/v1/klussen/" + klus.String() + "/schouw"
	day := calendar.System.Today().AddDays(3)
	plan := map[string]string{"datum": day.String(), "tijd": "10:30", "opnemer": "Kees de Opnemer"}

	if s := b.Call(t, b.Franchise, http.MethodPut, path, plan, nil); s != http.StatusOK {
		t.Fatalf("plan the survey: %d", s)
	}
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/klussen/"+other.String()+"/schouw", plan, nil); s != http.StatusOK {
		t.Fatalf("plan the other region's survey: %d", s)
	}

	// Refusals: a klusser may not; the owner of another region does not find the job.
	if s := b.Call(t, b.Piet, http.MethodPost, path+"/annuleren", map[string]string{}, nil); s != http.StatusForbidden {
		t.Errorf("a klusser cancels a survey: %d, want 403", s)
	}
	if s := b.Call(t, b.Franchise, http.MethodPost, "/api/v1/klussen/"+other.String()+"/schouw/annuleren", map[string]string{}, nil); s != http.StatusNotFound {
		t.Errorf("the owner of den-haag cancels a survey in utrecht: %d, want 404", s)
	}
	if s := b.Call(t, b.Franchise, http.MethodPost, path+"/annuleren", map[string]string{"reden": strings.Repeat("x", schouw.MaxReden+1)}, nil); s != http.StatusBadRequest {
		t.Errorf("a reason of %d characters: %d, want 400", schouw.MaxReden+1, s)
	}

	var cancelled schouw.Answer
	if s := b.Call(t, b.Franchise, http.MethodPost, path+"/annuleren", map[string]string{"reden": "  De klant is  ziek. "}, &cancelled); s != http.StatusOK ||
		cancelled.Message != schouw.MsgGeannuleerd || cancelled.Data.Status != "geannuleerd" || cancelled.Data.Reden != "De klant is ziek." ||
		cancelled.Data.GeannuleerdAt == nil {
		t.Fatalf("the owner cancels its region's survey: %d %+v", s, cancelled)
	}

	// The customer's e-mail.
	mails := jobstest.WaitForMails(t, apiURL, to, 2, 20*time.Second)
	var mail *jobstest.Mail
	for i := range mails {
		if mails[i].Subject == "Uw gratis schouw is geannuleerd" {
			mail = &mails[i]
		}
	}
	if mail == nil {
		t.Fatalf("no cancellation e-mail among %+v", mails)
	}
	for _, want := range []string{"Beste Mevrouw Jansen", "gaat niet door", "- Datum: " + day.Dutch(), "- Tijd: 10:30", "- Reden: De klant is ziek.", "Herenstraat 1", "https://www.example.nl/status/"} {
		if !strings.Contains(mail.Text, want) {
			t.Errorf("the cancellation e-mail lacks %q:\n%s", want, mail.Text)
		}
	}

	// Audited, with the appointment it was.
	var found bool
	for _, a := range b.Audit(t, klus.String()) {
		if a.Action == schouw.AuditAnnuleer {
			found = a.Before["status"] == "gepland" && a.Before["opnemer"] == "Kees de Opnemer" && a.After["reden"] == "De klant is ziek." && a.Role == "franchise"
		}
	}
	if !found {
		t.Errorf("no audit entry of the cancellation: %+v", b.Audit(t, klus.String()))
	}

	// No reminder; gone from the status page and the week board; it cannot be cancelled twice nor
	// get an outcome.
	remind := func(at time.Time) int {
		n, err := herinnering.NewWorker(b.DB.DB, calendar.Fixed(at)).Run(ctx, b.Queue.Enqueue)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	reminders := func() int {
		var n int
		if err := b.DB.DB.QueuePool().QueryRow(ctx, `SELECT count(*) FROM river.river_job
			WHERE kind = 'email' AND args ->> 'template' LIKE 'herinnering%' AND args ->> 'to' = $1`, to).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	eve := day.AddDays(-1)
	if n := remind(eve.At(18, 0)); n != 1 || reminders() != 0 { // the other region's survey only
		t.Errorf("the evening before: %d reminded, %d reminders to the cancelled survey's customer", n, reminders())
	}
	if _, body, raw := servertest.StatusOf(t, b.Portal, links.Token(klus)); body["schouw"] != nil {
		t.Errorf("the status page still shows the cancelled survey: %s", raw)
	}
	var week planning.Answer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/planning?week="+day.String(), nil, &week); s != http.StatusOK {
		t.Fatalf("week board: %d", s)
	}
	for _, it := range week.Data.Schouwen {
		if it.KlusID == klus {
			t.Errorf("the week board still shows the cancelled survey: %+v", it)
		}
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/annuleren", map[string]string{}, nil); s != http.StatusConflict {
		t.Errorf("cancelled twice: %d, want 409", s)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/uitkomst", map[string]string{"uitkomst": "Gedaan"}, nil); s != http.StatusConflict {
		t.Errorf("the outcome of a cancelled survey: %d, want 409", s)
	}

	// Planned anew, at the very same moment: a new survey, reminded.
	var again schouw.Answer
	if s := b.Call(t, b.Admin, http.MethodPut, path, plan, &again); s != http.StatusOK || again.Message != schouw.MsgGepland ||
		again.Data.Status != "gepland" || again.Data.Reden != "" || again.Data.GeannuleerdAt != nil || again.Data.Versie != cancelled.Data.Versie+1 {
		t.Fatalf("plan again after the cancellation: %d %+v", s, again)
	}
	if n := remind(eve.At(18, 5)); n != 1 || reminders() != 1 {
		t.Errorf("the new survey: %d reminded, %d reminders", n, reminders())
	}
	// Reminded, then cancelled (without a reason) and planned again for the same moment: reminded
	// once more, as the new appointment it is.
	var second schouw.Answer
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/annuleren", map[string]string{}, &second); s != http.StatusOK || second.Data.Reden != "" {
		t.Fatalf("cancel without a reason: %d %+v", s, second)
	}
	if s := b.Call(t, b.Admin, http.MethodPut, path, plan, nil); s != http.StatusOK {
		t.Fatalf("plan once more: %d", s)
	}
	if n := remind(eve.At(18, 10)); n != 1 || reminders() != 2 {
		t.Errorf("planned again after a reminded survey was cancelled: %d reminded, %d reminders", n, reminders())
	}
	// 3× planned, 2× cancelled, 2 reminders; the cancellation without a reason names none.
	mails = jobstest.WaitForMails(t, apiURL, to, 7, 20*time.Second)
	withoutReason := false
	for _, m := range mails {
		withoutReason = withoutReason || m.Subject == "Uw gratis schouw is geannuleerd" && !strings.Contains(m.Text, "Reden")
	}
	if !withoutReason {
		t.Errorf("the cancellation without a reason: %+v", mails)
	}

	// A survey that took place cannot be cancelled.
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+other.String()+"/schouw/uitkomst", map[string]string{"uitkomst": "Twee planken."}, nil); s != http.StatusOK {
		t.Fatalf("outcome: %d", s)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+other.String()+"/schouw/annuleren", map[string]string{}, nil); s != http.StatusConflict {
		t.Errorf("cancelling a survey that took place: %d, want 409", s)
	}
}
