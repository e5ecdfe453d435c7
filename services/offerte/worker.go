package offerte

// The background work of a sent quote: its PDF, stored privately, and the customer's e-mail with
// the PDF attached and the status link.

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// MailArgs asks for a sent version's PDF and e-mail.
type MailArgs struct {
	OfferteID uuid.UUID `json:"offerte_id"`
}

// Kind names the job in River.
func (MailArgs) Kind() string { return "offerte_mail" }

// InsertOpts: retried a few times (the blob store may be away for a moment).
func (MailArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 8} }

// Worker draws and sends quotes.
type Worker struct {
	river.WorkerDefaults[MailArgs]
	DB    *tenants.DB
	Files files.Storage
	Site  factuur.Site
}

// Work draws the PDF once (a retry finds its key kept on the version) and, in the same
// transaction, queues the e-mail with the PDF attached, so a retry never sends it twice.
func (w *Worker) Work(ctx context.Context, job *river.Job[MailArgs]) error {
	return w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		var klus uuid.UUID
		var key *string
		if err := tx.QueryRow(ctx, `SELECT klus_id, pdf_key FROM offertes WHERE id = $1 FOR UPDATE`, job.Args.OfferteID).Scan(&klus, &key); err != nil {
			return fmt.Errorf("offerte: version %s: %w", job.Args.OfferteID, err)
		}
		if key != nil {
			return nil
		}
		o, err := scan(tx.QueryRow(ctx, `SELECT `+columns+` FROM offertes WHERE id = $1`, job.Args.OfferteID))
		if err != nil {
			return err
		}
		d, err := document(ctx, tx, o)
		if err != nil {
			return err
		}
		data, err := Render(d, w.Site)
		if err != nil {
			return err
		}
		k := files.NewKey(o.ID, files.PDF)
		if err := w.Files.Put(ctx, files.Exports, k, files.PDF.ContentType, data); err != nil {
			return fmt.Errorf("offerte: store PDF: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE offertes SET pdf_key = $2 WHERE id = $1`, o.ID, k); err != nil {
			return fmt.Errorf("offerte: keep PDF key: %w", err)
		}
		if d.Klant.Email == "" {
			return nil
		}
		geldig := calendar.DutchOf(o.GeldigTot)
		client := river.ClientFromContext[pgx.Tx](ctx)
		_, err = client.InsertTx(ctx, tx, email.Args{Template: "offerte", To: d.Klant.Email,
			Data: map[string]string{"naam": d.Klant.Naam, "offertenummer": o.Nummer, "totaal": factuur.Euro(o.TotaalCents),
				"geldig_tot": geldig, email.StatusKlus: klus.String()},
			Attachments: []email.Attachment{{Bucket: string(files.Exports), Key: k, Name: FileName(o.Nummer, o.Versie),
				ContentType: files.PDF.ContentType}}}, nil)
		return err
	})
}
