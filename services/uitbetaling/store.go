package uitbetaling

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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

// store is the PostgreSQL side of the service. Row-level security (migration 039) decides what
// the actor sees and may change: a statement, batch or klusser another region's franchise owner
// cannot see is "not found".
type store struct {
	db    *tenants.DB
	clock calendar.Clock
	site  factuur.Site
}

// NewService returns the service on db, dated by clock (Amsterdam), with site's brand on the PDFs.
func NewService(db *tenants.DB, clock calendar.Clock, site factuur.Site) Service {
	return &store{db: db, clock: clock.OrSystem(), site: site}
}

// klusserRegio reads a klusser the actor may see (its first region, for the audit log); another
// region's klusser, or a profile that is no klusser, is not found.
func klusserRegio(ctx context.Context, tx pgx.Tx, id uuid.UUID) (*string, error) {
	var regio *string
	err := tx.QueryRow(ctx, `
		SELECT p.regio[1] FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser' WHERE p.id = $1`, id).Scan(&regio)
	return regio, tenants.NoRowsAs(ErrKlusserNotFound, err)
}

// readBankrekening reads the account of klusser, whole when full.
func readBankrekening(ctx context.Context, tx pgx.Tx, klusser uuid.UUID, full bool) (Bankrekening, error) {
	b := Bankrekening{KlusserID: klusser}
	var iban, holder string
	var at time.Time
	err := tx.QueryRow(ctx, `SELECT iban, rekeninghouder, updated_at FROM klusser_bankrekeningen WHERE klusser_id = $1`, klusser).
		Scan(&iban, &holder, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return b, nil
	}
	if err != nil {
		return b, err
	}
	b.Ingevuld, b.IBANGemaskeerd, b.Rekeninghouder, b.UpdatedAt = true, Masked(iban), holder, httpapi.Instant(&at)
	if full {
		b.IBAN = &iban
	}
	return b, nil
}

// Bankrekening: admins read the number whole, franchise owners masked (their regions' klussers).
func (s *store) Bankrekening(ctx context.Context, klusserID uuid.UUID) (BankrekeningAnswer, error) {
	return s.bankrekening(ctx, klusserID, tenants.ActorFrom(ctx).Role == tenants.Admin)
}

func (s *store) EigenBankrekening(ctx context.Context) (BankrekeningAnswer, error) {
	return s.bankrekening(ctx, tenants.ActorFrom(ctx).UserID, true)
}

// bankrekening reads the account of a klusser the actor may see, the number whole when full.
func (s *store) bankrekening(ctx context.Context, klusserID uuid.UUID, full bool) (BankrekeningAnswer, error) {
	b, err := tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Bankrekening, error) {
		if _, err := klusserRegio(ctx, tx, klusserID); err != nil {
			return Bankrekening{}, err
		}
		return readBankrekening(ctx, tx, klusserID, full)
	})
	return BankrekeningAnswer{Data: b}, err
}

func (s *store) SaveBankrekening(ctx context.Context, req BankrekeningRequest) (BankrekeningSaved, error) {
	return s.save(ctx, req)
}

func (s *store) SaveEigenBankrekening(ctx context.Context, req BankrekeningRequest) (BankrekeningSaved, error) {
	req.KlusserID = tenants.ActorFrom(ctx).UserID
	return s.save(ctx, req)
}

