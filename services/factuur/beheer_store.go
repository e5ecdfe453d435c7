package factuur

import (
	"context"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// beheerStore is the PostgreSQL store; row-level security shows an admin every invoice.
type beheerStore struct {
	db      *tenants.DB
	enqueue jobs.Enqueue
	clock   calendar.Clock
}

// paid is the SQL of "betaald": the payments booked cover the invoice (docs/decisions.md D30,
// view factuur_stand); a credited invoice and a credit invoice are settled, not paid.
const paid = `(s.staat = 'betaald')`

// OpenStates are the states (factuur_stand.staat) in which money is still expected, as an SQL
// list: the office's filters here, and the open amounts and the debtors list (betaling).
const OpenStates = `('open', 'deels_betaald', 'in_bespreking', 'uit_handen')`

// Ages are the buckets of what is open by days past the due date (D30), in this order: the
// list's filter ouderdom and the open amounts per region (betaling).
var Ages = []string{"niet_vervallen", "1-30", "31-60", "60+"}

// AgeSQL is the bucket (Ages) of invoice f on day, the SQL parameter of the business date ($7).
func AgeSQL(day string) string {
	return `CASE WHEN f.vervaldatum >= ` + day + `::date THEN 'niet_vervallen'
	WHEN ` + day + `::date - f.vervaldatum <= 30 THEN '1-30' WHEN ` + day + `::date - f.vervaldatum <= 60 THEN '31-60' ELSE '60+' END`
}

const rowSelect = `
	SELECT f.id, f.factuurnummer, f.datum, f.klant_naam, f.klant_email, f.omschrijving, f.regio, f.uren,
	       f.uurtarief_cents, f.materiaal_cents, f.subtotaal_cents, f.btw_bedrag_cents, f.totaal_bedrag_cents,
	       f.betaal_methode, ` + paid + ` AS betaald, o.factuurnummer AS credit_van_nummer, c.factuurnummer AS gecrediteerd_door,
	       q.nummer AS offerte, s.staat, s.open_cents, s.betaald_cents, f.vervaldatum
	FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
	LEFT JOIN facturen o ON o.id = f.credit_van LEFT JOIN facturen c ON c.credit_van = f.id
	LEFT JOIN offertes q ON q.id = f.offerte_id`

// where: $1 methods ("open": none registered yet), $2 paid (ja: paid; nee: money still expected),
// $3 regions, $4 search, $5 states, $6 ages (by days past due on $7, the business date).
var where = `
	WHERE (cardinality($1::text[]) = 0 OR f.betaal_methode = ANY ($1) OR ('open' = ANY ($1) AND f.betaal_methode IS NULL))
	  AND ($2 = '' OR ($2 = 'ja' AND ` + paid + `) OR ($2 = 'nee' AND s.staat IN ` + OpenStates + `))
	  AND (cardinality($5::text[]) = 0 OR s.staat = ANY ($5))
	  -- A fee invoice (D32) is the central business's claim on the franchise: the admins' to
	  -- follow; its owner finds it under Afdrachten, not among its customers' invoices.
	  AND (f.soort = 'klant' OR actor_role() = 'admin')
	  AND (cardinality($6::text[]) = 0 OR (s.staat IN ` + OpenStates + ` AND ` + AgeSQL("$7") + ` = ANY ($6)))
	  AND (cardinality($3::text[]) = 0 OR f.regio = ANY ($3))
	  AND ($4 = '' OR (f.factuurnummer || ' ' || f.klant_naam || ' ' || f.klant_email || ' ' || f.omschrijving) ILIKE $4)`

func (s *beheerStore) args(p list.Params) []any { return args(p, s.clock.Today()) }

func args(p list.Params, today calendar.Date) []any {
	betaald := ""
	if v := p.Filter("betaald"); len(v) > 0 {
		betaald = v[0]
	}
	methods, regions := p.Filter("betaal_methode"), p.Filter("regio")
	if methods == nil {
		methods = []string{}
	}
	if regions == nil {
		regions = []string{}
	}
	states, ages := p.Filter("staat"), p.Filter("ouderdom")
	if states == nil {
		states = []string{}
	}
	if ages == nil {
		ages = []string{}
	}
	return []any{methods, betaald, regions, tenants.Contains(p.Search), states, ages, today}
}

func scan(r tenants.Row) (ListItem, error) {
	var f ListItem
	var d, verval calendar.Date
	err := r.Scan(&f.ID, &f.Factuurnummer, &d, &f.KlantNaam, &f.KlantEmail, &f.Omschrijving, &f.Regio, &f.Uren,
		&f.UurtariefCents, &f.MateriaalCents, &f.SubtotaalCents, &f.BtwBedragCents, &f.TotaalBedragCents, &f.BetaalMethode, &f.Betaald,
		&f.CreditVan, &f.GecrediteerdDoor, &f.Offerte, &f.Staat, &f.OpenCents, &f.BetaaldCents, &verval)
	f.Datum, f.Vervaldatum = d.String(), verval.String()
	return f, err
}

func (s *beheerStore) List(ctx context.Context, p list.Params) (list.Page[ListItem], error) {
	return tenants.ListPage(ctx, s.db, p, rowSelect+where, s.args(p), scan)
}

func (s *beheerStore) Counts(ctx context.Context, p list.Params) (Totals, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (t Totals, err error) {
		err = tx.QueryRow(ctx, `
			SELECT count(*), coalesce(sum(f.totaal_bedrag_cents), 0), coalesce(sum(f.btw_bedrag_cents), 0),
			       count(*) FILTER (WHERE s.staat IN `+OpenStates+`), coalesce(sum(s.open_cents) FILTER (WHERE s.staat IN `+OpenStates+`), 0)
			FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id`+where, s.args(p)...).Scan(&t.Aantal, &t.OmzetCents, &t.BtwCents, &t.Openstaand, &t.OpenCents)
		return t, err
	})
}

