package betaling

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/sepa/camt"
	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// ImportRequest is POST /api/v1/bankafschriften: one CAMT.053 file of one issuing business.
type ImportRequest struct {
	Uitgever     string `json:"uitgever" doc:"de uitgever (centraal of de slug van de regio) wiens rekening het afschrift is"`
	Bestandsnaam string `json:"bestandsnaam"`
	Data         []byte `json:"-"`
}

// Import is the result of an import.
type Import struct {
	ID           uuid.UUID `json:"id"`
	Uitgever     string    `json:"uitgever"`
	IBAN         string    `json:"iban"`
	Versie       string    `json:"versie"`
	Posten       int       `json:"posten" doc:"alle posten in het bestand"`
	Nieuw        int       `json:"nieuw" doc:"posten die nog niet eerder waren ingelezen"`
	Dubbel       int       `json:"dubbel" doc:"posten die al eerder waren ingelezen (niets opnieuw geboekt)"`
	Geboekt      int       `json:"geboekt" doc:"meteen geboekt: precies één openstaande factuur met precies dit bedrag"`
	Voorstellen  int       `json:"voorstellen" doc:"wachten op het kantoor"`
	Overgeslagen int       `json:"overgeslagen" doc:"tellen niet mee (afschrijving, geen euro, terugboeking, niet geboekt)"`
	CreatedAt    string    `json:"created_at"`
}

// LogAttrs keeps the counts. (An Afschrift, which embeds it, keeps its id alone.)
func (i Import) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("afschrift_id", i.ID), slog.Int("posten", i.Posten), slog.Int("nieuw", i.Nieuw),
		slog.Int("geboekt", i.Geboekt)}
}

// Imported is the answer of an import.
type Imported = httpapi.Changed[Import]

var (
	// ErrUitgever: no such issuing business for this actor.
	ErrUitgever = domainerr.InvalidField("uitgever_unknown", "Kies het bedrijf van wie dit bankafschrift is.", "uitgever")
	// ErrOtherAccount: the statement is of another account than the business's.
	ErrOtherAccount = domainerr.InvalidField("other_account", "Dit afschrift is van een andere rekening dan die van het bedrijf. Er is niets geboekt.", "bestand")
	// ErrEmptyFile: nothing was sent.
	ErrEmptyFile = domainerr.InvalidField("empty_file", "Kies een bankafschrift (CAMT.053, XML).", "bestand")
)

// Importer reads statements; schemas is where the official schemas are (xsd.Dir).
type Importer struct {
	db *tenants.DB
}

// openInvoice is what matching needs of an open invoice.
type openInvoice struct {
	id     uuid.UUID
	nummer string
	open   int
	naam   string
}

