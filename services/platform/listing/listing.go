// Package listing serves a list that is nothing but its SQL. A domain whose only use-case is one
// list (D25) with no rule beyond what one statement and row-level security select (the e-mail
// jobs, the regions) states that statement and how a row is read; a Query is then its store and
// its service at once, and its route calls Query.List. A domain whose list does more (turns keys
// into URLs, adds a count, checks a filter against the actor) keeps its own service and store; if
// its screen is a list with cards and a record's page, they embed Overview.
package listing

import (
	"context"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Overview is the read side of a back-office screen over one kind of record: a page of its list
// (D25), the cards above the list, and one record whole. A domain's service and store embed it
// with their own types, saying what each is (Row: a row of the list; Cards: the cards' numbers;
// Record: the record's page), and add what else they do.
type Overview[Row, Cards, Record any] interface {
	// List is one page of rows under p's filters, search and sort.
	List(ctx context.Context, p list.Params) (list.Page[Row], error)
	// Counts are the cards' numbers over the rows p's filters and search select.
	Counts(ctx context.Context, p list.Params) (Cards, error)
	// Get is one record whole; one the actor may not see is not found.
	Get(ctx context.Context, id uuid.UUID) (Record, error)
}

// Query is one list statement on db, paged, sorted and counted by tenants.ListPage.
type Query[T any] struct {
	DB *tenants.DB
	// SQL is the statement without ORDER BY, LIMIT or OFFSET: its columns are the spec's sorts.
	SQL string
	// Args are the statement's parameters for p (a filter, the search); nil: it takes none.
	Args func(p list.Params) []any
	// Scan reads one row.
	Scan func(tenants.Row) (T, error)
}

// List returns the page p asks for, as the requesting actor.
func (q Query[T]) List(ctx context.Context, p list.Params) (list.Page[T], error) {
	var args []any
	if q.Args != nil {
		args = q.Args(p)
	}
	return tenants.ListPage(ctx, q.DB, p, q.SQL, args, q.Scan)
}
