package herinnering_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/herinnering"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Late planning (D27 as refined by D33, issue 39 item 6): at 01:04 the office plans a survey and a
// klusser plans its job, both for 08:00 the same day. Each planning queues, in its own
// transaction, a reminder run for its appointment; that run reminds at once: the customer gets
// 'Herinnering: vandaag komen wij bij u langs' and the klusser an in-app reminder for today.
// Exactly once: another run, two servers at once, a restart add nothing; a changed appointment is
// reminded again, one that has already started is not, and one planned before 18:00 the day
// before waits for 18:00 and then says 'morgen'. Every clock is driven explicitly (the day is
// days ahead of the real one), so the test holds at any hour and in any zone.
func TestLatePlanningRemindedAtOnce(t *testing.T) {
	day := calendar.System.Today().AddDays(5)
	now := day.At(1, 4)
	b := servertest.NewBackOffice(t, servertest.Options{Clock: func() time.Time { return now }})
	ctx := context.Background()

	klusMail := "laat-klus-" + uuid.NewString()[:8] + "@example.nl"
	schouwMail := "laat-schouw-" + uuid.NewString()[:8] + "@example.nl"
	klus := b.Job(t, servertest.Job{Status: "open", Klusser: b.Piet, Email: klusMail, Naam: "Mevrouw Vroeg", Datum: day})
	survey := b.Job(t, servertest.Job{Email: schouwMail, Naam: "Meneer Vroeg", Datum: day})

	// The periodic run as the worker of a server (or a restarted one) runs it at the clock's time.
	sweep := func(at time.Time) int {
		n, err := herinnering.NewWorker(b.DB.DB, calendar.Fixed(at)).Run(ctx, b.Queue.Enqueue)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// queued works the reminder runs that the plannings queued (not yet worked), as River would.
	worked := map[int64]bool{}
	queued := func(at time.Time) (runs, reminded int) {
		rows, err := b.DB.DB.QueuePool().Query(ctx, `SELECT id, args FROM river.river_job WHERE kind = 'herinneringen' ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		type run struct {
			id   int64
			args herinnering.Args
		}
		var list []run
		for rows.Next() {
			var r run
			var raw []byte
			if err := rows.Scan(&r.id, &raw); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &r.args); err != nil {
				t.Fatal(err)
			}
			list = append(list, r)
		}
		rows.Close()
		for _, r := range list {
			if worked[r.id] {
				continue
			}
			worked[r.id] = true
			n, err := herinnering.NewWorker(b.DB.DB, calendar.Fixed(at)).RunFor(ctx, b.Queue.Enqueue, r.args)
			if err != nil {
				t.Fatal(err)
			}
			runs, reminded = runs+1, reminded+n
		}
		return runs, reminded
	}
	mails := func(template, to string) int {
		var n int
		if err := b.DB.DB.QueuePool().QueryRow(ctx, `SELECT count(*) FROM river.river_job
			WHERE kind = 'email' AND args ->> 'template' = $1 AND args ->> 'to' = $2`, template, to).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	notified := func() []string {
		var out []string
		b.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `SELECT message FROM notifications WHERE user_id = $1 AND type = 'herinnering' ORDER BY created_at, id`, b.ID(b.Piet))
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var m string
				if err := rows.Scan(&m); err != nil {
					return err
				}
				out = append(out, m)
			}
			return rows.Err()
		})
		return out
	}

	// 01:04: both planned for 08:00 today.
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/klussen/"+survey.String()+"/schouw",
		map[string]string{"datum": day.String(), "tijd": "08:00", "opnemer": "Kees de Opnemer"}, nil); s != http.StatusOK {
		t.Fatalf("plan the survey at 01:04: %d", s)
	}
	if s := b.Call(t, b.Piet, http.MethodPut, "/api/v1/klusser/klussen/"+klus.String()+"/planning",
		map[string]string{"datum": day.String(), "tijd": "08:00"}, nil); s != http.StatusOK {
		t.Fatalf("the klusser plans its job at 01:04: %d", s)
	}
	if runs, n := queued(day.At(1, 4)); runs != 2 || n != 2 {
		t.Fatalf("the plannings queued %d reminder runs that reminded %d appointments; want 2 and 2, at once", runs, n)
	}
	if mails("herinnering_vandaag", schouwMail) != 1 || mails("herinnering_vandaag", klusMail) != 1 ||
		mails("herinnering", schouwMail)+mails("herinnering", klusMail) != 0 {
		t.Errorf("the customers' reminders: survey %d, job %d (today's); want 1 each and none saying 'morgen'",
			mails("herinnering_vandaag", schouwMail), mails("herinnering_vandaag", klusMail))
	}
	if got := notified(); len(got) != 1 || !strings.HasPrefix(got[0], "Herinnering: vandaag ("+day.Dutch()+") om 08:00") {
		t.Errorf("the klusser's reminders: %q", got)
	}

	// Once: the periodic run on two servers at once, and after a restart, sends nothing more.
	var wg sync.WaitGroup
	counts := make([]int, 2)
	for i := range counts {
		wg.Add(1)
		go func() { defer wg.Done(); counts[i] = sweep(day.At(1, 5)) }()
	}
	wg.Wait()
	if counts[0]+counts[1]+sweep(day.At(6, 0)) != 0 || mails("herinnering_vandaag", schouwMail) != 1 || mails("herinnering_vandaag", klusMail) != 1 || len(notified()) != 1 {
		t.Errorf("reminded again: %v", counts)
	}

	// The klusser moves the job to 10:00: a new version, reminded again at once.
	now = day.At(6, 30)
	if s := b.Call(t, b.Piet, http.MethodPut, "/api/v1/klusser/klussen/"+klus.String()+"/planning",
		map[string]string{"datum": day.String(), "tijd": "10:00"}, nil); s != http.StatusOK {
		t.Fatalf("the klusser changes the plan: %d", s)
	}
	if runs, n := queued(day.At(6, 30)); runs != 1 || n != 1 || mails("herinnering_vandaag", klusMail) != 2 || len(notified()) != 2 {
		t.Errorf("after the change: %d runs reminded %d, %d e-mails, %d notifications; want 1, 1, 2, 2", runs, n, mails("herinnering_vandaag", klusMail), len(notified()))
	}

	// A survey moved to 08:30 at 09:00 has started: nothing is sent.
	now = day.At(9, 0)
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/klussen/"+survey.String()+"/schouw",
		map[string]string{"datum": day.String(), "tijd": "08:30", "opnemer": "Kees de Opnemer"}, nil); s != http.StatusOK {
		t.Fatalf("move the survey: %d", s)
	}
	if runs, n := queued(day.At(9, 0)); runs != 1 || n != 0 || mails("herinnering_vandaag", schouwMail) != 1 {
		t.Errorf("a survey that has started: %d runs reminded %d", runs, n)
	}

	// Planned before 18:00 the day before: the queued run waits; 18:00 reminds it for 'morgen'.
	tomorrow := day.AddDays(1)
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/klussen/"+survey.String()+"/schouw",
		map[string]string{"datum": tomorrow.String(), "tijd": "11:00", "opnemer": "Kees de Opnemer"}, nil); s != http.StatusOK {
		t.Fatalf("move the survey to tomorrow: %d", s)
	}
	if runs, n := queued(day.At(9, 0)); runs != 1 || n != 0 || sweep(day.At(17, 59)) != 0 {
		t.Errorf("reminded before 18:00 the day before: %d runs reminded %d", runs, n)
	}
	if n := sweep(day.At(18, 0)); n != 1 || mails("herinnering", schouwMail) != 1 || mails("herinnering_vandaag", schouwMail) != 1 {
		t.Errorf("at 18:00 the day before: %d reminded, %d 'morgen' e-mails", n, mails("herinnering", schouwMail))
	}
}
