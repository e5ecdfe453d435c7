package email

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

// Args is an e-mail job: which template, to whom, with what data.
type Args struct {
	Template string            `json:"template"`
	To       string            `json:"to"`
	Data     map[string]string `json:"data"`
	// Attachments are private files sent along (the invoice PDF), read from storage when sending.
	Attachments []Attachment `json:"attachments,omitempty"`
}

// Attachment names a stored file to attach: its bucket and key (never its contents, which would
// sit in the queue's table).
type Attachment struct {
	Bucket      string `json:"bucket"`
	Key         string `json:"key"`
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
}

// Opener reads the stored files that e-mails attach. The file storage of the services implements
// it (files.Attachments); the queue does not depend on the services above it.
type Opener interface {
	OpenAttachment(ctx context.Context, bucket, key string) (io.ReadCloser, error)
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
	Files  Opener // nil: e-mails with attachments fail (and are retried)
	// StatusLink makes the customer's status link of a job (D24); nil: e-mails without it.
	StatusLink func(klus uuid.UUID) string
	// Failed counts a failed delivery attempt (metrics); nil: not counted.
	Failed func()
	// Contact reads the support phone and e-mail of a region (docs/decisions.md D33): the region
	// named by ContactRegio, else that of the job named by StatusKlus; what it leaves empty comes
	// from Site. nil: Site's.
	Contact func(ctx context.Context, klus uuid.UUID, regio string) (phone, email string, err error)
}

// ContactRegio is the data key that names the region whose support contact an e-mail gives (the
// invoice e-mail); an e-mail with StatusKlus gives that of the job's region anyway.
const ContactRegio = "contact_regio"

// StatusKlus is the data key that names the job whose status link the e-mail carries. The link
// is made when the e-mail is sent, so the secret in it is never stored in the queue's table.
const StatusKlus = "status_klus"

// Work sends one e-mail. An e-mail that can never be rendered is cancelled at once instead of
// retried; a delivery failure returns an error, and River retries it with backoff.
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	site, err := w.site(ctx, job.Args.Data)
	if err != nil {
		return err
	}
	r, err := Render(job.Args.Template, w.withStatusLink(job.Args.Data), site)
	var te ErrTemplate
	if errors.As(err, &te) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	messageID := fmt.Sprintf("email-%d@klusmaat", job.ID)
	if len(job.Args.Attachments) > 0 {
		if r.Attachments, err = w.attachments(ctx, job.Args.Attachments); err != nil {
			return err
		}
	}
	err = w.Mailer.Send(ctx, job.Args.To, messageID, r)
	if err != nil && w.Failed != nil {
		w.Failed()
	}
	if errors.As(err, &te) {
		return river.JobCancel(err)
	}
	return err
}

// attachments reads the files to attach.
func (w *Worker) attachments(ctx context.Context, list []Attachment) ([]File, error) {
	if w.Files == nil {
		return nil, errors.New("email: attachments without file storage")
	}
	out := make([]File, 0, len(list))
	for _, a := range list {
		body, err := w.Files.OpenAttachment(ctx, a.Bucket, a.Key)
		if err != nil {
			return nil, fmt.Errorf("email: attachment %s: %w", a.Name, err)
		}
		data, err := io.ReadAll(body)
		body.Close()
		if err != nil {
			return nil, fmt.Errorf("email: attachment %s: %w", a.Name, err)
		}
		out = append(out, File{Name: a.Name, ContentType: a.ContentType, Data: data})
	}
	return out, nil
}

// site is the sender's identity of an e-mail: the support contact of the job it is about, where
// that region has one (D33), else the configured one.
func (w *Worker) site(ctx context.Context, data map[string]string) (Site, error) {
	site := w.Site
	regio := data[ContactRegio]
	klus, err := uuid.Parse(data[StatusKlus])
	if err != nil {
		klus = uuid.Nil
	}
	if w.Contact == nil || (regio == "" && klus == uuid.Nil) {
		return site, nil
	}
	phone, mail, err := w.Contact(ctx, klus, regio)
	if err != nil {
		return site, err
	}
	if phone != "" {
		site.Phone = phone
	}
	if mail != "" {
		site.Email = mail
	}
	return site, nil
}

// withStatusLink replaces the job named by StatusKlus with its status link (and drops
// ContactRegio, which only chose the contact).
func (w *Worker) withStatusLink(data map[string]string) map[string]string {
	_, hasContact := data[ContactRegio]
	id, ok := data[StatusKlus]
	if !ok && !hasContact {
		return data
	}
	out := make(map[string]string, len(data))
	for k, v := range data {
		if k != StatusKlus && k != ContactRegio {
			out[k] = v
		}
	}
	if !ok {
		return out
	}
	if klus, err := uuid.Parse(id); err == nil && w.StatusLink != nil {
		out["status_link"] = w.StatusLink(klus)
	}
	return out
}
