package schema_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// exportArgs is an export job as services/exports makes it (its kind and fields), written here
// because the schema's tests do not import the services above them.
type exportArgs struct {
	ExportID uuid.UUID `json:"export_id"`
	UserID   uuid.UUID `json:"user_id"`
}

func (exportArgs) Kind() string { return "export" }

type otherArgs struct{}

func (otherArgs) Kind() string { return "shell" }

// TestEnqueueChecks: SQL running as the server's role, even inside a proved actor's transaction,
// queues only the jobs the application's paths make. It cannot send a branded e-mail to an
// address or with a text of its own making, attach a private file, send an invoice e-mail as
// anyone but the invoice worker, ask for another user's export, or queue an unknown kind; the
// confirmation of a request made in the same transaction, with that request's own data, passes.
// quoteArgs stands for offerte.MailArgs (this package may not import the services).
type quoteArgs struct {
	OfferteID uuid.UUID `json:"offerte_id"`
}

func (quoteArgs) Kind() string { return "offerte_mail" }

// reminderArgs stands for herinnering.Args: a reminder run for one appointment (D33).
type reminderArgs struct {
	Soort  string    `json:"soort"`
	KlusID uuid.UUID `json:"klus_id"`
}

func (reminderArgs) Kind() string { return "herinneringen" }

