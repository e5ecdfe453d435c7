package uitbetaling

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/sepa/pain"
	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Batch is one SEPA batch: the approved statements of one business in one pain.001 file.
type Batch struct {
	ID           uuid.UUID `json:"id"`
	Uitgever     string    `json:"uitgever" doc:"het bedrijf dat betaalt: centraal of de slug van de regio"`
	UitgeverNaam string    `json:"uitgever_naam"`
	BerichtID    string    `json:"bericht_id" doc:"het kenmerk van het bestand bij de bank (MsgId)"`
	Uitvoerdatum string    `json:"uitvoerdatum" doc:"JJJJ-MM-DD, de gevraagde uitvoerdatum (een werkdag van TARGET2)"`
	Aantal       int       `json:"aantal" doc:"aantal overboekingen"`
	TotaalCents  int64     `json:"totaal_cents"`
	Status       string    `json:"status" doc:"aangemaakt of uitgevoerd"`
	StatusTekst  string    `json:"status_tekst" doc:"Aangemaakt, of Uitgevoerd op dd-mm-jjjj"`
	CreatedAt    string    `json:"created_at"`
	UitgevoerdAt *string   `json:"uitgevoerd_at"`
	Download     string    `json:"download" doc:"het betaalbestand (pain.001.001.03)"`
}

// BatchSpec is the list of batches: newest first.
var BatchSpec = list.Spec{
	Sorts: []string{"created_at", "uitvoerdatum", "totaal_cents"}, DefaultSort: "created_at", DefaultOrder: list.Desc,
	Tiebreak: []string{"id"},
	Filters: []list.Filter{
		{Name: "uitgever", Description: "het bedrijf dat betaalt: centraal of de slug van de regio"},
		{Name: "status", Description: "de staat van de batch", Values: []string{"aangemaakt", "uitgevoerd"}},
	},
}

// BatchRequest is POST /api/v1/betaalbatches.
type BatchRequest struct {
	Uitgever string `json:"uitgever" doc:"het bedrijf dat betaalt: centraal of de slug van de regio met een eigen bedrijf"`
}

// LogAttrs names the business.
func (r BatchRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("uitgever", r.Uitgever)} }

// BatchCreated is the answer of POST /api/v1/betaalbatches: the batch, the statements in it, and
// those left out for want of an IBAN or of an amount to pay.
type BatchCreated struct {
	Data          Batch    `json:"data"`
	Uitbetalingen []string `json:"uitbetalingen" doc:"de nummers van de uitbetalingen in de batch"`
	ZonderIBAN    []string `json:"zonder_iban" doc:"goedgekeurde uitbetalingen zonder (bruikbaar) IBAN, niet meegenomen"`
	NietPositief  []string `json:"niet_positief" doc:"goedgekeurde uitbetalingen met een totaal van € 0,00 of minder, niet meegenomen"`
	Message       string   `json:"message"`
}

// LogAttrs keeps the batch and the counts.
func (b BatchCreated) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("batch_id", b.Data.ID), slog.Int("aantal", b.Data.Aantal), slog.Int64("totaal_cents", b.Data.TotaalCents),
		slog.Int("zonder_iban", len(b.ZonderIBAN))}
}

// LogAttrs keeps the batch.
func (b Batch) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("batch_id", b.ID), slog.Int("aantal", b.Aantal)}
}

// BatchConfirmed is the answer of 'Uitgevoerd door de bank'.
type BatchConfirmed = httpapi.Changed[Batch]

// XMLFile is a downloadable payment file.
type XMLFile struct {
	Name string
	Data []byte
}

// LogAttrs keeps the size.
func (f *XMLFile) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("bytes", len(f.Data))} }

var (
	// ErrBatchNotFound: no such batch for this actor.
	ErrBatchNotFound = domainerr.NotFound("betaalbatch_not_found", "Betaalbatch niet gevonden")
	// ErrUitgever: no business the actor may pay from by that name.
	ErrUitgever = domainerr.InvalidField("uitgever_unknown", "Kies het bedrijf dat de uitbetalingen doet.", "uitgever")
	// ErrAlreadyCarriedOut: a batch is carried out once.
	ErrAlreadyCarriedOut = domainerr.Conflict("already_carried_out", "Deze betaalbatch is al als uitgevoerd door de bank vastgelegd.")
	// ErrDebtor: the business's own name or IBAN is not one a bank takes.
	ErrDebtor = domainerr.Conflict("debtor_refused", "Van deze uitbetalingen kan geen betaalbestand worden gemaakt: de naam of het IBAN van "+
		"het bedrijf is niet bruikbaar. Controleer ze onder Instellingen > Facturering.")
)

