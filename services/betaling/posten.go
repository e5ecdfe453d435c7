package betaling

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Voorstel is a likely invoice for an entry.
type Voorstel struct {
	FactuurID     uuid.UUID `json:"factuur_id"`
	Factuurnummer string    `json:"factuurnummer"`
	KlantNaam     string    `json:"klant_naam"`
	OpenCents     int       `json:"open_cents"`
}

// Post is one entry of a statement, as the office handles it.
type Post struct {
	ID           uuid.UUID  `json:"id"`
	Boekdatum    string     `json:"boekdatum"`
	BedragCents  int        `json:"bedrag_cents"`
	Valuta       string     `json:"valuta"`
	Credit       bool       `json:"credit"`
	Tegenpartij  string     `json:"tegenpartij"`
	Omschrijving string     `json:"omschrijving"`
	Status       string     `json:"status" doc:"geboekt, voorstel, genegeerd of overgeslagen"`
	Reden        string     `json:"reden" doc:"waarom een post overgeslagen is"`
	Voorstellen  []Voorstel `json:"voorstellen"`
	GeboektOp    []Voorstel `json:"geboekt_op" doc:"de facturen waarop de post geboekt is, met het bedrag (open_cents)"`
}

// Afschrift is an import with its entries.
type Afschrift struct {
	Import
	Entries []Post `json:"entries"`
}

// LogAttrs keeps the id.
func (a Afschrift) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("afschrift_id", a.ID)} }

// AfschriftAnswer is GET /api/v1/bankafschriften/{id}.
type AfschriftAnswer = httpapi.One[Afschrift]

// AfschriftenSpec is the list of imports (D25): newest first, per business.
var AfschriftenSpec = list.Spec{
	Sorts: []string{"created_at"}, DefaultSort: "created_at", DefaultOrder: list.Desc, Tiebreak: []string{"id"},
	Filters: []list.Filter{{Name: "uitgever", Description: "afschriften van dit bedrijf (centraal of de slug van de regio)"}},
}

// Deel is one invoice's share of a confirmed entry.
type Deel struct {
	FactuurID   uuid.UUID `json:"factuur_id"`
	BedragCents int       `json:"bedrag_cents"`
}

// ConfirmRequest is POST /api/v1/bankposten/{id}/bevestigen: the entry booked on one invoice or
// split over several; the shares add up to the entry's amount.
type ConfirmRequest struct {
	ID        uuid.UUID `json:"-"`
	Verdeling []Deel    `json:"verdeling" maxItems:"20"`
}

// LogAttrs keeps the id and status.
func (p Post) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("post_id", p.ID), slog.String("status", p.Status)}
}

// PostAnswer is the answer of a confirmation or an ignore.
type PostAnswer = httpapi.Changed[Post]

var (
	// ErrPostNotFound: no such entry for this actor.
	ErrPostNotFound = domainerr.NotFound("bankpost_not_found", "Bankpost niet gevonden")
	// ErrPostHandled: only an open proposal is booked or ignored.
	ErrPostHandled = domainerr.Conflict("bankpost_handled", "Deze post is al afgehandeld.")
	// ErrSplitSum: the shares must add up to the entry.
	ErrSplitSum = domainerr.InvalidField("split_sum", "Verdeel precies het bedrag van de bijschrijving over de facturen.", "verdeling")
	// ErrSplitEmpty: at least one invoice.
	ErrSplitEmpty = domainerr.InvalidField("split_empty", "Kies de factuur of facturen waarop dit bedrag geboekt wordt.", "verdeling")
	// ErrSplitInvoice: an invoice of another business, or twice.
	ErrSplitInvoice = domainerr.InvalidField("split_invoice", "Kies facturen van dit bedrijf, elke factuur één keer.", "verdeling")
)

// Message texts.
const (
	MsgBevestigd = "Bijschrijving geboekt"
	MsgGenegeerd = "Bijschrijving genegeerd"
)

