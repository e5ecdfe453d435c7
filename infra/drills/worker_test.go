package drills

import (
	"context"
	"net/url"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/server"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// A worker killed in the middle of a job (kill -9 of a `klusmaat worker` process while it is
// sending an e-mail to a mail server that has not answered yet): another worker takes the job
// over once it is past RescueAfter, and the e-mail arrives exactly once.
func TestWorkerKilledMidJob(t *testing.T) {
	smtpURL, mailAPI := jobstest.MailDev(t)
	d := dbtest.New(t)
	ctx := context.Background()

	// The mail server as the killed worker sees it: accepts, never answers.
	smtp := newRelay(t, hostPort(t, smtpURL))
	smtp.Stop()
	smtp.Start(true)

	bin := klusmaatBinary(t)

	to := "drill-" + uuid.NewString()[:8] + "@example.nl"
	insert, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(server.WorkerDeps{DB: d.DB}), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Queued as the queue's role: the drill is about the worker; the server's role may queue an
	// applicant's e-mail only with the message it logs (river_access.sql).
	if err := pgx.BeginFunc(ctx, d.DB.QueuePool(), func(tx pgx.Tx) error {
		return insert.Enqueue(ctx, tx, email.Args{Template: "aanmelder", To: to, Data: map[string]string{"onderwerp": "Drill", "inhoud": "Eén keer."}})
	}); err != nil {
		t.Fatal(err)
	}

	worker := exec.Command(bin, "worker")
	worker.Env = append(os.Environ(), "DATABASE_URL="+d.AppURL, "DATABASE_QUEUE_URL="+d.QueueURL, "DATABASE_OWNER_URL=",
		"KLUSMAAT_ACTOR_KEY="+dbtest.ActorKey, "SMTP_URL=smtp://"+smtp.addr+"?disable_starttls=true", "METRICS_ADDR=", "LOG_LEVEL=warn")
	if err := worker.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = worker.Process.Kill(); _, _ = worker.Process.Wait() })

	state := func() (string, int) {
		var s string
		var attempt int
		if err := d.DB.QueuePool().QueryRow(ctx, `SELECT state::text, attempt FROM river.river_job WHERE args->>'to' = $1`, to).Scan(&s, &attempt); err != nil {
			t.Fatal(err)
		}
		return s, attempt
	}
	waitFor := func(what string, timeout time.Duration, ok func() bool) {
		deadline := time.Now().Add(timeout)
		for !ok() {
			if time.Now().After(deadline) {
				s, a := state()
				t.Fatalf("%s: not after %v (job %s, attempt %d)", what, timeout, s, a)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	waitFor("the worker process runs the job", 30*time.Second, func() bool { s, _ := state(); return s == "running" })
	if err := worker.Process.Kill(); err != nil { // SIGKILL: no chance to give the job back
		t.Fatal(err)
	}
	_, _ = worker.Process.Wait()
	if s, _ := state(); s != "running" {
		t.Fatalf("after the kill the job is %s, want still running (nobody gave it back)", s)
	}

	// The mail server answers again; a new worker with a short rescue time takes the job over.
	smtp.Stop()
	smtp.Start(false)
	mailer, err := email.NewMailer("smtp://"+smtp.addr, "no-reply@klusmaat.nl", "Klusmaat")
	if err != nil {
		t.Fatal(err)
	}
	rescuer, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(server.WorkerDeps{DB: d.DB, Mailer: mailer, Site: email.Site{Brand: "Klusmaat"}}),
		jobs.Options{Work: true, PollInterval: 100 * time.Millisecond, RetryBase: 100 * time.Millisecond,
			JobTimeout: 2 * time.Second, RescueAfter: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := rescuer.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rescuer.Stop(context.Background()) })
	waitFor("the job is completed by the other worker", 50*time.Second, func() bool { s, _ := state(); return s == "completed" })
	if mails := jobstest.WaitForMails(t, mailAPI, to, 1, 10*time.Second); len(mails) != 1 {
		t.Fatalf("%d e-mails, want 1", len(mails))
	}
	time.Sleep(time.Second)
	if mails := jobstest.MailsTo(t, mailAPI, to); len(mails) != 1 {
		t.Fatalf("%d e-mails after a second, want exactly 1", len(mails))
	}
	_, attempt := state()
	t.Logf("completed at attempt %d", attempt)
}

func hostPort(t *testing.T, raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		t.Fatalf("bad URL %q", raw)
	}
	return u.Host
}
