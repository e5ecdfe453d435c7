package tenants

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// QueryPage runs one page of a list (D25). base is a SELECT without ORDER BY or LIMIT whose output
// columns include the spec's sort and tie-break fields under those names; QueryPage orders it by
// p's sort (empty values last, whatever the direction) and tie-break, takes p's page, and counts
// the whole list, all in one statement (see queryPage). scan reads one row of base's columns.
// Only names from the spec's allow-list reach the SQL, quoted; the numbers are integers.
//
// A search (p.Search) is counted with count(*) OVER () over the page's own scan instead: its
// matches are few and found through an index that knows no order (a trigram index), so reading
// them all once, counting and sorting them is cheap, whereas a page taken in the list's order
// would walk the whole table looking for 25 matches that may not exist.
func QueryPage[T any](ctx context.Context, tx pgx.Tx, p list.Params, base string, args []any, scan func(Row) (T, error)) (list.Page[T], error) {
	if p.Search != "" {
		return queryPageWindow(ctx, tx, p, base, args, scan)
	}
	return queryPage(ctx, tx, p, base, args, `SELECT count(*) FROM (`+base+`) AS list`, scan)
}

// queryPageWindow is the page with count(*) OVER () in the same statement; past the last page
// no row carries the count, and a second statement counts (the client still needs the total to
// page back).
func queryPageWindow[T any](ctx context.Context, tx pgx.Tx, p list.Params, base string, args []any, scan func(Row) (T, error)) (list.Page[T], error) {
	page := newPage[T](p)
	rows, err := tx.Query(ctx, `SELECT count(*) OVER (), true, list.* FROM (`+base+`) AS list`+orderBy(p)+
		fmt.Sprintf(" LIMIT %d OFFSET %d", p.PerPage, p.Offset()), args...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	row := &withTotal{rows: rows, total: &page.Total}
	for rows.Next() {
		item, err := scan(row)
		if err != nil {
			return page, err
		}
		page.Data = append(page.Data, item)
	}
	if err := rows.Err(); err != nil {
		return page, err
	}
	if len(page.Data) == 0 && p.Offset() > 0 {
		err = tx.QueryRow(ctx, `SELECT count(*) FROM (`+base+`) AS list`, args...).Scan(&page.Total)
	}
	return page, err
}

// QueryPageCounted is QueryPage with the total read by countSQL (one row, one number, over the
// same arguments as base) instead of counting base's rows: for a list whose count a much smaller
// table keeps in step (the job counters of migration 020), so that a first page at a million rows
// reads 25 rows, not every match. countSQL must count exactly what base would return, under the
// same row-level security.
func QueryPageCounted[T any](ctx context.Context, tx pgx.Tx, p list.Params, base string, args []any, countSQL string, scan func(Row) (T, error)) (list.Page[T], error) {
	return queryPage(ctx, tx, p, base, args, countSQL, scan)
}

// queryPage reads the total and the page in one statement, one round trip:
//
//	SELECT t.total, page.* FROM (countSQL) t LEFT JOIN LATERAL (the page of base) page ON true
//
// The count is its own subquery rather than count(*) OVER () over base: a window count makes
// PostgreSQL read, join and sort every matching row before it can take 25, where a separate count
// reads only what it counts (or a counter row) and the page stops after its rows, from an index in
// the list's order where there is one. Past the last page the one row left has the total and no
// list row (its marker column is NULL), so the client can still page back.
func queryPage[T any](ctx context.Context, tx pgx.Tx, p list.Params, base string, args []any, countSQL string, scan func(Row) (T, error)) (list.Page[T], error) {
	page := newPage[T](p)
	order := orderBy(p)
	rows, err := tx.Query(ctx, `SELECT t.list_total, page.* FROM (`+countSQL+`) AS t (list_total) LEFT JOIN LATERAL (
		SELECT true AS list_row, list.* FROM (`+base+`) AS list`+order+
		fmt.Sprintf(" LIMIT %d OFFSET %d", p.PerPage, p.Offset())+`) AS page ON true`+order, args...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	row := &withTotal{rows: rows, total: &page.Total}
	for rows.Next() {
		if rows.RawValues()[1] == nil {
			// The total alone: no row on this page.
			dest := make([]any, len(rows.FieldDescriptions()))
			dest[0] = &page.Total
			if err := rows.Scan(dest...); err != nil {
				return page, err
			}
			continue
		}
		item, err := scan(row)
		if err != nil {
			return page, err
		}
		page.Data = append(page.Data, item)
	}
	return page, rows.Err()
}

// newPage is an empty page with room for a page of the usual size (list.DefaultPerPage), so that
// reading it does not grow the slice row by row (make profile: the growing was a list read's
// largest allocation); a longer page grows from there. Room for the largest page up front was the
// showcase's largest allocation (make profile: 100 rows' room for the few klussers it shows).
func newPage[T any](p list.Params) list.Page[T] {
	return list.Page[T]{Data: make([]T, 0, min(max(p.PerPage, 0), list.DefaultPerPage))}
}

// ListPage is QueryPage in a transaction of its own as the actor of ctx: a store's list method in
// one call. Without a search the page is one statement, read in one round trip (DB.Read); a
// search past its last page counts in a second statement (DB.Tx).
func ListPage[T any](ctx context.Context, db *DB, p list.Params, base string, args []any, scan func(Row) (T, error)) (list.Page[T], error) {
	page := func(tx pgx.Tx) (list.Page[T], error) { return QueryPage(ctx, tx, p, base, args, scan) }
	if p.Search != "" {
		return TxValue(ctx, db, page)
	}
	return ReadValue(ctx, db, page)
}

// ListPageCounted is QueryPageCounted in a read of its own (DB.Read): one statement, one round
// trip.
func ListPageCounted[T any](ctx context.Context, db *DB, p list.Params, base string, args []any, countSQL string, scan func(Row) (T, error)) (list.Page[T], error) {
	return ReadValue(ctx, db, func(tx pgx.Tx) (list.Page[T], error) {
		return QueryPageCounted(ctx, tx, p, base, args, countSQL, scan)
	})
}

func orderBy(p list.Params) string {
	var terms []string
	if p.Sort != "" {
		dir := "ASC"
		if p.Order == list.Desc {
			dir = "DESC"
		}
		terms = append(terms, pgx.Identifier{p.Sort}.Sanitize()+" "+dir+" NULLS LAST")
	}
	for _, c := range p.Tiebreak() {
		if c != p.Sort {
			terms = append(terms, pgx.Identifier{c}.Sanitize())
		}
	}
	if len(terms) == 0 {
		return ""
	}
	return " ORDER BY " + strings.Join(terms, ", ")
}

// withTotal scans a row of queryPage or queryPageWindow: the count and a marker before base's
// columns.
type withTotal struct {
	rows  pgx.Rows
	total *int
	dest  []any // the total, the page marker and a row's own destinations, kept from row to row
}

// Scan reads the total and the page marker before the row's own columns. The destinations' slice
// is the previous row's, not a new one per row (make profile: a pool page's second largest
// allocation).
func (r *withTotal) Scan(dest ...any) error {
	r.dest = append(append(r.dest[:0], r.total, nil), dest...)
	return r.rows.Scan(r.dest...)
}

// Contains is the ILIKE pattern that finds s anywhere in a text, with s's own % and _ taken
// literally; "" stays "" (no search).
func Contains(s string) string {
	if s == "" {
		return ""
	}
	return "%" + likeEscaper.Replace(s) + "%"
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// Row is one row of a list query, as a store's scan function reads it.
type Row = pgx.Row
