package klant

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// pgStore is the PostgreSQL store; row-level security lets an admin read and delete every job.
type pgStore struct{ db *tenants.DB }

// List pages through klant_overzicht: one row per e-mail address, recomputed from the jobs of
// that address in the transaction of every change (D11; triggers of migration 020). The total and
// the page come in one statement; a page further down (no search) is read by keyset (seek).
func (s *pgStore) List(ctx context.Context, p list.Params) (list.Page[Klant], error) {
	args := []any{tenants.Contains(p.Search)}
	scan := func(r tenants.Row) (Klant, error) {
		var k Klant
		err := r.Scan(&k.ID, &k.Email, &k.Naam, &k.Telefoon, &k.Woonplaats, &k.AantalKlussen, &k.LaatsteKlus)
		return k, err
	}
	if p.Search != "" || p.Offset() == 0 {
		return tenants.ListPage(ctx, s.db, p, klantSelect+klantWhere, args, scan)
	}
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (list.Page[Klant], error) {
		base, first := seek(p)
		return tenants.QueryPageCounted(ctx, tx, first, base, args, `SELECT count(*) FROM klant_overzicht c`+klantWhere, scan)
	})
}

const klantSelect = `
		SELECT c.email AS id, c.email, split_part(c.email, '@', 1) AS naam, c.telefoon, c.woonplaats,
		       c.aantal_klussen, c.laatste_klus
		FROM klant_overzicht c`

const klantWhere = `
		WHERE ($1 = '' OR (c.email || ' ' || c.telefoon || ' ' || c.woonplaats) ILIKE $1)`

// seek is the keyset form of a page past the first: the customers after the last row of the
// page before (the edge), taken from the index in the list's order, so that the page reads its
// own rows and not every row above it. It returns the query and the params of its first page
// (no OFFSET). Every sort column of klant_overzicht is NOT NULL and the tie-break (id, the
// e-mail address, ascending) unique, so the rows after the edge in the list's order are
//
//	S < edge.S OR (S = edge.S AND email > edge.email)   (S descending; > for ascending)
//
// written with S <= edge.S first, the index's range condition. The edge itself is still found by
// counting offset entries, but in the index only (an index-only scan of (S, email): no heap, no
// rows built), which at 25,000 customers is a few milliseconds less than OFFSET over whole rows;
// the page numbers of react-admin (D25) stay as they are, the rows of page n are exactly those
// OFFSET would give (one statement, one snapshot). A client that sent the edge itself (a cursor)
// would make a deep page as cheap as the first; the console does not (yet).
func seek(p list.Params) (string, list.Params) {
	col := pgx.Identifier{"c", p.Sort}.Sanitize()
	dir, cmp := "ASC", ">"
	if p.Order == list.Desc {
		dir, cmp = "DESC", "<"
	}
	first := p
	first.Page = 1
	return klantSelect + `
		CROSS JOIN (SELECT ` + col + ` AS s, c.email AS e FROM klant_overzicht c` + klantWhere + `
		              ORDER BY ` + col + ` ` + dir + ` NULLS LAST, c.email` + fmt.Sprintf(` LIMIT 1 OFFSET %d`, p.Offset()-1) + `) edge` +
		klantWhere + ` AND ` + col + ` ` + cmp + `= edge.s AND (` + col + ` ` + cmp + ` edge.s OR c.email > edge.e)`, first
}

func (s *pgStore) Get(ctx context.Context, email string) (Detail, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Detail, error) { return readDetail(ctx, tx, email) })
}