// FileRefused is a payment file that the writer or the schema refused although the batch was
// made from checked data: a fault for an operator, never a file for the bank. Reason is safe to
// log (no account numbers, no names).
type FileRefused struct {
	BerichtID, Reason string
}

func (e *FileRefused) Error() string {
	return "uitbetaling: payment file " + e.BerichtID + " refused: " + e.Reason
}

// MsgFileRefused is what the office reads when a payment file was refused before it left.
const MsgFileRefused = "Het betaalbestand voldoet niet aan de eisen van de bank en is daarom niet gemaakt. " +
	"Er is niets verstuurd. De beheerder van het platform is gewaarschuwd; probeer het later opnieuw."

// batchSelect reads batches with their business's name (a franchise owner reads its own).
const batchSelect = `
	SELECT b.id, b.uitgever_id AS uitgever, coalesce(fu.naam, '') AS uitgever_naam, b.bericht_id, b.uitvoerdatum, b.aantal,
	       b.totaal_cents, b.status, b.created_at, b.uitgevoerd_at
	FROM betaalbatches b LEFT JOIN factuur_uitgevers fu ON fu.id = b.uitgever_id`

func scanBatch(r tenants.Row) (Batch, error) {
	var b Batch
	var uitvoer calendar.Date
	var created time.Time
	var done *time.Time
	err := r.Scan(&b.ID, &b.Uitgever, &b.UitgeverNaam, &b.BerichtID, &uitvoer, &b.Aantal, &b.TotaalCents, &b.Status, &created, &done)
	b.Uitvoerdatum, b.CreatedAt, b.UitgevoerdAt = uitvoer.String(), created.Format(time.RFC3339), httpapi.Instant(done)
	b.StatusTekst = "Aangemaakt"
	if done != nil {
		b.StatusTekst = "Uitgevoerd op " + calendar.DateOf(*done).Dutch()
	}
	b.Download = "/api/v1/betaalbatches/" + b.ID.String() + "/pain.xml"
	return b, err
}

func (s *store) Batches(ctx context.Context, p list.Params) (list.Page[Batch], error) {
	return tenants.ListPage(ctx, s.db, p, batchSelect+`
		WHERE (cardinality($1::text[]) = 0 OR b.uitgever_id = ANY ($1)) AND (cardinality($2::text[]) = 0 OR b.status = ANY ($2))`,
		[]any{p.Filter("uitgever"), p.Filter("status")}, scanBatch)
}

func readBatch(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Batch, error) {
	b, err := scanBatch(tx.QueryRow(ctx, batchSelect+` WHERE b.id = $1`, id))
	return b, tenants.NoRowsAs(ErrBatchNotFound, err)
}

// candidate is an approved statement waiting for a batch.
type candidate struct {
	id                   uuid.UUID
	nummer               string
	maand                calendar.Date
	totaal               int64
	iban, rekeninghouder *string
}

// candidates reads the statements that where (a WHERE clause with its ORDER BY, on arg) selects.
func candidates(ctx context.Context, tx pgx.Tx, where string, arg any) ([]candidate, error) {
	rows, err := tx.Query(ctx, `SELECT id, nummer, maand, totaal_cents, iban, rekeninghouder FROM uitbetalingen `+where, arg)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (candidate, error) {
		var c candidate
		return c, r.Scan(&c.id, &c.nummer, &c.maand, &c.totaal, &c.iban, &c.rekeninghouder)
	})
}

// hasAccount says whether c has an IBAN and a holder that a SEPA transfer takes (approval
// copied them from the klusser's account, which was checked on entry; an account stored past the
// checks is left out, not sent).
func (c candidate) hasAccount() bool {
	return c.iban != nil && c.rekeninghouder != nil && pain.SEPAText(*c.rekeninghouder, MaxRekeninghouder) != "" && SEPAReachable(*c.iban)
}

