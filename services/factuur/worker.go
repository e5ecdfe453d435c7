package factuur

// The background work of invoices: the PDF made after a completion, stored privately (D6), and
// the invoice e-mail to the customer with the PDF attached.

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/tenants"
)

// PDFArgs asks for an invoice's PDF; Mail sends it to the customer afterwards (when the job has
// an e-mail address).
type PDFArgs struct {
	FactuurID uuid.UUID `json:"factuur_id"`
	Mail      bool      `json:"mail"`
	// Opnieuw: an admin sends the invoice again: mail it even when its PDF exists.
	Opnieuw bool `json:"opnieuw,omitempty"`
}

// Kind names the job in River.
func (PDFArgs) Kind() string { return "factuur_pdf" }

// InsertOpts: a PDF is retried a few times (the blob store may be away for a moment).
func (PDFArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 8} }

// Worker makes invoice PDFs.
type Worker struct {
	river.WorkerDefaults[PDFArgs]
	DB    *tenants.DB
	Files files.Storage
	Site  Site
}

// Work makes the PDF once (a retried job finds it stored) and, in the same transaction, queues the
// customer's e-mail with the PDF attached, so a retry never sends it twice.
func (w *Worker) Work(ctx context.Context, job *river.Job[PDFArgs]) error {
	if wait, err := w.awaitDoorPayment(ctx, job); err != nil || wait {
		if err != nil {
			return err
		}
		return river.JobSnooze(time.Minute)
	}
	return w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		var hadPDF bool
		if err := tx.QueryRow(ctx, `SELECT pdf_url IS NOT NULL FROM facturen WHERE id = $1 FOR UPDATE`, job.Args.FactuurID).Scan(&hadPDF); err != nil {
			return fmt.Errorf("facturen: invoice %s: %w", job.Args.FactuurID, err)
		}
		f, key, err := Generate(ctx, tx, w.Files, w.Site, job.Args.FactuurID)
		if err != nil {
			return err
		}
		if (hadPDF && !job.Args.Opnieuw) || !job.Args.Mail || f.Klant.Email == "" {
			return nil
		}
		client := river.ClientFromContext[pgx.Tx](ctx)
		_, err = client.InsertTx(ctx, tx, MailArgs(f, key), nil)
		return err
	})
}

// DoorPaymentWait is how long the invoice e-mail of a completed job waits for the klusser to
// register the payment at the door: the e-mail carries the invoice as it stands when sent
// (docs/decisions.md D30), so a job paid at the door is mailed as paid. The registration queues
// the e-mail at once (Pay); without one the invoice goes out open after this wait.
const DoorPaymentWait = 30 * time.Minute

// awaitDoorPayment reports whether the first e-mail of a job's invoice should wait for the
// registration at the door.
func (w *Worker) awaitDoorPayment(ctx context.Context, job *river.Job[PDFArgs]) (bool, error) {
	if !job.Args.Mail || job.Args.Opnieuw || time.Since(job.CreatedAt) >= DoorPaymentWait {
		return false, nil
	}
	var waiting bool
	err := w.DB.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT betaal_methode IS NULL AND credit_van IS NULL AND klus_id IS NOT NULL AND pdf_url IS NULL
			FROM facturen WHERE id = $1`, job.Args.FactuurID).Scan(&waiting)
	})
	if err != nil {
		return false, fmt.Errorf("facturen: invoice %s: %w", job.Args.FactuurID, err)
	}
	return waiting, nil
}

// MailArgs is the invoice e-mail (template factuur) with the stored PDF attached, naming the
// issuing business and how to pay (D28).
func MailArgs(f Factuur, key string) email.Args {
	data := map[string]string{"naam": f.Klant.Naam, "soort": soort(f), "factuurnummer": f.Factuurnummer, "totaal": Euro(f.TotaalCents),
		"uitgever": f.Uitgever.Naam, "betaling": PaymentTerms(f)}
	if f.Soort != "afdracht" && f.Regio != "" {
		data[email.ContactRegio] = f.Regio // the support contact of the invoice's region (D33)
	}
	return email.Args{Template: "factuur", To: f.Klant.Email, Data: data,
		Attachments: []email.Attachment{{Bucket: string(files.Exports), Key: key, Name: FileName(f.Factuurnummer),
			ContentType: files.PDF.ContentType}}}
}

// soort is what the e-mail calls the document: a factuur or a creditfactuur.
func soort(f Factuur) string {
	if f.CreditVan != nil {
		return "creditfactuur"
	}
	return "factuur"
}