// Send queues the invoice e-mail with its PDF (made first when missing) and audits it, in one
// transaction: the job exists exactly when the answer says it was sent.
func (s *beheerStore) Send(ctx context.Context, id uuid.UUID) (ListItem, error) {
	var f ListItem
	err := s.db.Tx(ctx, func(tx pgx.Tx) (err error) {
		if f, err = scan(tx.QueryRow(ctx, rowSelect+` WHERE f.id = $1`, id)); err != nil {
			return tenants.NoRowsAs(ErrNotFoundToSend, err)
		}
		if f.KlantEmail == "" {
			return ErrNoEmail
		}
		if err := s.enqueue(ctx, tx, PDFArgs{FactuurID: id, Mail: true, Opnieuw: true}); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "verzenden", Entity: "factuur", EntityID: id.String(), Region: &f.Regio})
	})
	return f, err
}

// Credit issues the credit invoice of an invoice (D28): its lines and amounts negated, a reference
// to it and the reason, numbered in the same issuer's sequence as any invoice of today, with its
// PDF and e-mail queued and the correction audited, in one transaction. The original stays as it
// is; the database refuses a second credit of it.
func (s *beheerStore) Credit(ctx context.Context, id uuid.UUID, reden string) (ListItem, error) {
	var f ListItem
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var uitgever, prefix, email string
		var creditOf *uuid.UUID
		var credited bool
		err := tx.QueryRow(ctx, `
			SELECT f.uitgever_id, f.uitgever->>'nummer_prefix', f.klant_email, f.credit_van,
			       EXISTS (SELECT 1 FROM facturen c WHERE c.credit_van = f.id)
			FROM facturen f WHERE f.id = $1 FOR UPDATE`, id).Scan(&uitgever, &prefix, &email, &creditOf, &credited)
		switch {
		case err != nil:
			return tenants.NoRowsAs(ErrNotFoundToSend, err)
		case creditOf != nil:
			return ErrCreditVanCredit
		case credited:
			return ErrAlGecrediteerd
		}
		creditID, err := IssueCredit(ctx, tx, id, uitgever, prefix, s.clock.Today(), reden)
		if err != nil {
			return err
		}
		if f, err = scan(tx.QueryRow(ctx, rowSelect+` WHERE f.id = $1`, creditID)); err != nil {
			return err
		}
		if err := s.enqueue(ctx, tx, PDFArgs{FactuurID: creditID, Mail: email != ""}); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "crediteren", Entity: "factuur", EntityID: id.String(), Region: &f.Regio,
			After: map[string]any{"creditfactuur": f.Factuurnummer, "reden": reden}})
	})
	return f, err
}

// IssueCredit issues the credit invoice of invoice id of issuer uitgever (whose numbers start with
// prefix), dated today: numbered in the issuer's sequence of today's year (NextNumber), its lines
// and amounts the original's negated (the facturen_issue rule), with the reason. The caller has
// locked the original and checked that it may be credited; the office's Credit and the demo data
// both issue through it.
func IssueCredit(ctx context.Context, tx pgx.Tx, id uuid.UUID, uitgever, prefix string, today calendar.Date, reden string) (uuid.UUID, error) {
	nummer, err := NextNumber(ctx, tx, uitgever, prefix, today.Year)
	if err != nil {
		return uuid.Nil, err
	}
	var credit uuid.UUID
	err = tx.QueryRow(ctx, `
		INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, klant_email, klant_adres, klant_postcode,
		                      klant_woonplaats, omschrijving, uren, uurtarief_cents, materiaal_cents, subtotaal_cents,
		                      btw_bedrag_cents, totaal_bedrag_cents, credit_van, credit_reden)
		SELECT o.regio, $2, $3, o.klant_naam, o.klant_email, o.klant_adres, o.klant_postcode, o.klant_woonplaats,
		       'Credit van factuur ' || o.factuurnummer || ': ' || o.omschrijving, o.uren, o.uurtarief_cents,
		       -o.materiaal_cents, -o.subtotaal_cents, -o.btw_bedrag_cents, -o.totaal_bedrag_cents, o.id, $4
		FROM facturen o WHERE o.id = $1
		RETURNING id`, id, nummer, today, reden).Scan(&credit)
	return credit, err
}

// Get reads one invoice whole, as the admin sees it.
func (s *beheerStore) Get(ctx context.Context, id uuid.UUID) (Factuur, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Factuur, error) {
		f, _, err := Read(ctx, tx, id)
		return f, err
	})
}