// CreateBatch takes every approved, not yet batched statement of the business with a usable IBAN
// and an amount above zero into a new batch, to be carried out on the next TARGET2 working day;
// the others stay, and the answer names them. Batches of one business are made one at a time, and
// the statements are locked, so a statement joins one batch at most (the trigger of migration 039
// says so too).
func (s *store) CreateBatch(ctx context.Context, req BatchRequest) (BatchCreated, error) {
	uitgever := strings.TrimSpace(req.Uitgever)
	if uitgever == "" {
		return BatchCreated{}, ErrUitgever
	}
	now := s.clock()
	today := calendar.DateOf(now)
	next := pain.NextWorkingDay(today.Start())
	uitvoer := calendar.NewDate(next.Year(), next.Month(), next.Day())
	id := uuid.New()
	bericht := "KM-" + today.Start().Format("20060102") + "-" + strings.ToUpper(strings.ReplaceAll(id.String(), "-", "")[:8])
	actor := tenants.ActorFrom(ctx)

	var out BatchCreated
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var regio *string
		var naam, iban string
		if err := tx.QueryRow(ctx, `SELECT regio, naam, iban FROM factuur_uitgevers WHERE id = $1`, uitgever).Scan(&regio, &naam, &iban); err != nil {
			return tenants.NoRowsAs(ErrUitgever, err)
		}
		// A franchise owner pays from its own business only (it reads the central one too).
		if actor.Role == tenants.Franchise && (regio == nil || !slices.Contains(actor.Regions, *regio)) {
			return ErrUitgever
		}
		if err := tenants.Lock(ctx, tx, "betaalbatch:"+uitgever); err != nil {
			return err
		}
		// A statement approved before its klusser gave a bank account takes the account as it is
		// now (once, while in no batch: migration 043).
		if _, err := tx.Exec(ctx, `
			UPDATE uitbetalingen u SET iban = b.iban, rekeninghouder = b.rekeninghouder
			FROM klusser_bankrekeningen b
			WHERE b.klusser_id = u.klusser_id AND u.uitgever_id = $1 AND u.status = 'goedgekeurd' AND u.batch_id IS NULL AND u.iban IS NULL`,
			uitgever); err != nil {
			return err
		}
		all, err := candidates(ctx, tx, `
			WHERE uitgever_id = $1 AND status = 'goedgekeurd' AND batch_id IS NULL
			ORDER BY nummer FOR UPDATE`, uitgever)
		if err != nil {
			return err
		}
		var in []candidate
		out.Uitbetalingen, out.ZonderIBAN, out.NietPositief = []string{}, []string{}, []string{}
		for _, c := range all {
			switch {
			case !c.hasAccount():
				out.ZonderIBAN = append(out.ZonderIBAN, c.nummer)
			case c.totaal <= 0:
				out.NietPositief = append(out.NietPositief, c.nummer)
			default:
				in = append(in, c)
				out.Uitbetalingen = append(out.Uitbetalingen, c.nummer)
			}
		}
		if len(in) == 0 {
			return nothingToPay(out.ZonderIBAN, out.NietPositief)
		}
		// The file must be writable before the batch exists: the business's own name and IBAN
		// are checked now, not at the download.
		if _, err := writeFile(bericht, now, uitvoer, naam, iban, in); err != nil {
			var refused *FileRefused
			if errors.As(err, &refused) && refused.Reason == "debtor" {
				return ErrDebtor.WithCause(err)
			}
			return err
		}
		var total int64
		ids := make([]uuid.UUID, len(in))
		for i, c := range in {
			total += c.totaal
			ids[i] = c.id
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO betaalbatches (id, uitgever_id, bericht_id, uitvoerdatum, aantal, totaal_cents) VALUES ($1, $2, $3, $4, $5, $6)`,
			id, uitgever, bericht, uitvoer, len(in), total); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE uitbetalingen SET batch_id = $1 WHERE id = ANY ($2) AND batch_id IS NULL`, id, ids)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != int64(len(in)) {
			return fmt.Errorf("uitbetaling: batch %s took %d of %d statements", bericht, tag.RowsAffected(), len(in))
		}
		if out.Data, err = readBatch(ctx, tx, id); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "betaalbatch_aanmaken", Entity: "betaalbatch", EntityID: id.String(),
			Region: regio, After: map[string]any{"bericht_id": bericht, "uitgever": uitgever, "aantal": len(in), "totaal_cents": total,
				"uitvoerdatum": uitvoer.String(), "uitbetalingen": out.Uitbetalingen, "zonder_iban": out.ZonderIBAN}})
	})
	if err != nil {
		return BatchCreated{}, err
	}
	out.Message = fmt.Sprintf("Betaalbatch %s aangemaakt: %s, samen %s, uit te voeren op %s.", out.Data.BerichtID,
		count(out.Data.Aantal, "uitbetaling", "uitbetalingen"), factuur.Euro(out.Data.TotaalCents), uitvoer.Dutch())
	out.Message += leftOut(out.ZonderIBAN, out.NietPositief)
	return out, nil
}