// Import checks the file whole (camt.Read: size, hostile XML, namespace, schema, amounts) before
// anything is booked, then in one transaction records the statement and its new entries (an
// entry seen before, by its reference, is skipped), books every entry that names exactly one open
// invoice of the business with exactly its open amount, and keeps the other credit entries as
// proposals for the office. Imports of one business run one at a time.
func (im *Importer) Import(ctx context.Context, req ImportRequest) (Imported, error) {
	if len(req.Data) == 0 {
		return Imported{}, ErrEmptyFile
	}
	dir, err := xsd.Dir()
	if err != nil {
		return Imported{}, err
	}
	st, err := camt.Read(ctx, req.Data, dir)
	if err != nil {
		var r *camt.Refusal
		if errors.As(err, &r) {
			return Imported{}, domainerr.InvalidField("statement_"+r.Code, r.Message, "bestand").WithCause(err)
		}
		return Imported{}, err
	}
	sum := sha256.Sum256(req.Data)
	var out Import
	err = im.db.Tx(ctx, func(tx pgx.Tx) error {
		var iban, prefix string
		if err := tx.QueryRow(ctx, `SELECT iban, nummer_prefix FROM factuur_uitgevers WHERE id = $1`, req.Uitgever).Scan(&iban, &prefix); err != nil {
			return tenants.NoRowsAs(ErrUitgever, err)
		}
		if st.IBAN != iban {
			return ErrOtherAccount
		}
		if err := tenants.Lock(ctx, tx, "bankafschrift:"+req.Uitgever); err != nil {
			return err
		}
		open, err := openInvoices(ctx, tx, req.Uitgever)
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `
			INSERT INTO bankafschriften (uitgever_id, iban, versie, bestandsnaam, sha256, posten, ingelezen_rol)
			VALUES ($1, $2, $3, $4, $5, $6, '') RETURNING id, created_at::text`,
			req.Uitgever, st.IBAN, st.Version, truncate(req.Bestandsnaam, 255), hex.EncodeToString(sum[:]), len(st.Entries)).Scan(&out.ID, &out.CreatedAt); err != nil {
			return err
		}
		out.Uitgever, out.IBAN, out.Versie, out.Posten = req.Uitgever, st.IBAN, st.Version, len(st.Entries)
		if err := im.book(ctx, tx, req.Uitgever, out.ID, st, open, &out); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE bankafschriften SET geboekt = $2 WHERE id = $1`, out.ID, out.Geboekt); err != nil {
			return err
		}
		var regio *string
		_ = tx.QueryRow(ctx, `SELECT regio FROM bankafschriften WHERE id = $1`, out.ID).Scan(&regio)
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "bankafschrift_inlezen", Entity: "bankafschrift", EntityID: out.ID.String(),
			Region: regio, After: map[string]any{"uitgever": req.Uitgever, "posten": out.Posten, "nieuw": out.Nieuw, "geboekt": out.Geboekt,
				"voorstellen": out.Voorstellen, "overgeslagen": out.Overgeslagen, "dubbel": out.Dubbel}})
	})
	if err != nil {
		return Imported{}, err
	}
	msg := fmt.Sprintf("Bankafschrift ingelezen: %d geboekt, %d voorstellen, %d overgeslagen", out.Geboekt, out.Voorstellen, out.Overgeslagen)
	if out.Dubbel > 0 {
		msg += fmt.Sprintf(", %d al eerder ingelezen", out.Dubbel)
	}
	return Imported{Data: out, Message: msg}, nil
}

// openInvoices are the business's invoices with money open, keyed by their number's year and
// sequence (the prefix is the business's own, so it tells nothing apart).
func openInvoices(ctx context.Context, tx pgx.Tx, uitgever string) (map[string]openInvoice, error) {
	// factuur_stand's open amount, written as joins over the whole business at once (the view
	// computes it per invoice, which is what one invoice's page wants, not a statement of 10,000).
	rows, err := tx.Query(ctx, `
		SELECT f.id, f.factuurnummer, f.totaal_bedrag_cents - coalesce(p.betaald, 0), f.klant_naam
		FROM facturen f
		LEFT JOIN (SELECT b.factuur_id, sum(b.bedrag_cents) AS betaald FROM betalingen b GROUP BY 1) p ON p.factuur_id = f.id
		WHERE f.uitgever_id = $1 AND f.credit_van IS NULL AND f.totaal_bedrag_cents - coalesce(p.betaald, 0) > 0
		  AND NOT EXISTS (SELECT 1 FROM facturen c WHERE c.credit_van = f.id)`, uitgever)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]openInvoice{}
	for rows.Next() {
		var o openInvoice
		if err := rows.Scan(&o.id, &o.nummer, &o.open, &o.naam); err != nil {
			return nil, err
		}
		if k, ok := numberKey(o.nummer); ok {
			out[k] = o
		}
	}
	return out, rows.Err()
}

// invoiceNumber finds an invoice number in free text whatever its spacing, case or separators:
// "DH2026-0001", "dh 2026 0001", "2026/1". Four digits of a year, then the sequence.
var invoiceNumber = regexp.MustCompile(`(?:^|[^0-9])(20[0-9]{2})\s*[-./_]?\s*([0-9]{1,8})(?:[^0-9]|$)`)

// numberKey is a number's year and sequence ("2026-1"), the key matching uses.
func numberKey(nummer string) (string, bool) {
	m := invoiceNumber.FindStringSubmatch(nummer)
	if m == nil {
		return "", false
	}
	n, _ := strconv.Atoi(m[2])
	return m[1] + "-" + strconv.Itoa(n), true
}

// mentioned are the keys of the invoice numbers a remittance text names.
func mentioned(text string) []string {
	var keys []string
	seen := map[string]bool{}
	// Matches may share the separator between them: find them one after another.
	for rest := text; ; {
		loc := invoiceNumber.FindStringSubmatchIndex(rest)
		if loc == nil {
			return keys
		}
		n, _ := strconv.Atoi(rest[loc[4]:loc[5]])
		k := rest[loc[2]:loc[3]] + "-" + strconv.Itoa(n)
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
		rest = rest[loc[5]:]
	}
}

// book records the statement's new entries and books or proposes each, in two statements
// whatever the file's size (the entries, then the payments of those matched): a year's statement
// costs no round trip per entry.
func (im *Importer) book(ctx context.Context, tx pgx.Tx, uitgever string, afschrift uuid.UUID, st *camt.Statement,
	open map[string]openInvoice, out *Import) error {
	byAmount := map[int][]openInvoice{}
	for _, o := range open {
		if len(byAmount[o.open]) < 5 {
			byAmount[o.open] = append(byAmount[o.open], o)
		}
	}
	n := len(st.Entries)
	cols := struct {
		ref, datum, valuta, omschrijving, tegenpartij, iban, status, reden, voorstellen []string
		bedrag                                                                          []int64
		credit, terugboeking                                                            []bool
	}{}
	matches := make([]*openInvoice, n)
	for i, e := range st.Entries {
		status, reden := "voorstel", ""
		proposals := []string{}
		if e.Skip != "" {
			status, reden = "overgeslagen", e.Skip
		} else {
			var named []openInvoice
			for _, k := range mentioned(e.Remittance) {
				if o, ok := open[k]; ok {
					named = append(named, o)
				}
			}
			if len(named) == 1 && int64(named[0].open) == e.AmountCents {
				m := named[0]
				matches[i], status = &m, "geboekt"
				// Paid now: a second entry naming it in this file is a proposal, not a second
				// booking.
				k, _ := numberKey(m.nummer)
				delete(open, k)
				byAmount[m.open] = removeID(byAmount[m.open], m.id)
			}
			for _, o := range named {
				proposals = append(proposals, o.id.String())
			}
			for _, o := range byAmount[int(e.AmountCents)] {
				if !slices.Contains(proposals, o.id.String()) {
					proposals = append(proposals, o.id.String())
				}
			}
		}
		cols.ref = append(cols.ref, e.Ref)
		cols.datum = append(cols.datum, e.BookingDate)
		cols.bedrag = append(cols.bedrag, e.AmountCents)
		cols.valuta = append(cols.valuta, e.Currency)
		cols.credit = append(cols.credit, e.Credit)
		cols.terugboeking = append(cols.terugboeking, e.Reversal)
		cols.omschrijving = append(cols.omschrijving, truncate(e.Remittance, 2000))
		cols.tegenpartij = append(cols.tegenpartij, truncate(e.CounterpartyName, 200))
		cols.iban = append(cols.iban, truncate(e.CounterpartyIBAN, 34))
		cols.status = append(cols.status, status)
		cols.reden = append(cols.reden, reden)
		cols.voorstellen = append(cols.voorstellen, "{"+strings.Join(proposals, ",")+"}")
	}
	rows, err := tx.Query(ctx, `
		INSERT INTO bank_posten (afschrift_id, uitgever_id, ref, boekdatum, bedrag_cents, valuta, credit, terugboeking,
		                         omschrijving, tegenpartij, tegenpartij_iban, status, reden, voorstellen)
		SELECT $1, $2, e.ref, e.datum, e.bedrag, e.valuta, e.credit, e.terugboeking, e.omschrijving, e.tegenpartij,
		       e.iban, e.status, e.reden, e.voorstellen::uuid[]
		FROM unnest($3::text[], $4::date[], $5::bigint[], $6::text[], $7::boolean[], $8::boolean[], $9::text[], $10::text[],
		            $11::text[], $12::text[], $13::text[], $14::text[])
		     WITH ORDINALITY AS e (ref, datum, bedrag, valuta, credit, terugboeking, omschrijving, tegenpartij, iban, status,
		                           reden, voorstellen, i)
		ORDER BY e.i
		ON CONFLICT (uitgever_id, ref) DO NOTHING RETURNING ref, id`,
		afschrift, uitgever, cols.ref, cols.datum, cols.bedrag, cols.valuta, cols.credit, cols.terugboeking, cols.omschrijving,
		cols.tegenpartij, cols.iban, cols.status, cols.reden, cols.voorstellen)
	if err != nil {
		return fmt.Errorf("betaling: record entries: %w", err)
	}
	added := map[string]uuid.UUID{}
	for rows.Next() {
		var ref string
		var id uuid.UUID
		if err := rows.Scan(&ref, &id); err != nil {
			return err
		}
		added[ref] = id
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("betaling: record entries: %w", err)
	}
	var pay struct {
		factuur, post  []uuid.UUID
		datum, notitie []string
		bedrag         []int
	}
	for i, e := range st.Entries {
		id, isNew := added[e.Ref]
		if !isNew {
			out.Dubbel++
			continue
		}
		// An entry counts once even when the file names its reference twice.
		delete(added, e.Ref)
		out.Nieuw++
		switch cols.status[i] {
		case "overgeslagen":
			out.Overgeslagen++
		case "voorstel":
			out.Voorstellen++
		case "geboekt":
			out.Geboekt++
			pay.factuur = append(pay.factuur, matches[i].id)
			pay.post = append(pay.post, id)
			pay.datum = append(pay.datum, e.BookingDate)
			pay.bedrag = append(pay.bedrag, matches[i].open)
			pay.notitie = append(pay.notitie, truncate(e.CounterpartyName, 200))
		}
	}
	if len(pay.factuur) == 0 {
		return nil
	}
	_, err = tx.Exec(ctx, `
		INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, notitie, bank_post_id, regio, geboekt_rol)
		SELECT p.factuur, p.datum, p.bedrag, 'bank', 'bankafschrift', p.notitie, p.post, '', ''
		FROM unnest($1::uuid[], $2::date[], $3::int[], $4::text[], $5::uuid[]) AS p (factuur, datum, bedrag, notitie, post)`,
		pay.factuur, pay.datum, pay.bedrag, pay.notitie, pay.post)
	return bookingError(err)
}

func removeID(list []openInvoice, id uuid.UUID) []openInvoice {
	out := list[:0]
	for _, o := range list {
		if o.id != id {
			out = append(out, o)
		}
	}
	return out
}

func truncate(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}
