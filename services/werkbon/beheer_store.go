package werkbon

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// beheerStore is the PostgreSQL store, and the overview's BeheerService as it is (module.go): it
// answers the cards and a work order as one record each. Row-level security shows an admin every
// work order.
type beheerStore struct{ db *tenants.DB }

// rowSelect reads work orders in the shape of Werkbon, with the output names the list sorts on.
const rowSelect = `
	SELECT w.id, w.klus_id, w.klusser_id, p.naam AS klusser, w.status, w.created_at, w.start_tijd, w.eind_tijd, w.uren,
	       w.handtekening IS NOT NULL AS ondertekend, k.datum, k.beschrijving, k.woonplaats,
	       klant_naam(k) AS klant,
	       w.tevredenheid_score, w.rating_algemeen,
	       (SELECT coalesce(sum(i.total_cents), 0) FROM work_order_items i WHERE i.work_order_id = w.id)::int AS materiaal_cents,
	       f.id AS factuur_id
	FROM werkbonnen w
	JOIN klussen k ON k.id = w.klus_id
	JOIN profiles p ON p.id = w.klusser_id
	LEFT JOIN facturen f ON f.klus_id = w.klus_id`

// where applies the filters; $1 klusser ids, $2 statuses, $3 job ids, $4 search, $5 signed (ja,
// nee or empty).
const where = `
	WHERE (cardinality($1::uuid[]) = 0 OR w.klusser_id = ANY ($1))
	  AND (cardinality($2::text[]) = 0 OR w.status = ANY ($2))
	  AND (cardinality($3::uuid[]) = 0 OR w.klus_id = ANY ($3))
	  AND ($4 = '' OR (k.beschrijving || ' ' || k.woonplaats || ' ' || k.naam || ' ' || k.email || ' ' || p.naam) ILIKE $4)
	  AND ($5 = '' OR (w.handtekening IS NOT NULL) = ($5 = 'ja'))`

func args(p list.Params, signed string) []any {
	return []any{uuids(p.Filter("klusser_id")), p.Filter("status"), uuids(p.Filter("klus_id")), tenants.Contains(p.Search), signed}
}

// uuids keeps the values that are ids; another value matches nothing, as an unknown id would.
func uuids(vs []string) []uuid.UUID {
	out := []uuid.UUID{}
	for _, v := range vs {
		if id, err := uuid.Parse(v); err == nil {
			out = append(out, id)
		} else {
			out = append(out, uuid.Nil)
		}
	}
	return out
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

func scanRow(r tenants.Row, w *ListItem, extra ...any) error {
	var d calendar.Date
	err := r.Scan(append([]any{&w.ID, &w.KlusID, &w.KlusserID, &w.Klusser, &w.Status, &w.CreatedAt, &w.StartTijd, &w.EindTijd,
		&w.Uren, &w.Ondertekend, &d, &w.Beschrijving, &w.Woonplaats, &w.Klant, &w.TevredenheidScore, &w.RatingAlgemeen,
		&w.MateriaalCents, &w.FactuurID}, extra...)...)
	w.Datum = d.String()
	return err
}

func (s *beheerStore) List(ctx context.Context, p list.Params) (list.Page[ListItem], error) {
	return tenants.ListPage(ctx, s.db, p, rowSelect+where, args(p, first(p.Filter("ondertekend"))),
		func(r tenants.Row) (ListItem, error) {
			var w ListItem
			return w, scanRow(r, &w)
		})
}

func (s *beheerStore) Counts(ctx context.Context, p list.Params) (CountsAnswer, error) {
	return httpapi.OneOf(tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (c Counts, err error) {
		err = tx.QueryRow(ctx, `
			SELECT count(*), count(*) FILTER (WHERE w.handtekening IS NOT NULL)
			FROM werkbonnen w JOIN klussen k ON k.id = w.klus_id JOIN profiles p ON p.id = w.klusser_id`+where,
			args(p, "")...).Scan(&c.Totaal, &c.Ondertekend)
		c.NietOndertekend = c.Totaal - c.Ondertekend
		return c, err
	}))
}

func (s *beheerStore) Get(ctx context.Context, id uuid.UUID) (One, error) {
	d := Detail{Materialen: []BeheerMateriaal{}, Fotos: []BeheerFoto{}}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var r Ratings
		var ra, rn, rv, rk *int
		var kd calendar.Date
		var fID *uuid.UUID
		var fNummer, fMethode *string
		var fDatum *calendar.Date
		var fTotaal *int
		err := scanRow(tx.QueryRow(ctx, `
			SELECT list.*, w.opmerkingen, w.notes_internal, w.klant_tevreden, w.netjes_opgeruimd, w.zou_aanbevelen,
			       w.rating_netheid, w.rating_vriendelijkheid, w.rating_vakmanschap, w.handtekening,
			       k.datum, k.tijd, k.adres, k.postcode, k.regio, k.status, k.betaald, f.factuurnummer, f.datum,
			       f.totaal_bedrag_cents, f.betaal_methode
			FROM (`+rowSelect+` WHERE w.id = $1) list
			JOIN werkbonnen w ON w.id = list.id JOIN klussen k ON k.id = w.klus_id LEFT JOIN facturen f ON f.id = list.factuur_id`, id),
			&d.ListItem, &d.Opmerkingen, &d.NotesInternal, &d.KlantTevreden, &d.NetjesOpgeruimd, &d.ZouAanbevelen,
			&rn, &rv, &rk, &d.Handtekening, &kd, &d.Klus.Tijd, &d.Klus.Adres, &d.Klus.Postcode, &d.Klus.Regio, &d.Klus.Status,
			&d.Klus.Betaald, &fNummer, &fDatum, &fTotaal, &fMethode)
		if err != nil {
			return tenants.NoRowsAs(ErrWerkbonNotFound, err)
		}
		ra = d.RatingAlgemeen
		if ra != nil && rn != nil && rv != nil && rk != nil {
			r = Ratings{Algemeen: *ra, Netheid: *rn, Vriendelijkheid: *rv, Vakmanschap: *rk}
			d.Ratings = &r
		}
		d.Klus.ID, d.Klus.Beschrijving, d.Klus.Datum, d.Klus.Woonplaats = d.KlusID, d.Beschrijving, kd.String(), d.Woonplaats
		if fID = d.FactuurID; fID != nil {
			d.Factuur = &Factuur{ID: *fID, Factuurnummer: *fNummer, Datum: fDatum.String(), TotaalBedragCents: *fTotaal,
				BetaalMethode: fMethode, Betaald: klus.Paid(fMethode)}
		}
		rows, err := tx.Query(ctx, `SELECT id, description, total_cents FROM work_order_items WHERE work_order_id = $1 ORDER BY created_at, id`, id)
		if err != nil {
			return err
		}
		d.Materialen, err = pgx.CollectRows(rows, pgx.RowToStructByPos[BeheerMateriaal])
		if err != nil {
			return err
		}
		for _, m := range d.Materialen {
			d.MateriaalTotaalCents += m.BedragCents
		}
		rows, err = tx.Query(ctx, `SELECT id, type, content_type, created_at FROM work_order_photos WHERE work_order_id = $1 ORDER BY created_at, id`, id)
		if err != nil {
			return err
		}
		d.Fotos, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (BeheerFoto, error) {
			var f BeheerFoto
			err := row.Scan(&f.ID, &f.Type, &f.ContentType, &f.CreatedAt)
			f.URL = PhotoURL(f.ID)
			return f, err
		})
		return err
	})
	return httpapi.OneOf(d, err)
}
