// Package klussen is the back office's list of jobs (document 001 section 2, Jobs management and
// Franchise jobs; D25): one page, sorted and filtered in SQL with its total. Admins see every
// region; a franchise owner the same list, which row-level security narrows to its regions.
package klussen

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Klus is a row of the jobs list.
type Klus struct {
	ID                 uuid.UUID `json:"id"`
	Datum              string    `json:"datum" doc:"JJJJ-MM-DD"`
	Tijd               string    `json:"tijd"`
	Categorie          string    `json:"categorie" doc:"label van de categorie"`
	Beschrijving       string    `json:"beschrijving"`
	Adres              string    `json:"adres"`
	Postcode           string    `json:"postcode"`
	Woonplaats         string    `json:"woonplaats"`
	Regio              string    `json:"regio"`
	Email              string    `json:"email"`
	Telefoon           string    `json:"telefoon"`
	Status             string    `json:"status"`
	AssignmentType     *string   `json:"assignment_type" doc:"pool of direct; leeg: nog niet toegewezen"`
	Klusser            *string   `json:"klusser" doc:"naam van de toegewezen klusser"`
	GeschatTariefCents int       `json:"geschat_tarief_cents"`
	GeschatteDuur      float64   `json:"geschatte_duur"`
	Notitie            bool      `json:"notitie" doc:"de klus heeft een notitie voor de klusser"`
	Archived           bool      `json:"archived"`
	Geannuleerd        bool      `json:"geannuleerd" doc:"door de klant geannuleerd via de statuslink (D24)"`
	CreatedAt          time.Time `json:"created_at"`
}

// LogAttrs keeps the row's id only.
func (k Klus) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("klus_id", k.ID)} }

// Spec is the list's contract (D25): newest date first; filters for the status cards, the region,
// the town (the dashboard's top towns) and archived jobs; search over description, address and
// e-mail (the trigram index of migration 003).
var Spec = list.Spec{
	Sorts:       []string{"datum", "created_at", "status", "woonplaats", "regio"},
	DefaultSort: "datum", DefaultOrder: list.Desc,
	Tiebreak: []string{"created_at", "id"},
	Filters: []list.Filter{
		{Name: "status", Description: "alleen klussen met deze status", Values: []string{"open", "ingepland", "bezig", "afgerond"}},
		{Name: "regio", Description: "alleen klussen van deze regio"},
		{Name: "woonplaats", Description: "alleen klussen in deze woonplaats"},
		{Name: "archived", Description: "nee (standaard): zonder gearchiveerde; ja: alleen gearchiveerde; alle", Values: []string{"nee", "ja", "alle"}},
	},
	Search: "omschrijving, adres of e-mailadres (een deel)",
}

// New is the module: GET /api/v1/klussen.
func New(k httpapi.Kit, db *tenants.DB) []httpapi.Route {
	return k.Routes(httpapi.Route{
		Method: http.MethodGet, Path: "/api/v1/klussen",
		Summary: "Klussen: één pagina, gesorteerd en gefilterd op de server (beheer: alle regio's; franchise: de eigen regio's)",
		Tag:     "klussen", Resource: "klussen", Action: "read", List: &Spec, Response: list.Page[Klus]{},
		Op: "List", Endpoint: httpapi.Typed(func(ctx context.Context, p list.Params) (list.Page[Klus], error) { return List(ctx, db, p) }),
	})
}

// List reads one page as the actor of ctx.
func List(ctx context.Context, db *tenants.DB, p list.Params) (list.Page[Klus], error) {
	archived := "nee"
	if a := p.Filter("archived"); len(a) > 0 {
		archived = a[0]
	}
	args := []any{p.Filter("status"), p.Filter("regio"), p.Filter("woonplaats"), archived, tenants.Contains(p.Search)}
	scan := func(r tenants.Row) (Klus, error) {
		var k Klus
		var d calendar.Date
		err := r.Scan(&k.ID, &d, &k.Tijd, &k.Categorie, &k.Beschrijving, &k.Adres, &k.Postcode, &k.Woonplaats, &k.Regio,
			&k.Email, &k.Telefoon, &k.Status, &k.AssignmentType, &k.Klusser, &k.GeschatTariefCents, &k.GeschatteDuur,
			&k.Notitie, &k.Archived, &k.Geannuleerd, &k.CreatedAt)
		k.Datum = d.String()
		return k, err
	}
	if p.Search != "" {
		return tenants.ListPage(ctx, db, p, listSQL, args, scan)
	}
	// Without a search the filters are columns the job counters (migration 020) keep: the total
	// comes from there, and the page reads only its own rows (D25: fast at a million jobs).
	var page list.Page[Klus]
	err := db.Tx(ctx, func(tx pgx.Tx) (err error) {
		page, err = tenants.QueryPageCounted(ctx, tx, p, listSQL, args, countSQL, args[:4], scan)
		return err
	})
	return page, err
}

// listSQL is the list's rows; $1 statuses, $2 regions, $3 towns, $4 archived (nee, ja, alle),
// $5 the search pattern.
const listSQL = `
		SELECT k.id, k.datum, k.tijd, c.label AS categorie, k.beschrijving, k.adres, k.postcode, k.woonplaats, k.regio,
		       k.email, k.telefoon, k.status, k.assignment_type, p.naam AS klusser, k.geschat_tarief_cents,
		       k.geschatte_duur::float8, k.klusser_notities <> '' AS notitie, k.archived, k.geannuleerd_at IS NOT NULL,
		       k.created_at
		FROM klussen k
		JOIN categories c ON c.key = k.categorie
		LEFT JOIN profiles p ON p.id = k.klusser_id
		WHERE (cardinality($1::text[]) = 0 OR k.status = ANY ($1))
		  AND (cardinality($2::text[]) = 0 OR k.regio = ANY ($2))
		  AND (cardinality($3::text[]) = 0 OR lower(k.woonplaats) = ANY (SELECT lower(w) FROM unnest($3::text[]) w))
		  AND ($4 = 'alle' OR k.archived = ($4 = 'ja'))
		  AND ($5 = '' OR (k.beschrijving || ' ' || k.adres || ' ' || k.email) ILIKE $5)`

// countSQL counts the same jobs as listSQL without a search, from the counters (row-level
// security shows a franchise owner its regions' counters, as it shows it its regions' jobs).
const countSQL = `
		SELECT coalesce(sum(t.aantal), 0)::bigint FROM klus_tellingen t
		WHERE (cardinality($1::text[]) = 0 OR t.status = ANY ($1))
		  AND (cardinality($2::text[]) = 0 OR t.regio = ANY ($2))
		  AND (cardinality($3::text[]) = 0 OR lower(t.woonplaats) = ANY (SELECT lower(w) FROM unnest($3::text[]) w))
		  AND ($4 = 'alle' OR t.archived = ($4 = 'ja'))`