// nothingToPay is the 409 of a batch without a statement to pay, saying why the approved ones
// are not.
func nothingToPay(zonder, nietPositief []string) error {
	msg := "Er is niets te betalen: dit bedrijf heeft geen goedgekeurde uitbetalingen met een IBAN die nog niet in een betaalbatch staan."
	msg += leftOut(zonder, nietPositief)
	return domainerr.Conflict("nothing_to_pay", msg)
}

// leftOut names the statements left out of a batch, as sentences.
func leftOut(zonder, nietPositief []string) string {
	msg := ""
	if len(zonder) > 0 {
		msg += fmt.Sprintf(" %s zonder IBAN niet meegenomen: %s.", count(len(zonder), "uitbetaling", "uitbetalingen"), strings.Join(zonder, ", "))
	}
	if len(nietPositief) > 0 {
		msg += fmt.Sprintf(" %s met een totaal van € 0,00 of minder niet meegenomen: %s.", count(len(nietPositief), "uitbetaling", "uitbetalingen"),
			strings.Join(nietPositief, ", "))
	}
	return msg
}

func count(n int, one, more string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, more)
}

// writeFile writes the batch's pain.001.001.03 with pain.Write: the business as the debtor, one
// transfer per statement (its number as the end-to-end id, 'Uitbetaling <nummer> <maand>' as the
// remittance, the holder and IBAN approval copied). A refusal is a FileRefused whose reason
// names the field and the statement, never a number or a name.
func writeFile(bericht string, created time.Time, uitvoer calendar.Date, naam, iban string, in []candidate) ([]byte, error) {
	b := pain.Batch{MessageID: bericht, CreatedAt: created.In(calendar.Zone), ExecutionDate: uitvoer.String(),
		Debtor: pain.Debtor{Name: naam, IBAN: iban}, Transfers: make([]pain.Transfer, len(in))}
	for i, c := range in {
		var holder, account string
		if c.rekeninghouder != nil {
			holder = *c.rekeninghouder
		}
		if c.iban != nil {
			account = *c.iban
		}
		b.Transfers[i] = pain.Transfer{EndToEndID: c.nummer, AmountCents: c.totaal, CreditorName: holder, CreditorIBAN: account,
			Remittance: "Uitbetaling " + c.nummer + " " + c.maand.MonthInWords()}
	}
	var buf bytes.Buffer
	if _, err := pain.Write(&buf, b); err != nil {
		return nil, &FileRefused{BerichtID: bericht, Reason: painReason(err)}
	}
	return buf.Bytes(), nil
}

// painReasons are pain's refusals by name, for a log line without the values pain's own text
// quotes.
var painReasons = []struct {
	err  error
	name string
}{
	{pain.ErrNoTransfers, "no transfers"}, {pain.ErrAmount, "amount out of range"}, {pain.ErrDuplicateID, "duplicate end-to-end id"},
	{pain.ErrID, "invalid identifier"}, {pain.ErrIBAN, "invalid IBAN"}, {pain.ErrBIC, "invalid BIC"}, {pain.ErrName, "no usable name"},
	{pain.ErrDate, "invalid date"}, {pain.ErrTotal, "batch total too large"},
}

