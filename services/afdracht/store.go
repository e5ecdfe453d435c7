package afdracht

import (
	"context"
	"regexp"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Store is the PostgreSQL side: row-level security shows a franchise owner its own regions'
// percentages and fee statements, and lets only admins set a percentage (migration 040).
type Store struct {
	db *tenants.DB
}

// Percentages lists every active region with its percentage (the default where none is set).
func (s *Store) Percentages(ctx context.Context) (PercentagesAnswer, error) {
	a := PercentagesAnswer{Data: Percentages{Regios: []Percentage{}}}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT r.slug, r.naam, EXISTS (SELECT 1 FROM factuur_uitgevers u WHERE u.regio = r.slug),
			       coalesce(p.percentage, `+DefaultPercentage+`)::text
			FROM regions r LEFT JOIN afdracht_percentages p ON p.regio = r.slug
			WHERE r.actief AND (actor_role() = 'admin' OR r.slug = ANY (actor_regions()))
			ORDER BY r.naam`)
		if err != nil {
			return err
		}
		a.Data.Regios, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Percentage, error) {
			var p Percentage
			return p, r.Scan(&p.Regio, &p.Naam, &p.EigenBedrijf, &p.Percentage)
		})
		return err
	})
	return a, err
}

// percentage accepts 8, 7,5, 7.25 and 100; two decimals at most.
var percentage = regexp.MustCompile(`^(100([.,]0{1,2})?|[0-9]{1,2}([.,][0-9]{1,2})?)$`)

// SetPercentage sets a region's percentage (admins), audited; the next month's fee uses it.
func (s *Store) SetPercentage(ctx context.Context, req PercentageRequest) (PercentageAnswer, error) {
	v := strings.TrimSpace(req.Percentage)
	if !percentage.MatchString(v) {
		return PercentageAnswer{}, ErrPercentage
	}
	v = strings.Replace(v, ",", ".", 1)
	var out PercentageAnswer
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var before *string
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT true, (SELECT percentage::text FROM afdracht_percentages WHERE regio = $1) FROM regions WHERE slug = $1`,
			req.Regio).Scan(&exists, &before); err != nil {
			return tenants.NoRowsAs(ErrRegio, err)
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO afdracht_percentages (regio, percentage) VALUES ($1, $2::numeric)
			ON CONFLICT (regio) DO UPDATE SET percentage = EXCLUDED.percentage`, req.Regio, v); err != nil {
			return err
		}
		regio := req.Regio
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "afdrachtpercentage", Entity: "regio", EntityID: req.Regio, Region: &regio,
			Before: map[string]any{"percentage": before}, After: map[string]any{"percentage": v}}); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `
			SELECT r.slug, r.naam, EXISTS (SELECT 1 FROM factuur_uitgevers u WHERE u.regio = r.slug), p.percentage::text
			FROM regions r JOIN afdracht_percentages p ON p.regio = r.slug WHERE r.slug = $1`, req.Regio).
			Scan(&out.Data.Regio, &out.Data.Naam, &out.Data.EigenBedrijf, &out.Data.Percentage)
	})
	out.Message = MsgPercentage
	return out, err
}

// ListSpec is the fee statements' list: newest month first.
var ListSpec = list.Spec{
	Sorts: []string{"maand"}, DefaultSort: "maand", DefaultOrder: list.Desc, Tiebreak: []string{"uitgever", "id"},
	Filters: []list.Filter{{Name: "uitgever", Description: "afdrachten van dit bedrijf (de slug van de regio)"}},
}

const afdrachtSelect = `
	SELECT a.id, a.uitgever_id AS uitgever, u.naam, a.regio, a.maand, a.omzet_cents, a.percentage::text, a.bedrag_cents, a.facturen,
	       a.factuur_id, f.factuurnummer, s.staat, s.open_cents, f.totaal_bedrag_cents
	FROM afdrachten a JOIN factuur_uitgevers u ON u.id = a.uitgever_id
	LEFT JOIN facturen f ON f.id = a.factuur_id LEFT JOIN factuur_stand s ON s.factuur_id = f.id`

func scan(r tenants.Row) (Afdracht, error) {
	var a Afdracht
	var maand calendar.Date
	err := r.Scan(&a.ID, &a.Uitgever, &a.UitgeverNaam, &a.Regio, &maand, &a.OmzetCents, &a.Percentage, &a.BedragCents, &a.Facturen,
		&a.FactuurID, &a.Factuurnummer, &a.FactuurStaat, &a.OpenCents, &a.TotaalCents)
	a.Maand = maand.String()
	if a.Facturen == nil {
		a.Facturen = []string{}
	}
	if a.FactuurID != nil {
		pdf := "/api/v1/facturen/" + a.FactuurID.String() + "/pdf"
		a.PDF = &pdf
	}
	return a, err
}

// List is the fee statements the actor may see.
func (s *Store) List(ctx context.Context, p list.Params) (list.Page[Afdracht], error) {
	uitgevers := p.Filter("uitgever")
	if uitgevers == nil {
		uitgevers = []string{}
	}
	return tenants.ListPage(ctx, s.db, p, `SELECT * FROM (`+afdrachtSelect+`) x WHERE cardinality($1::text[]) = 0 OR x.uitgever = ANY ($1)`,
		[]any{uitgevers}, scan)
}

// Get is one fee statement.
func (s *Store) Get(ctx context.Context, id uuid.UUID) (AfdrachtAnswer, error) {
	return httpapi.OneOf(tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Afdracht, error) {
		d, err := scan(tx.QueryRow(ctx, afdrachtSelect+` WHERE a.id = $1`, id))
		return d, tenants.NoRowsAs(ErrNotFound, err)
	}))
}