// save checks and stores the account (an upsert: one per klusser), and audits a change with the
// number masked before and after.
func (s *store) save(ctx context.Context, req BankrekeningRequest) (BankrekeningSaved, error) {
	if err := checkBankrekening(&req); err != nil {
		return BankrekeningSaved{}, err
	}
	var out BankrekeningSaved
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		regio, err := klusserRegio(ctx, tx, req.KlusserID)
		if err != nil {
			return err
		}
		before, err := readBankrekening(ctx, tx, req.KlusserID, true)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO klusser_bankrekeningen (klusser_id, iban, rekeninghouder) VALUES ($1, $2, $3)
			ON CONFLICT (klusser_id) DO UPDATE SET iban = excluded.iban, rekeninghouder = excluded.rekeninghouder`,
			req.KlusserID, req.IBAN, req.Rekeninghouder); err != nil {
			return err
		}
		if out.Data, err = readBankrekening(ctx, tx, req.KlusserID, true); err != nil {
			return err
		}
		if before.Ingevuld && *before.IBAN == req.IBAN && before.Rekeninghouder == req.Rekeninghouder {
			return nil
		}
		var was map[string]any
		if before.Ingevuld {
			was = map[string]any{"iban": before.IBANGemaskeerd, "rekeninghouder": before.Rekeninghouder}
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "bankrekening_wijzigen", Entity: "klusser_bankrekening",
			EntityID: req.KlusserID.String(), Region: regio, Before: was,
			After: map[string]any{"iban": out.Data.IBANGemaskeerd, "rekeninghouder": out.Data.Rekeninghouder}})
	})
	out.Message = MsgBankrekeningOpgeslagen
	return out, err
}

// listSelect is the office's list: a concept lacks an IBAN when its klusser has no account (as
// the actor sees the accounts), an approved or paid statement when none was copied.
const listSelect = `
	SELECT u.id, u.nummer, u.klusser_id, u.klusser_naam, u.uitgever_id AS uitgever, coalesce(fu.naam, '') AS uitgever_naam,
	       to_char(u.maand, 'YYYY-MM') AS maand, u.status, u.totaal_cents,
	       CASE WHEN u.status = 'concept' THEN NOT EXISTS (SELECT 1 FROM klusser_bankrekeningen b WHERE b.klusser_id = u.klusser_id)
	            ELSE u.iban IS NULL END AS iban_ontbreekt,
	       u.batch_id, u.uitbetaald_at
	FROM uitbetalingen u LEFT JOIN factuur_uitgevers fu ON fu.id = u.uitgever_id`

func scanUitbetaling(r tenants.Row) (Uitbetaling, error) {
	var u Uitbetaling
	var paid *time.Time
	err := r.Scan(&u.ID, &u.Nummer, &u.KlusserID, &u.KlusserNaam, &u.Uitgever, &u.UitgeverNaam, &u.Maand, &u.Status, &u.TotaalCents,
		&u.IBANOntbreekt, &u.BatchID, &paid)
	u.StatusTekst = StatusTekst(u.Status, paid)
	u.PDF = "/api/v1/uitbetalingen/" + u.ID.String() + "/pdf"
	return u, err
}

// filterValues refuses a month or klusser filter that names none, as the list contract does.
func filterValues(p list.Params) (maanden []calendar.Date, klussers []uuid.UUID, err error) {
	fields := map[string]string{}
	for _, m := range p.Filter("maand") {
		d, ok := ParseMaand(m)
		if !ok {
			fields["maand"] = "Kies een maand als JJJJ-MM, bijvoorbeeld 2026-01."
			continue
		}
		maanden = append(maanden, d)
	}
	for _, k := range p.Filter("klusser") {
		id, perr := uuid.Parse(k)
		if perr != nil {
			fields["klusser"] = "Kies een klusser uit de lijst."
			continue
		}
		klussers = append(klussers, id)
	}
	if len(fields) > 0 {
		return nil, nil, domainerr.Invalid("invalid_list_parameter", "Controleer de filters.", fields)
	}
	return maanden, klussers, nil
}

func (s *store) List(ctx context.Context, p list.Params) (list.Page[Uitbetaling], error) {
	maanden, klussers, err := filterValues(p)
	if err != nil {
		return list.Page[Uitbetaling]{}, err
	}
	if maanden == nil {
		maanden = []calendar.Date{}
	}
	if klussers == nil {
		klussers = []uuid.UUID{}
	}
	return tenants.ListPage(ctx, s.db, p, listSelect+`
		WHERE (cardinality($1::text[]) = 0 OR u.status = ANY ($1))
		  AND (cardinality($2::text[]) = 0 OR u.uitgever_id = ANY ($2))
		  AND (cardinality($3::date[]) = 0 OR u.maand = ANY ($3))
		  AND (cardinality($4::uuid[]) = 0 OR u.klusser_id = ANY ($4))`,
		[]any{p.Filter("status"), p.Filter("uitgever"), maanden, klussers}, scanUitbetaling)
}

// readDetail reads one statement with its lines as the actor of tx sees it; mine limits it to the
// klusser's own.
func readDetail(ctx context.Context, tx pgx.Tx, id uuid.UUID, mine *uuid.UUID) (Detail, error) {
	var d Detail
	var iban, holder *string
	var approved, paid *time.Time
	row := tx.QueryRow(ctx, `
		SELECT x.*, u.iban, u.rekeninghouder, u.goedgekeurd_at FROM (`+listSelect+` WHERE u.id = $1 AND ($2::uuid IS NULL OR u.klusser_id = $2)) x
		JOIN uitbetalingen u ON u.id = x.id`, id, mine)
	err := row.Scan(&d.ID, &d.Nummer, &d.KlusserID, &d.KlusserNaam, &d.Uitgever, &d.UitgeverNaam, &d.Maand, &d.Status, &d.TotaalCents,
		&d.IBANOntbreekt, &d.BatchID, &paid, &iban, &holder, &approved)
	if err != nil {
		return d, tenants.NoRowsAs(ErrNotFound, err)
	}
	d.StatusTekst = StatusTekst(d.Status, paid)
	d.PDF = "/api/v1/uitbetalingen/" + d.ID.String() + "/pdf"
	d.IBANGemaskeerd, d.Rekeninghouder, d.GoedgekeurdAt, d.UitbetaaldAt = maskedPtr(iban), holder, httpapi.Instant(approved), httpapi.Instant(paid)
	rows, err := tx.Query(ctx, `
		SELECT id, soort, werkbon_id, datum, klus, woonplaats, uren, tarief_cents, bedrag_cents, omschrijving
		FROM uitbetaling_regels WHERE uitbetaling_id = $1 ORDER BY datum, soort DESC, klus, id`, id)
	if err != nil {
		return d, err
	}
	d.Regels, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Regel, error) {
		var g Regel
		var datum calendar.Date
		err := r.Scan(&g.ID, &g.Soort, &g.WerkbonID, &datum, &g.Klus, &g.Woonplaats, &g.Uren, &g.TariefCents, &g.BedragCents, &g.Omschrijving)
		g.Datum = datum.String()
		return g, err
	})
	return d, err
}

func (s *store) Get(ctx context.Context, id uuid.UUID) (DetailAnswer, error) {
	d, err := tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Detail, error) { return readDetail(ctx, tx, id, nil) })
	return DetailAnswer{Data: d}, err
}

// Approve approves a concept: the trigger of migration 039 stamps who and when, and allows only
// the klusser's name and bank account to change with it. Without an account the statement is
// approved all the same and flagged ('IBAN ontbreekt'); it stays out of the batches.
func (s *store) Approve(ctx context.Context, id uuid.UUID) (Approved, error) {
	var out Approved
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var status, nummer string
		var regio *string
		if err := tx.QueryRow(ctx, `SELECT status, nummer, regio FROM uitbetalingen WHERE id = $1 FOR UPDATE`, id).
			Scan(&status, &nummer, &regio); err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		if status != "concept" {
			return ErrAlreadyApproved
		}
		if _, err := tx.Exec(ctx, `
			UPDATE uitbetalingen u SET status = 'goedgekeurd',
			       iban = (SELECT b.iban FROM klusser_bankrekeningen b WHERE b.klusser_id = u.klusser_id),
			       rekeninghouder = (SELECT b.rekeninghouder FROM klusser_bankrekeningen b WHERE b.klusser_id = u.klusser_id),
			       klusser_naam = coalesce((SELECT p.naam FROM profiles p WHERE p.id = u.klusser_id), u.klusser_naam)
			WHERE u.id = $1`, id); err != nil {
			return err
		}
		var err error
		if out.Data, err = readDetail(ctx, tx, id, nil); err != nil {
			return err
		}
		iban := "IBAN ontbreekt"
		if out.Data.IBANGemaskeerd != nil {
			iban = *out.Data.IBANGemaskeerd
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "uitbetaling_goedkeuren", Entity: "uitbetaling", EntityID: id.String(),
			Region: regio, Before: map[string]any{"status": "concept"},
			After: map[string]any{"status": "goedgekeurd", "nummer": nummer, "totaal_cents": out.Data.TotaalCents, "iban": iban}})
	})
	out.Message = MsgGoedgekeurd
	if out.Data.IBANOntbreekt {
		out.Message = MsgGoedgekeurdZonderIBAN
	}
	return out, err
}

// eigenSelect is the klusser's own list. The business's name comes from its row when the actor
// may read it, else from the snapshot on the invoices of the statement's work orders (a klusser
// reads its own invoices, not the businesses).
const eigenSelect = `
	SELECT u.id, u.nummer, to_char(u.maand, 'YYYY-MM') AS maand,
	       coalesce((SELECT fu.naam FROM factuur_uitgevers fu WHERE fu.id = u.uitgever_id),
	                (SELECT f.uitgever ->> 'naam' FROM uitbetaling_regels r JOIN werkbonnen w ON w.id = r.werkbon_id
	                 JOIN facturen f ON f.klus_id = w.klus_id AND f.uitgever_id = u.uitgever_id AND f.credit_van IS NULL
	                 WHERE r.uitbetaling_id = u.id ORDER BY f.datum DESC LIMIT 1), '') AS uitgever_naam,
	       u.status, u.totaal_cents, u.uitbetaald_at
	FROM uitbetalingen u`

func (s *store) EigenList(ctx context.Context, p list.Params) (list.Page[EigenUitbetaling], error) {
	me := tenants.ActorFrom(ctx).UserID
	return tenants.ListPage(ctx, s.db, p, eigenSelect+` WHERE u.klusser_id = $1`, []any{me}, func(r tenants.Row) (EigenUitbetaling, error) {
		var e EigenUitbetaling
		var paid *time.Time
		err := r.Scan(&e.ID, &e.Nummer, &e.Maand, &e.UitgeverNaam, &e.Status, &e.TotaalCents, &paid)
		e.StatusTekst = StatusTekst(e.Status, paid)
		e.PDF = "/api/v1/klusser/uitbetalingen/" + e.ID.String() + "/pdf"
		return e, err
	})
}

func (s *store) PDF(ctx context.Context, id uuid.UUID) (*factuur.PDFFile, error) {
	return s.pdf(ctx, id, nil)
}

func (s *store) EigenPDF(ctx context.Context, id uuid.UUID) (*factuur.PDFFile, error) {
	me := tenants.ActorFrom(ctx).UserID
	return s.pdf(ctx, id, &me)
}

// pdf draws a statement as its reader may see it and records the download (D22).
func (s *store) pdf(ctx context.Context, id uuid.UUID, mine *uuid.UUID) (*factuur.PDFFile, error) {
	var out *factuur.PDFFile
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		d, err := readDetail(ctx, tx, id, mine)
		if err != nil {
			return err
		}
		var raw []byte
		var adres, postcode, woonplaats, regio *string
		if err := tx.QueryRow(ctx, `
			SELECT coalesce((SELECT to_jsonb(fu) FROM factuur_uitgevers fu WHERE fu.id = u.uitgever_id),
			                (SELECT f.uitgever FROM uitbetaling_regels r JOIN werkbonnen w ON w.id = r.werkbon_id
			                 JOIN facturen f ON f.klus_id = w.klus_id AND f.uitgever_id = u.uitgever_id AND f.credit_van IS NULL
			                 WHERE r.uitbetaling_id = u.id ORDER BY f.datum DESC LIMIT 1), '{}'::jsonb),
			       p.adres, p.postcode, p.woonplaats, u.regio
			FROM uitbetalingen u LEFT JOIN profiles p ON p.id = u.klusser_id WHERE u.id = $1`, id).
			Scan(&raw, &adres, &postcode, &woonplaats, &regio); err != nil {
			return err
		}
		var sender factuur.Uitgever
		if err := json.Unmarshal(raw, &sender); err != nil {
			return fmt.Errorf("uitbetaling: business of %s: %w", d.Nummer, err)
		}
		data, err := Render(d, sender, address(adres, postcode, woonplaats), s.site)
		if err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: "uitbetaling_pdf", EntityID: id.String(),
			Region: regio, After: map[string]any{"nummer": d.Nummer}}); err != nil {
			return err
		}
		out = &factuur.PDFFile{Name: "uitbetaling-" + d.Nummer + ".pdf", Data: data}
		return nil
	})
	return out, err
}

// address is the klusser's address lines, those the reader may see.
func address(adres, postcode, woonplaats *string) []string {
	var out []string
	if adres != nil && *adres != "" {
		out = append(out, *adres)
	}
	line := ""
	if postcode != nil {
		line = *postcode
	}
	if woonplaats != nil && *woonplaats != "" {
		if line != "" {
			line += " "
		}
		line += *woonplaats
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
