package email_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

var site = email.Site{Brand: "Klusmaat", Phone: "070 123 45 67", Email: "info@klusmaat.nl"}

func startQueue(t *testing.T, d *dbtest.Database, smtpURL string) *jobs.Queue {
	t.Helper()
	mailer, err := email.NewMailer(smtpURL, "no-reply@klusmaat.nl", site.Brand)
	if err != nil {
		t.Fatal(err)
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &email.Worker{Mailer: mailer, Site: site})
	q, err := jobs.NewQueue(d.DB.QueuePool(), workers, jobs.Options{Work: true, RetryBase: 300 * time.Millisecond,
		RetryMax: time.Second, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = q.Stop(ctx)
	})
	return q
}

// request inserts a visitor's request (klus id) in tx and returns its confirmation e-mail, with the
// data the application sends: the database admits an e-mail job of the server's role only when it
// matches a change of the same transaction (river_access.sql).
func request(tx pgx.Tx, id uuid.UUID, to, beschrijving string) (email.Args, error) {
	ctx := context.Background()
	var label string
	if err := tx.QueryRow(ctx, `SELECT label FROM categories WHERE key = 'montage'`).Scan(&label); err != nil {
		return email.Args{}, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO klussen (id, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, email, naam)
		VALUES ($1, 'den-haag', 'montage', $2, '2026-12-03', 'ochtend', 'Herenstraat 1', '2271 AB', 'Voorburg', '070', $3, 'Mevrouw Jansen')`,
		id, beschrijving, to); err != nil {
		return email.Args{}, err
	}
	return email.Args{Template: "bevestiging", To: to, Data: map[string]string{
		"naam": "Mevrouw Jansen", "categorie": label, "beschrijving": beschrijving,
		"datum": email.Date(time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)), "tijd": "ochtend (8:00-12:00)",
		email.StatusKlus: id.String()}}, nil
}

func TestEmailArrivesOverSMTP(t *testing.T) {
	smtpURL, api := jobstest.MailDev(t)
	d := dbtest.New(t)
	q := startQueue(t, d, smtpURL)
	to := "klant-" + uuid.NewString()[:8] + "@example.nl"
	d.As(t, tenants.AnonymousActor(), func(tx pgx.Tx) error {
		args, err := request(tx, uuid.New(), to, "Gordijnrail ophangen")
		if err != nil {
			return err
		}
		return q.Enqueue(context.Background(), tx, args)
	})

	got := jobstest.WaitForMails(t, api, to, 1, 15*time.Second)
	if len(got) != 1 {
		t.Fatalf("%d e-mails arrived", len(got))
	}
	m := got[0]
	if m.Subject != "Wij hebben uw aanvraag ontvangen" {
		t.Errorf("subject %q", m.Subject)
	}
	for _, want := range []string{"Beste Mevrouw Jansen", "Montage & Ophangwerk", "Gordijnrail ophangen", "03-12-2026", "ochtend", "070 123 45 67", "binnen 24 uur"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, "Montage &amp; Ophangwerk") || !strings.Contains(m.HTML, `lang="nl"`) {
		t.Errorf("html body not escaped or not Dutch:\n%s", m.HTML)
	}
}

// relay is a TCP forwarder in front of the real SMTP server that the test can switch off and on,
// as if the mail server went down and came back on the same address.
type relay struct {
	addr, target string
	mu           sync.Mutex
	ln           net.Listener
}

func (r *relay) start(t *testing.T) {
	t.Helper()
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ { // the port may linger briefly after close
		if ln, err = net.Listen("tcp", r.addr); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	r.ln, r.addr = ln, ln.Addr().String()
	r.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				up, err := net.Dial("tcp", r.target)
				if err != nil {
					return
				}
				defer up.Close()
				go func() { _, _ = io.Copy(up, c) }()
				_, _ = io.Copy(c, up)
			}()
		}
	}()
}

func (r *relay) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	_ = r.ln.Close()
}

// With the mail server down the jobs fail and retry; when it is back every e-mail arrives once.
func TestEmailRetriesUntilSMTPReturnsAndArrivesOnce(t *testing.T) {
	smtpURL, api := jobstest.MailDev(t)
	u, _ := url.Parse(smtpURL)
	r := &relay{addr: "127.0.0.1:0", target: u.Host}
	r.start(t)
	r.stop() // the mail server is down from the start
	d := dbtest.New(t)
	q := startQueue(t, d, "smtp://"+r.addr)

	to := "retry-" + uuid.NewString()[:8] + "@example.nl"
	d.As(t, tenants.AnonymousActor(), func(tx pgx.Tx) error {
		for i := range 3 {
			args, err := request(tx, uuid.New(), to, fmt.Sprintf("Klus %d", i+1))
			if err != nil {
				return err
			}
			if err := q.Enqueue(context.Background(), tx, args); err != nil {
				return err
			}
		}
		return nil
	})

	// Wait until every job has failed at least twice.
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := q.Client().JobList(context.Background(), river.NewJobListParams().Kinds("email").First(10))
		if err != nil {
			t.Fatal(err)
		}
		failing := 0
		for _, j := range res.Jobs {
			if len(j.Errors) >= 2 && j.State != rivertype.JobStateCompleted {
				failing++
			}
		}
		if failing == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs did not retry: %d of 3 failed twice", failing)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := len(jobstest.MailsTo(t, api, to)); n != 0 {
		t.Fatalf("%d e-mails arrived while the server was down", n)
	}

	r.start(t) // the mail server is back, on the same address
	jobstest.WaitForMails(t, api, to, 3, 20*time.Second)
	time.Sleep(1500 * time.Millisecond) // give a duplicate the chance to show up
	got := jobstest.MailsTo(t, api, to)
	seen := map[string]int{}
	for _, m := range got {
		for i := 1; i <= 3; i++ {
			if strings.Contains(m.Text, fmt.Sprintf("Klus %d\n", i)) {
				seen[fmt.Sprint(i)]++
			}
		}
	}
	if len(got) != 3 || seen["1"] != 1 || seen["2"] != 1 || seen["3"] != 1 {
		t.Fatalf("after the server returned: %d e-mails, per job %v", len(got), seen)
	}
}

// A change and its e-mail job commit or roll back together (D16).
func TestEmailJobCommitsWithItsChange(t *testing.T) {
	d := dbtest.New(t)
	q, err := jobs.NewQueue(d.DB.QueuePool(), river.NewWorkers(), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	insert := func(tx pgx.Tx, id uuid.UUID, to string) error {
		args, err := request(tx, id, to, "Lamp ophangen")
		if err != nil {
			return err
		}
		return q.Enqueue(ctx, tx, args)
	}
	rolledBack, committed := uuid.New(), uuid.New()
	err = d.DB.InTx(ctx, tenants.AnonymousActor(), func(tx pgx.Tx) error {
		if err := insert(tx, rolledBack, "weg@example.nl"); err != nil {
			return err
		}
		return errors.New("a later step fails")
	})
	if err == nil {
		t.Fatal("expected the transaction to fail")
	}
	d.As(t, tenants.AnonymousActor(), func(tx pgx.Tx) error { return insert(tx, committed, "blijft@example.nl") })

	res, err := q.Client().JobList(ctx, river.NewJobListParams().Kinds("email").First(10))
	if err != nil {
		t.Fatal(err)
	}
	var recipients []string
	for _, j := range res.Jobs {
		recipients = append(recipients, string(j.EncodedArgs))
	}
	if len(res.Jobs) != 1 || !strings.Contains(recipients[0], "blijft@example.nl") {
		t.Fatalf("jobs after one rollback and one commit: %v", recipients)
	}
	var n int
	d.As(t, tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM klussen WHERE id IN ($1, $2)`, rolledBack, committed).Scan(&n)
	})
	if n != 1 {
		t.Fatalf("%d jobs rows, want only the committed one", n)
	}
}
