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
// the whole list with count(*) OVER () in the same statement. scan reads one row of base's
// columns. Only names from the spec's allow-list reach the SQL, quoted; the numbers are integers.
func QueryPage[T any](ctx context.Context, tx pgx.Tx, p list.Params, base string, args []any, scan func(Row) (T, error)) (list.Page[T], error) {
	page := list.Page[T]{Data: []T{}}
	rows, err := tx.Query(ctx, `SELECT list.*, count(*) OVER () FROM (`+base+`) AS list`+orderBy(p)+
		fmt.Sprintf(" LIMIT %d OFFSET %d", p.PerPage, p.Offset()), args...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		item, err := scan(withTotal{rows, &page.Total})
		if err != nil {
			return page, err
		}
		page.Data = append(page.Data, item)
	}
	if err := rows.Err(); err != nil {
		return page, err
	}
	if len(page.Data) == 0 && p.Offset() > 0 {
		// Past the last page no row carries the count; the client still needs it to page back.
		err = tx.QueryRow(ctx, `SELECT count(*) FROM (`+base+`) AS list`, args...).Scan(&page.Total)
	}
	return page, err
}

// QueryPageCounted is QueryPage with the total read by countSQL (one row, one number) instead of
// count(*) OVER (): for a list whose count a much smaller table keeps in step (the job counters of
// migration 020), so that a first page at a million rows reads 25 rows, not every match. countSQL
// must count exactly what base would return, under the same row-level security.
func QueryPageCounted[T any](ctx context.Context, tx pgx.Tx, p list.Params, base string, args []any, countSQL string, countArgs []any, scan func(Row) (T, error)) (list.Page[T], error) {
	page := list.Page[T]{Data: []T{}}
	if err := tx.QueryRow(ctx, countSQL, countArgs...).Scan(&page.Total); err != nil {
		return page, err
	}
	rows, err := tx.Query(ctx, `SELECT list.* FROM (`+base+`) AS list`+orderBy(p)+
		fmt.Sprintf(" LIMIT %d OFFSET %d", p.PerPage, p.Offset()), args...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		item, err := scan(rows)
		if err != nil {
			return page, err
		}
		page.Data = append(page.Data, item)
	}
	return page, rows.Err()
}

// ListPage is QueryPage in a transaction of its own as the actor of ctx (DB.Tx): a store's list
// method in one call.
func ListPage[T any](ctx context.Context, db *DB, p list.Params, base string, args []any, scan func(Row) (T, error)) (list.Page[T], error) {
	var page list.Page[T]
	err := db.Tx(ctx, func(tx pgx.Tx) (err error) {
		page, err = QueryPage(ctx, tx, p, base, args, scan)
		return err
	})
	return page, err
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

// withTotal scans a row of base's columns plus the count at the end.
type withTotal struct {
	rows  pgx.Rows
	total *int
}

func (r withTotal) Scan(dest ...any) error { return r.rows.Scan(append(dest, r.total)...) }

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
