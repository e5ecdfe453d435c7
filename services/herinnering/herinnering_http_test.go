package herinnering_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/herinnering"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Reminders the day before (D27): nothing before 18:00 Amsterdam; from 18:00 one e-mail per
// appointment of tomorrow (a planned job, a free survey) and an in-app notification to the job's
// klusser, exactly once however many servers run the job at the same time and after a restart; a
// changed appointment gets a new reminder, a cancelled one none, and an appointment of the day
// after tomorrow waits.
func TestRemindersOnceTheDayBefore(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	ctx := context.Background()
	today := calendar.System.Today()
	tomorrow := today.AddDays(1)
	at := func(d calendar.Date, h, m int) *time.Time { t := d.At(h, m); return &t }
	klusMail := "herinnering-klus-" + uuid.NewString()[:8] + "@example.nl"
	schouwMail := "herinnering-schouw-" + uuid.NewString()[:8] + "@example.nl"
	planned := b.Job(t, servertest.Job{Status: "ingepland", Klusser: b.Piet, Email: klusMail, Naam: "Mevrouw Klus", Start: at(tomorrow, 10, 0)})
	b.Job(t, servertest.Job{Status: "ingepland", Klusser: b.Piet, Email: "later-" + uuid.NewString()[:8] + "@example.nl", Start: at(today.AddDays(2), 10, 0)})
	survey := b.Job(t, servertest.Job{Email: schouwMail, Naam: "Meneer Schouw"})
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/klussen/"+survey.String()+"/schouw",
		map[string]string{"datum": tomorrow.String(), "tijd": "14:00", "opnemer": "Kees de Opnemer"}, nil); s != http.StatusOK {
		t.Fatalf("plan the survey: %d", s)
	}

	reminders := func(to string) int {
		var n int
		if err := b.DB.DB.QueuePool().QueryRow(ctx, `SELECT count(*) FROM river.river_job
			WHERE kind = 'email' AND args ->> 'template' = 'herinnering' AND args ->> 'to' = $1`, to).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	notified := func() int {
		var n int
		b.Query(t, &n, `SELECT count(*) FROM notifications WHERE user_id = $1 AND type = 'herinnering'`, b.ID(b.Piet))
		return n
	}
	run := func(clock calendar.Clock) int {
		w := herinnering.NewWorker(b.DB.DB, clock) // a new worker: another server, or a restart
		n, err := w.Run(ctx, b.Queue.Enqueue)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}

	if n := run(calendar.Fixed(today.At(17, 59))); n != 0 || reminders(klusMail) != 0 {
		t.Fatalf("before 18:00: %d reminders", n)
	}

	// At 18:00 two servers run the job at once, and one runs it again after a restart.
	evening := calendar.Fixed(today.At(18, 0))
	var wg sync.WaitGroup
	counts := make([]int, 2)
	for i := range counts {
		wg.Add(1)
		go func() { defer wg.Done(); counts[i] = run(evening) }()
	}
	wg.Wait()
	if counts[0]+counts[1] != 2 || run(calendar.Fixed(today.At(21, 30))) != 0 {
		t.Errorf("two servers reminded %v appointments and a restart more, want 2 in all", counts)
	}
	if reminders(klusMail) != 1 || reminders(schouwMail) != 1 || notified() != 1 {
		t.Errorf("e-mails: job %d, survey %d; klusser notifications %d; want 1 each", reminders(klusMail), reminders(schouwMail), notified())
	}

	// A changed appointment is a new version: reminded again (at once, it is past 18:00).
	b.Exec(t, `UPDATE klussen SET geplande_start_tijd = $2 WHERE id = $1`, planned, tomorrow.At(11, 30))
	if n := run(calendar.Fixed(today.At(19, 0))); n != 1 || reminders(klusMail) != 2 || notified() != 2 {
		t.Errorf("after a change: %d reminded, %d e-mails, %d notifications; want 1, 2, 2", n, reminders(klusMail), notified())
	}

	// Cancelled appointments get none: the job unassigned, the survey's request cancelled by the customer.
	b.Exec(t, `UPDATE klussen SET status = 'open', klusser_id = NULL, claimed_at = NULL, geplande_start_tijd = NULL WHERE id = $1`, planned)
	b.Exec(t, `UPDATE klus_schouwen SET start = $2 WHERE klus_id = $1`, survey, tomorrow.At(15, 0))
	b.Exec(t, `UPDATE klussen SET geannuleerd_at = now() WHERE id = $1`, survey)
	if n := run(calendar.Fixed(today.At(20, 0))); n != 0 || reminders(schouwMail) != 1 {
		t.Errorf("after cancellations: %d reminded, %d survey e-mails", n, reminders(schouwMail))
	}
}