func painReason(err error) string {
	why := "refused"
	for _, r := range painReasons {
		if errors.Is(err, r.err) {
			why = r.name
		}
	}
	var te *pain.TransferError
	if errors.As(err, &te) {
		return fmt.Sprintf("transfer %d (%s): %s", te.Index, te.EndToEndID, why)
	}
	if errors.Is(err, pain.ErrIBAN) || errors.Is(err, pain.ErrName) || errors.Is(err, pain.ErrBIC) {
		return "debtor"
	}
	return why
}

// PainXML writes the batch's file as it was made (its creation time, its execution date, the
// statements in it), checks it with xmllint against the official schema, and records the download
// (D22). A file refused by either never leaves: the office gets MsgFileRefused, the log the reason.
func (s *store) PainXML(ctx context.Context, id uuid.UUID) (*XMLFile, error) {
	dir, err := xsd.Dir()
	if err != nil {
		return nil, err
	}
	var out *XMLFile
	err = s.db.Tx(ctx, func(tx pgx.Tx) error {
		var bericht, naam, iban string
		var uitvoer calendar.Date
		var created time.Time
		var aantal int
		var totaal int64
		var regio *string
		err := tx.QueryRow(ctx, `
			SELECT b.bericht_id, b.uitvoerdatum, b.created_at, b.aantal, b.totaal_cents, b.regio, fu.naam, fu.iban
			FROM betaalbatches b JOIN factuur_uitgevers fu ON fu.id = b.uitgever_id WHERE b.id = $1`, id).
			Scan(&bericht, &uitvoer, &created, &aantal, &totaal, &regio, &naam, &iban)
		if err != nil {
			return tenants.NoRowsAs(ErrBatchNotFound, err)
		}
		in, err := candidates(ctx, tx, `WHERE batch_id = $1 ORDER BY nummer`, id)
		if err != nil {
			return err
		}
		var sum int64
		for _, c := range in {
			sum += c.totaal
		}
		if len(in) != aantal || sum != totaal {
			return &FileRefused{BerichtID: bericht, Reason: fmt.Sprintf("the batch records %d transfers of %d cents, its statements are %d of %d",
				aantal, totaal, len(in), sum)}
		}
		data, err := writeFile(bericht, created, uitvoer, naam, iban, in)
		if err != nil {
			return err
		}
		if err := validateFile(ctx, data, dir, bericht); err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: "betaalbatch", EntityID: id.String(),
			Region: regio, After: map[string]any{"bericht_id": bericht, "aantal": aantal, "totaal_cents": totaal}}); err != nil {
			return err
		}
		out = &XMLFile{Name: "betaalbatch-" + bericht + ".xml", Data: data}
		return nil
	})
	return out, err
}

// ConfirmBatch records 'Uitgevoerd door de bank': the batch and exactly its statements are paid,
// once, audited.
func (s *store) ConfirmBatch(ctx context.Context, id uuid.UUID) (BatchConfirmed, error) {
	var out BatchConfirmed
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var status, bericht string
		var aantal int
		var regio *string
		if err := tx.QueryRow(ctx, `SELECT status, aantal, regio, bericht_id FROM betaalbatches WHERE id = $1 FOR UPDATE`, id).
			Scan(&status, &aantal, &regio, &bericht); err != nil {
			return tenants.NoRowsAs(ErrBatchNotFound, err)
		}
		if status != "aangemaakt" {
			return ErrAlreadyCarriedOut
		}
		if _, err := tx.Exec(ctx, `UPDATE betaalbatches SET status = 'uitgevoerd' WHERE id = $1`, id); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE uitbetalingen SET status = 'uitbetaald' WHERE batch_id = $1 AND status = 'goedgekeurd'`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != int64(aantal) {
			return fmt.Errorf("uitbetaling: batch %s holds %d statements to pay, found %d", bericht, aantal, tag.RowsAffected())
		}
		if out.Data, err = readBatch(ctx, tx, id); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "betaalbatch_uitgevoerd", Entity: "betaalbatch", EntityID: id.String(),
			Region: regio, Before: map[string]any{"status": "aangemaakt"}, After: map[string]any{"status": "uitgevoerd", "aantal": aantal}})
	})
	if err != nil {
		return out, err
	}
	out.Message = fmt.Sprintf("Betaalbatch %s uitgevoerd door de bank: %s uitbetaald.", out.Data.BerichtID, count(out.Data.Aantal, "uitbetaling", "uitbetalingen"))
	return out, nil
}