// readDetail reads a customer's card: its newest job's contact details, counts over all its jobs,
// the mean overall rating of its work orders, and its invoices by the address they were issued to.
func readDetail(ctx context.Context, tx pgx.Tx, email string) (Detail, error) {
	var d Detail
	err := tx.QueryRow(ctx, `
		WITH jobs AS (SELECT * FROM klussen WHERE email = $1 AND email <> ''),
		     newest AS (SELECT * FROM jobs ORDER BY created_at DESC, id LIMIT 1)
		SELECT n.email, split_part(n.email, '@', 1), n.telefoon, n.woonplaats, n.adres, n.postcode, n.klant_voornaam, n.klant_achternaam,
		       (SELECT count(*) FROM jobs), n.created_at, (SELECT min(created_at) FROM jobs),
		       (SELECT count(*) FROM jobs WHERE status = 'open'), (SELECT count(*) FROM jobs WHERE status = 'ingepland'),
		       (SELECT count(*) FROM jobs WHERE status = 'bezig'), (SELECT count(*) FROM jobs WHERE status = 'afgerond'),
		       (SELECT round(avg(w.rating_algemeen), 1)::float8 FROM werkbonnen w JOIN jobs j ON j.id = w.klus_id),
		       (SELECT count(*) FROM facturen WHERE klant_email = $1 AND soort = 'klant'),
		       (SELECT coalesce(sum(s.open_cents), 0) FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
		        WHERE f.klant_email = $1 AND f.soort = 'klant' AND s.staat IN `+factuur.OpenStates+`)
		FROM newest n`, email).Scan(&d.Email, &d.Naam, &d.Telefoon, &d.Woonplaats, &d.Adres, &d.Postcode, &d.KlantVoornaam,
		&d.KlantAchternaam, &d.AantalKlussen, &d.LaatsteKlus, &d.EersteKlus, &d.PerStatus.Open, &d.PerStatus.Ingepland,
		&d.PerStatus.Bezig, &d.PerStatus.Afgerond, &d.GemiddeldeTevredenheid, &d.AantalFacturen, &d.OpenstaandCents)
	d.ID = d.Email
	return d, tenants.NoRowsAs(ErrNotFound, err)
}

