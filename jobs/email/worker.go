package email

import (
	"context"
	"errors"
	"fmt"

	"github.com/riverqueue/river"
)

// Args is an e-mail job: which template, to whom, with what data.
type Args struct {
	Template string            `json:"template"`
	To       string            `json:"to"`
	Data     map[string]string `json:"data"`
}

// Kind names the job in River (and in the admin's list of e-mail jobs).
func (Args) Kind() string { return "email" }

// InsertOpts: e-mails have their own queue and are tried for about a day before giving up.
func (Args) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: "email", MaxAttempts: 12} }

// Worker renders and sends e-mail jobs.
type Worker struct {
	river.WorkerDefaults[Args]
	Mailer *Mailer
	Site   Site
}

// Work sends one e-mail. An e-mail that can never be rendered is cancelled at once instead of
// retried; a delivery failure returns an error, and River retries it with backoff.
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	r, err := Render(job.Args.Template, job.Args.Data, w.Site)
	var te ErrTemplate
	if errors.As(err, &te) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	messageID := fmt.Sprintf("email-%d@klusmaat", job.ID)
	err = w.Mailer.Send(ctx, job.Args.To, messageID, r)
	if errors.As(err, &te) {
		return river.JobCancel(err)
	}
	return err
}
