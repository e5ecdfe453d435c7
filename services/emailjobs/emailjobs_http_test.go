package emailjobs_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/emailjobs"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Admins see every e-mail job with its state and last error (D16); others may not.
func TestAdminsSeeEmailJobsWithTheirErrors(t *testing.T) {
	smtpURL, _ := jobstest.MailDev(t)
	d := dbtest.New(t)
	mailer, err := email.NewMailer(smtpURL, "no-reply@klusmaat.nl", "Klusmaat")
	if err != nil {
		t.Fatal(err)
	}
	q, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(server.WorkerDeps{DB: d.DB, Mailer: mailer, Site: email.Site{Brand: "Klusmaat"}}),
		jobs.Options{Work: true, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(context.Background())

	to := "lijst-" + uuid.NewString()[:8] + "@example.nl"
	// Enqueued as the queue's role: this test is about the list, and the server's role may queue
	// an applicant's e-mail only with the message it logs (river_access.sql).
	err = pgx.BeginFunc(context.Background(), d.DB.QueuePool(), func(tx pgx.Tx) error {
		ctx := context.Background()
		if err := q.Enqueue(ctx, tx, email.Args{Template: "aanmelder", To: to, Data: map[string]string{"onderwerp": "Uw aanmelding", "inhoud": "Welkom!"}}); err != nil {
			return err
		}
		return q.Enqueue(ctx, tx, email.Args{Template: "bestaat-niet", To: to})
	})
	if err != nil {
		t.Fatal(err)
	}
	// Wait for both jobs to finish (one completed, one cancelled: an unknown template is never retried).
	deadline := time.Now().Add(15 * time.Second)
	for {
		res, err := q.Client().JobList(context.Background(), river.NewJobListParams().Kinds("email").States("completed", "cancelled"))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Jobs) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs not finished: %d", len(res.Jobs))
		}
		time.Sleep(100 * time.Millisecond)
	}

	srv := servertest.NewAPIServer(t, server.Deps{DB: d.DB}).As(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin, Regions: []string{"den-haag"}})
	get := func(path string) (int, []byte) {
		status, b, _ := srv.Do(http.MethodGet, path, "")
		return status, b
	}
	status, body := get("/api/v1/email-jobs")
	if status != http.StatusOK {
		t.Fatalf("admin: %d %s", status, body)
	}
	var all list.Page[emailjobs.Job]
	if err := json.Unmarshal(body, &all); err != nil {
		t.Fatal(err)
	}
	byTemplate := map[string]emailjobs.Job{}
	for _, j := range all.Data {
		byTemplate[j.Template] = j
	}
	ok, bad := byTemplate["aanmelder"], byTemplate["bestaat-niet"]
	if ok.State != "completed" || ok.Recipient != to || ok.Attempts != 1 || ok.LastError != nil {
		t.Errorf("delivered job: %+v", ok)
	}
	if bad.State != "cancelled" || bad.LastError == nil || !strings.Contains(*bad.LastError, "unknown template") {
		t.Errorf("failed job: %+v", bad)
	}
	if status, body := get("/api/v1/email-jobs?state=cancelled"); status != http.StatusOK || strings.Contains(string(body), `"aanmelder"`) {
		t.Errorf("filter by state: %d %s", status, body)
	}
	if status, _ := get("/api/v1/email-jobs?state=kapot"); status != http.StatusBadRequest {
		t.Errorf("unknown state: %d", status)
	}
	// The list contract (D25): search by recipient, a filter given twice matches either value, a
	// page past the end still says how many there are.
	page := func(query string) list.Page[emailjobs.Job] {
		status, body := get("/api/v1/email-jobs?" + query)
		var p list.Page[emailjobs.Job]
		if err := json.Unmarshal(body, &p); status != http.StatusOK || err != nil {
			t.Fatalf("%s: %d %s", query, status, body)
		}
		return p
	}
	if p := page("q=" + to[:12]); p.Total != 2 || len(p.Data) != 2 {
		t.Errorf("search by recipient: %+v", p)
	}
	if p := page("q=niemand-anders&state=completed"); p.Total != 0 || len(p.Data) != 0 {
		t.Errorf("search without a match: %+v", p)
	}
	if p := page("state=cancelled&state=completed&per_page=1&sort=state&order=asc"); p.Total != 2 || len(p.Data) != 1 || p.Data[0].State != "cancelled" {
		t.Errorf("two states, one per page: %+v", p)
	}
	if p := page("page=9"); p.Total != 2 || len(p.Data) != 0 {
		t.Errorf("past the last page: %+v", p)
	}
	srv.As(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}})
	if status, _ := get("/api/v1/email-jobs"); status != http.StatusForbidden {
		t.Errorf("franchise: %d", status)
	}
}