// exists refuses a customer without jobs: a card's tabs answer 404 like the card.
func exists(ctx context.Context, tx pgx.Tx, email string) error {
	var ok bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM klussen WHERE email = $1 AND email <> '')`, email).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return ErrNotFound
	}
	return nil
}

// tab runs one list of a customer's card after checking that the customer exists.
func tab[T any](ctx context.Context, db *tenants.DB, r TabRequest, base string, args []any, scan func(tenants.Row) (T, error)) (list.Page[T], error) {
	var page list.Page[T]
	err := db.Tx(ctx, func(tx pgx.Tx) (err error) {
		if err := exists(ctx, tx, r.Email); err != nil {
			return err
		}
		page, err = tenants.QueryPage(ctx, tx, r.Params, base, args, scan)
		return err
	})
	return page, err
}

func (s *pgStore) Klussen(ctx context.Context, r TabRequest) (list.Page[klus.ListItem], error) {
	return tab(ctx, s.db, r, `
		SELECT k.id, k.datum, k.tijd, c.label AS categorie, k.beschrijving, k.adres, k.postcode, k.woonplaats, k.regio,
		       k.email, k.telefoon, k.status, k.assignment_type, p.naam AS klusser, k.geschat_tarief_cents,
		       k.geschatte_duur::float8, k.klusser_notities <> '' AS notitie, k.archived, false AS geannuleerd, k.created_at
		FROM klussen k
		JOIN categories c ON c.key = k.categorie
		LEFT JOIN profiles p ON p.id = k.klusser_id
		WHERE k.email = $1 AND (cardinality($2::text[]) = 0 OR k.status = ANY ($2))`,
		[]any{r.Email, r.Filter("status")},
		func(row tenants.Row) (klus.ListItem, error) {
			var k klus.ListItem
			var d calendar.Date
			err := row.Scan(&k.ID, &d, &k.Tijd, &k.Categorie, &k.Beschrijving, &k.Adres, &k.Postcode, &k.Woonplaats, &k.Regio,
				&k.Email, &k.Telefoon, &k.Status, &k.AssignmentType, &k.Klusser, &k.GeschatTariefCents, &k.GeschatteDuur,
				&k.Notitie, &k.Archived, &k.Geannuleerd, &k.CreatedAt)
			k.Datum = d.String()
			return k, err
		})
}

func (s *pgStore) Facturen(ctx context.Context, r TabRequest) (list.Page[Factuur], error) {
	betaald := first(r.Filter("betaald"))
	return tab(ctx, s.db, r, `
		SELECT f.id, f.factuurnummer, f.datum, f.omschrijving, f.uren, f.uurtarief_cents, f.materiaal_cents, f.subtotaal_cents,
		       f.btw_bedrag_cents, f.totaal_bedrag_cents, f.betaal_methode, s.staat = 'betaald' AS betaald,
		       o.factuurnummer AS credit_van_nummer, c.factuurnummer AS gecrediteerd_door
		FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
		LEFT JOIN facturen o ON o.id = f.credit_van LEFT JOIN facturen c ON c.credit_van = f.id
		WHERE f.klant_email = $1 AND f.soort = 'klant'
		  AND ($2 = '' OR (s.staat = 'betaald') = ($2 = 'ja'))`,
		[]any{r.Email, betaald},
		func(row tenants.Row) (Factuur, error) {
			var f Factuur
			var d calendar.Date
			err := row.Scan(&f.ID, &f.Factuurnummer, &d, &f.Omschrijving, &f.Uren, &f.UurtariefCents, &f.MateriaalCents,
				&f.SubtotaalCents, &f.BtwBedragCents, &f.TotaalBedragCents, &f.BetaalMethode, &f.Betaald, &f.CreditVan, &f.GecrediteerdDoor)
			f.Datum = d.String()
			return f, err
		})
}

func (s *pgStore) Reviews(ctx context.Context, r TabRequest) (list.Page[Review], error) {
	return tab(ctx, s.db, r, `
		SELECT w.id, w.klus_id, k.datum, k.beschrijving, p.naam AS klusser, w.rating_algemeen, w.rating_netheid,
		       w.rating_vriendelijkheid, w.rating_vakmanschap, w.klant_tevreden, w.zou_aanbevelen, w.opmerkingen
		FROM werkbonnen w JOIN klussen k ON k.id = w.klus_id JOIN profiles p ON p.id = w.klusser_id
		WHERE k.email = $1 AND w.status = 'completed'`,
		[]any{r.Email},
		func(row tenants.Row) (Review, error) {
			var v Review
			var d calendar.Date
			var n, vr, vk *int
			err := row.Scan(&v.ID, &v.KlusID, &d, &v.Beschrijving, &v.Klusser, &v.RatingAlgemeen, &n, &vr, &vk,
				&v.KlantTevreden, &v.ZouAanbevelen, &v.Opmerkingen)
			v.Datum = d.String()
			if v.RatingAlgemeen != nil && n != nil && vr != nil && vk != nil {
				v.Ratings = &Ratings{Algemeen: *v.RatingAlgemeen, Netheid: *n, Vriendelijkheid: *vr, Vakmanschap: *vk}
			}
			return v, err
		})
}

// Create stores the customer's first job (or its placeholder): open, not in the pool. An address
// that already has jobs is a customer already.
func (s *pgStore) Create(ctx context.Context, g klus.Gegevens) (Detail, error) {
	var d Detail
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		err := exists(ctx, tx, g.Email)
		if err == nil {
			return ErrExists
		}
		if !errors.Is(err, ErrNotFound) {
			return err
		}
		id, err := klus.InsertKlus(ctx, tx, g)
		if err != nil {
			return err
		}
		var regio string
		if err := tx.QueryRow(ctx, `SELECT regio FROM klussen WHERE id = $1`, id).Scan(&regio); err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: klus.AuditCreate, Entity: "klus", EntityID: id.String(), Region: &regio,
			After: map[string]any{"status": "open", "regio": regio, "geschat_tarief_cents": g.TariefCents, "geschatte_duur": g.Duur}}); err != nil {
			return err
		}
		d, err = readDetail(ctx, tx, g.Email)
		return err
	})
	return d, err
}

// AuditDelete is the audit action of a customer's deletion (D22).
const AuditDelete = "klant_delete"

// Delete removes every job of the address in one statement, in one transaction (D11): work
// orders, materials, photos and notifications go with them (foreign keys), invoices stay without
// their link (D8). The audit log keeps who deleted how many jobs of which address, and each job.
func (s *pgStore) Delete(ctx context.Context, email string) (int, error) {
	n := 0
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `DELETE FROM klussen WHERE email = $1 AND email <> '' RETURNING id, regio, status`, email)
		if err != nil {
			return err
		}
		type gone struct{ id, regio, status string }
		var deleted []gone
		for rows.Next() {
			var g gone
			if err := rows.Scan(&g.id, &g.regio, &g.status); err != nil {
				return err
			}
			deleted = append(deleted, g)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if len(deleted) == 0 {
			return ErrNotFound
		}
		n = len(deleted)
		for _, g := range deleted {
			if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: klus.AuditDelete, Entity: "klus", EntityID: g.id,
				Region: &g.regio, Before: map[string]any{"status": g.status, "regio": g.regio}}); err != nil {
				return err
			}
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditDelete, Entity: "klant", EntityID: email,
			Before: map[string]any{"aantal_klussen": n}})
	})
	return n, err
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}