func TestEnqueueChecks(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	q, err := jobs.NewQueue(d.DB.QueuePool(), river.NewWorkers(), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// request inserts a visitor's job in tx and returns the data of its confirmation e-mail.
	request := func(tx pgx.Tx, to string) (map[string]string, error) {
		k := uuid.New()
		var label string
		if err := tx.QueryRow(ctx, `SELECT label FROM categories WHERE key = 'montage'`).Scan(&label); err != nil {
			return nil, err
		}
		_, err := tx.Exec(ctx, `INSERT INTO klussen (id, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, email, naam)
			VALUES ($1, 'den-haag', 'montage', 'Kastje ophangen', '2026-12-01', 'middag', 'Herenstraat 1', '2271 AB', 'Voorburg', '0701234567', $2, 'Mevrouw Jansen')`, k, to)
		return map[string]string{"status_klus": k.String(), "naam": "Mevrouw Jansen", "categorie": label,
			"beschrijving": "Kastje ophangen", "datum": "01-12-2026", "tijd": "middag (12:00-17:00)"}, err
	}
	refused := []struct {
		name  string
		actor tenants.Actor
		job   func(tx pgx.Tx) (river.JobArgs, error)
	}{
		{"a confirmation of a job this transaction did not make", actors["anon"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "bevestiging", To: "aanvaller@example.nl", Data: map[string]string{"status_klus": id("request").String()}}, nil
		}},
		{"a confirmation with text of its own", actors["anon"], func(tx pgx.Tx) (river.JobArgs, error) {
			data, err := request(tx, "klant@example.nl")
			data["beschrijving"] = "Uw rekening is geblokkeerd: betaal via https://oplichter.example"
			return email.Args{Template: "bevestiging", To: "klant@example.nl", Data: data}, err
		}},
		{"a confirmation to another address", actors["anon"], func(tx pgx.Tx) (river.JobArgs, error) {
			data, err := request(tx, "klant@example.nl")
			return email.Args{Template: "bevestiging", To: "iemand-anders@example.nl", Data: data}, err
		}},
		{"a confirmation with a private file attached", actors["anon"], func(tx pgx.Tx) (river.JobArgs, error) {
			data, err := request(tx, "klant@example.nl")
			return email.Args{Template: "bevestiging", To: "klant@example.nl", Data: data,
				Attachments: []email.Attachment{{Bucket: "private", Key: "vog/iemand.pdf", Name: "vog.pdf", ContentType: "application/pdf"}}}, err
		}},
		{"an admin's message that was not logged", actors["admin"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "aanmelder", To: "wie-dan-ook@example.nl", Data: map[string]string{"onderwerp": "Actie", "inhoud": "Klik hier"}}, nil
		}},
		{"an appointment e-mail for a job this transaction did not plan", actors["kdh"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "ingepland", To: "klant@example.nl", Data: map[string]string{"status_klus": id("request").String(), "naam": "x"}}, nil
		}},
		{"a survey e-mail for a job whose survey this transaction did not plan", actors["fdh"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "schouw", To: "klant@example.nl", Data: map[string]string{"status_klus": id("request").String(), "opnemer": "Iemand"}}, nil
		}},
		{"a survey's cancellation e-mail for a survey this transaction did not cancel", actors["fdh"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "schouw_geannuleerd", To: "klant@example.nl", Data: map[string]string{"status_klus": id("request").String(), "naam": "x"}}, nil
		}},
		{"a reminder run for an appointment this transaction did not plan", actors["kdh"], func(pgx.Tx) (river.JobArgs, error) {
			return reminderArgs{Soort: "klus", KlusID: id("request")}, nil
		}},
		{"a reminder e-mail by an admin (only the reminder run sends them)", actors["admin"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "herinnering_vandaag", To: "klant@example.nl", Data: map[string]string{"status_klus": id("request").String()}}, nil
		}},
		{"an invoice e-mail by an admin (only the invoice worker sends them)", actors["admin"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "factuur", To: "klant@example.nl", Data: map[string]string{"factuurnummer": "2026-0001"},
				Attachments: []email.Attachment{{Bucket: "exports", Key: "x.pdf", Name: "x.pdf", ContentType: "application/pdf"}}}, nil
		}},
		{"a quote e-mail by an admin (only the quote worker sends them, with the quote's own PDF)", actors["admin"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "offerte", To: "klant@example.nl", Data: map[string]string{"offertenummer": "O2026-0001", "status_klus": id("request").String()},
				Attachments: []email.Attachment{{Bucket: "exports", Key: "x.pdf", Name: "x.pdf", ContentType: "application/pdf"}}}, nil
		}},
		{"sending a quote this transaction did not mark sent", actors["fdh"], func(pgx.Tx) (river.JobArgs, error) {
			return quoteArgs{OfferteID: uuid.New()}, nil
		}},
		{"a template the application does not have", actors["admin"], func(pgx.Tx) (river.JobArgs, error) {
			return email.Args{Template: "nieuwsbrief", To: "klant@example.nl", Data: map[string]string{}}, nil
		}},
		{"another user's export", actors["kdh"], func(pgx.Tx) (river.JobArgs, error) {
			return exportArgs{ExportID: uuid.New(), UserID: actors["admin"].UserID}, nil
		}},
		{"a kind the application does not have", actors["admin"], func(pgx.Tx) (river.JobArgs, error) { return otherArgs{}, nil }},
	}
	for _, c := range refused {
		err := d.DB.InTx(ctx, c.actor, func(tx pgx.Tx) error {
			job, err := c.job(tx)
			if err != nil {
				t.Fatalf("%s: setting up: %v", c.name, err)
			}
			return q.Enqueue(ctx, tx, job)
		})
		if err == nil || !strings.Contains(err.Error(), "may not enqueue") {
			t.Errorf("%s: %v, want refused", c.name, err)
		}
	}

	// Plain SQL, the way an injection would write it, meets the same check.
	err = d.DB.InTx(ctx, actors["admin"], func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO river.river_job (args, kind, max_attempts, priority, queue, state)
			VALUES ('{"template": "aanmelder", "to": "doelwit@example.nl", "data": {"onderwerp": "Hallo", "inhoud": "Tekst"}}', 'email', 1, 1, 'email', 'available')`)
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "may not enqueue") {
		t.Errorf("a plain INSERT of an e-mail job: %v, want refused", err)
	}

	// The application's own path: the confirmation of a request made in the same transaction.
	err = d.DB.InTx(ctx, actors["anon"], func(tx pgx.Tx) error {
		data, err := request(tx, "klant@example.nl")
		if err != nil {
			return err
		}
		return q.Enqueue(ctx, tx, email.Args{Template: "bevestiging", To: "klant@example.nl", Data: data})
	})
	if err != nil {
		t.Errorf("the confirmation of a request made in the same transaction: %v", err)
	}
	// And a user's own export.
	err = d.DB.InTx(ctx, actors["kdh"], func(tx pgx.Tx) error {
		return q.Enqueue(ctx, tx, exportArgs{ExportID: uuid.New(), UserID: actors["kdh"].UserID})
	})
	if err != nil {
		t.Errorf("a klusser's own export: %v", err)
	}
}