// Afschriften lists the imports the actor may see (admins every business, a franchise owner its
// own), newest first.
func (im *Importer) Afschriften(ctx context.Context, p list.Params) (list.Page[Import], error) {
	uitgevers := p.Filter("uitgever")
	if uitgevers == nil {
		uitgevers = []string{}
	}
	return tenants.ListPage(ctx, im.db, p, importSelect+` WHERE cardinality($1::text[]) = 0 OR a.uitgever_id = ANY ($1)`,
		[]any{uitgevers}, scanImport)
}

const importSelect = `
	SELECT a.id, a.uitgever_id, a.iban, a.versie, a.posten, a.geboekt, a.created_at,
	       (SELECT count(*) FROM bank_posten p WHERE p.afschrift_id = a.id) AS nieuw_posten,
	       (SELECT count(*) FROM bank_posten p WHERE p.afschrift_id = a.id AND p.status = 'voorstel') AS open_voorstellen,
	       (SELECT count(*) FROM bank_posten p WHERE p.afschrift_id = a.id AND p.status = 'overgeslagen') AS overgeslagen_posten
	FROM bankafschriften a`

func scanImport(r tenants.Row) (Import, error) {
	var i Import
	var at time.Time
	err := r.Scan(&i.ID, &i.Uitgever, &i.IBAN, &i.Versie, &i.Posten, &i.Geboekt, &at, &i.Nieuw, &i.Voorstellen, &i.Overgeslagen)
	i.CreatedAt = at.Format(time.RFC3339)
	i.Dubbel = i.Posten - i.Nieuw
	return i, err
}

// Afschrift is one import with its new entries and their proposals.
func (im *Importer) Afschrift(ctx context.Context, id uuid.UUID) (AfschriftAnswer, error) {
	var a AfschriftAnswer
	err := im.db.Tx(ctx, func(tx pgx.Tx) error {
		i, err := scanImport(tx.QueryRow(ctx, importSelect+` WHERE a.id = $1`, id))
		if err != nil {
			return tenants.NoRowsAs(ErrAfschriftNotFound, err)
		}
		a.Data.Import = i
		rows, err := tx.Query(ctx, `SELECT id FROM bank_posten WHERE afschrift_id = $1 ORDER BY boekdatum, created_at, id`, id)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		if err != nil {
			return err
		}
		a.Data.Entries = make([]Post, 0, len(ids))
		for _, pid := range ids {
			p, err := readPost(ctx, tx, pid)
			if err != nil {
				return err
			}
			a.Data.Entries = append(a.Data.Entries, p)
		}
		return nil
	})
	return a, err
}

// ErrAfschriftNotFound: no such import for this actor.
var ErrAfschriftNotFound = domainerr.NotFound("bankafschrift_not_found", "Bankafschrift niet gevonden")

func readPost(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Post, error) {
	var p Post
	var d calendar.Date
	var proposals []uuid.UUID
	err := tx.QueryRow(ctx, `
		SELECT id, boekdatum, bedrag_cents, valuta, credit, tegenpartij, omschrijving, status, reden, voorstellen
		FROM bank_posten WHERE id = $1`, id).Scan(&p.ID, &d, &p.BedragCents, &p.Valuta, &p.Credit, &p.Tegenpartij, &p.Omschrijving,
		&p.Status, &p.Reden, &proposals)
	if err != nil {
		return p, tenants.NoRowsAs(ErrPostNotFound, err)
	}
	p.Boekdatum = d.String()
	p.Voorstellen, p.GeboektOp = []Voorstel{}, []Voorstel{}
	rows, err := tx.Query(ctx, `
		SELECT f.id, f.factuurnummer, f.klant_naam, s.open_cents
		FROM unnest($1::uuid[]) WITH ORDINALITY AS v (id, i) JOIN facturen f ON f.id = v.id JOIN factuur_stand s ON s.factuur_id = f.id
		ORDER BY v.i`, proposals)
	if err != nil {
		return p, err
	}
	if p.Voorstellen, err = pgx.CollectRows(rows, scanVoorstel); err != nil {
		return p, err
	}
	rows, err = tx.Query(ctx, `
		SELECT f.id, f.factuurnummer, f.klant_naam, b.bedrag_cents
		FROM betalingen b JOIN facturen f ON f.id = b.factuur_id WHERE b.bank_post_id = $1 ORDER BY b.created_at, b.id`, id)
	if err != nil {
		return p, err
	}
	p.GeboektOp, err = pgx.CollectRows(rows, scanVoorstel)
	return p, err
}

func scanVoorstel(r pgx.CollectableRow) (Voorstel, error) {
	var v Voorstel
	return v, r.Scan(&v.FactuurID, &v.Factuurnummer, &v.KlantNaam, &v.OpenCents)
}

// Confirm books an open proposal on the invoices the office chose, each share a payment from
// this entry; the shares add up to the entry and each fits its invoice's open amount.
func (im *Importer) Confirm(ctx context.Context, req ConfirmRequest) (PostAnswer, error) {
	if len(req.Verdeling) == 0 {
		return PostAnswer{}, ErrSplitEmpty
	}
	var out PostAnswer
	err := im.db.Tx(ctx, func(tx pgx.Tx) error {
		var status, uitgever string
		var amount int
		var datum calendar.Date
		var regio *string
		err := tx.QueryRow(ctx, `SELECT status, uitgever_id, bedrag_cents, boekdatum, regio FROM bank_posten WHERE id = $1 FOR UPDATE`, req.ID).
			Scan(&status, &uitgever, &amount, &datum, &regio)
		if err != nil {
			return tenants.NoRowsAs(ErrPostNotFound, err)
		}
		if status != "voorstel" {
			return ErrPostHandled
		}
		sum, seen := 0, map[uuid.UUID]bool{}
		for _, d := range req.Verdeling {
			if d.BedragCents <= 0 || seen[d.FactuurID] {
				return ErrSplitInvoice
			}
			seen[d.FactuurID] = true
			sum += d.BedragCents
		}
		if sum != amount {
			return ErrSplitSum
		}
		for _, d := range req.Verdeling {
			var of string
			var open int
			err := tx.QueryRow(ctx, `SELECT f.uitgever_id, s.open_cents FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id WHERE f.id = $1`,
				d.FactuurID).Scan(&of, &open)
			if err != nil || of != uitgever {
				return ErrSplitInvoice
			}
			if d.BedragCents > open {
				return aboveOpenSplit(open)
			}
			id := req.ID
			if _, err := Insert(ctx, tx, factuur.Payment{FactuurID: d.FactuurID, Datum: datum.String(), BedragCents: d.BedragCents,
				Methode: "bank", Bron: "bankafschrift", BankPostID: &id}); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE bank_posten SET status = 'geboekt' WHERE id = $1`, req.ID); err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "bankpost_bevestigen", Entity: "bankpost", EntityID: req.ID.String(),
			Region: regio, After: map[string]any{"verdeling": req.Verdeling}}); err != nil {
			return err
		}
		out.Data, err = readPost(ctx, tx, req.ID)
		out.Message = MsgBevestigd
		return err
	})
	return out, err
}

func aboveOpenSplit(open int) error {
	msg := "Een deel is hoger dan wat op die factuur nog openstaat (" + factuur.Euro(open) + ")."
	return domainerr.InvalidField("above_open", msg, "verdeling")
}

// Ignore sets an open proposal aside (not a payment of an invoice: a refund, a gift, a transfer
// of the business's own).
func (im *Importer) Ignore(ctx context.Context, id uuid.UUID) (PostAnswer, error) {
	var out PostAnswer
	err := im.db.Tx(ctx, func(tx pgx.Tx) error {
		var status string
		var regio *string
		if err := tx.QueryRow(ctx, `SELECT status, regio FROM bank_posten WHERE id = $1 FOR UPDATE`, id).Scan(&status, &regio); err != nil {
			return tenants.NoRowsAs(ErrPostNotFound, err)
		}
		if status != "voorstel" {
			return ErrPostHandled
		}
		if _, err := tx.Exec(ctx, `UPDATE bank_posten SET status = 'genegeerd' WHERE id = $1`, id); err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "bankpost_negeren", Entity: "bankpost", EntityID: id.String(), Region: regio}); err != nil {
			return err
		}
		var err error
		out.Data, err = readPost(ctx, tx, id)
		out.Message = MsgGenegeerd
		return err
	})
	return out, err
}
