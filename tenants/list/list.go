// Package list is the list contract of the API (D25): every list is asked for one page, with its
// sort and filters, and answers that page with the total count, so that no screen loads a whole
// table. A list endpoint declares what it accepts in a Spec; Parse reads the query string
//
//	?page=1&per_page=25&sort=<field>&order=asc|desc&q=<text>&<filter>=<value>&<filter>=<value>
//
// (a filter given twice matches either value) against it, with a Dutch message for every value it refuses; the store runs the query with
// tenants.QueryPage and the endpoint answers a Page: {"data": [...], "total": N}.
package list

import (
	"fmt"
	"log/slog"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Order is a sort direction.
type Order string

// The two directions.
const (
	Asc  Order = "asc"
	Desc Order = "desc"
)

// Default page sizes, for specs that do not set their own.
const (
	DefaultPerPage = 25
	DefaultMaxPage = 100
)

// MaxPageNumber bounds ?page, so that an offset can never overflow or ask PostgreSQL to skip
// billions of rows.
const MaxPageNumber = 100_000

// The names of the contract's own query parameters.
const (
	ParamPage    = "page"
	ParamPerPage = "per_page"
	ParamSort    = "sort"
	ParamOrder   = "order"
	ParamSearch  = "q"
)

// Spec is what one list endpoint accepts. Sort fields are the names the API uses; the store's
// query must have output columns of exactly those names, so nothing from the query string is
// ever written into SQL: only names from this allow-list are.
type Spec struct {
	// Sorts are the fields a client may sort on.
	Sorts []string
	// DefaultSort and DefaultOrder apply when the query names none; DefaultSort must be in Sorts.
	DefaultSort  string
	DefaultOrder Order
	// Tiebreak columns follow the sort (ascending), so that rows with equal sort values keep one
	// order from page to page; the last should be unique (an id).
	Tiebreak []string
	// Filters are the other query parameters the list takes.
	Filters []Filter
	// Search is what q searches in, for the API document; empty: the list takes no q.
	Search string
	// PerPage is the page size without ?per_page (DefaultPerPage when zero); MaxPerPage the
	// largest a client may ask (DefaultMaxPage when zero).
	PerPage, MaxPerPage int
}

// Filter is one filter parameter.
type Filter struct {
	Name        string
	Description string // Dutch, for the API document
	// Values, if set, are the only values accepted.
	Values []string
}

// Params is a parsed list request.
type Params struct {
	Page    int    // from 1
	PerPage int    // within the spec's maximum
	Sort    string // a field of the spec's Sorts
	Order   Order
	// Search is q, trimmed; empty when not given.
	Search string
	// Filters holds the values of the filters that were given, by name; a row matches a filter
	// when it has any of its values.
	Filters map[string][]string

	spec *Spec
}

// Offset is how many rows come before the page.
func (p Params) Offset() int { return (p.Page - 1) * p.PerPage }

// Filter returns the values of a filter: empty (not nil, so that it is an empty SQL array) when
// the filter was not given.
func (p Params) Filter(name string) []string {
	if v := p.Filters[name]; v != nil {
		return v
	}
	return []string{}
}

// Tiebreak returns the spec's tie-break columns.
func (p Params) Tiebreak() []string {
	if p.spec == nil {
		return nil
	}
	return p.spec.Tiebreak
}

// LogAttrs says what a log line may keep of the request: paging, sort and the names of the
// filters, never their values or the search text (they may be a name or an e-mail address).
func (p Params) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("page", p.Page), slog.Int("per_page", p.PerPage), slog.String("sort", p.Sort+" "+string(p.Order)),
		slog.Any("filters", slices.Sorted(maps.Keys(p.Filters))), slog.Bool("search", p.Search != "")}
}

// Page is one page of a list and the number of rows of the whole list: the answer of every
// list endpoint.
type Page[T any] struct {
	Data  []T `json:"data"`
	Total int `json:"total" doc:"aantal rijen van de hele lijst met deze filters"`
}

// LogAttrs says how many rows the page has and the list had.
func (p Page[T]) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(p.Data)), slog.Int("total", p.Total)}
}

// Names returns the query parameters the spec accepts.
func (s *Spec) Names() []string {
	names := []string{ParamPage, ParamPerPage, ParamSort, ParamOrder}
	if s.Search != "" {
		names = append(names, ParamSearch)
	}
	for _, f := range s.Filters {
		names = append(names, f.Name)
	}
	return names
}

// PageSizes returns the page size without ?per_page and the largest a client may ask.
func (s *Spec) PageSizes() (def, limit int) {
	def, limit = s.PerPage, s.MaxPerPage
	if limit <= 0 {
		limit = DefaultMaxPage
	}
	if def <= 0 {
		def = min(DefaultPerPage, limit)
	}
	return def, limit
}

// Parse reads a list request from the query string. A parameter the spec does not know, a page or
// page size out of range, a sort field outside the allow-list, an order other than asc or desc
// and a filter value outside its values are refused as invalid, with a Dutch message per
// parameter. A filter may be given several times (any of the values matches); the contract's own
// parameters may not: which one would count is not obvious. Empty filter values are left out.
func Parse(s *Spec, q url.Values) (Params, error) {
	def, limit := s.PageSizes()
	p := Params{Page: 1, PerPage: def, Sort: s.DefaultSort, Order: s.DefaultOrder, Filters: map[string][]string{}, spec: s}
	if p.Order == "" {
		p.Order = Asc
	}
	fields := map[string]string{}
	known := s.Names()
	contract := []string{ParamPage, ParamPerPage, ParamSort, ParamOrder, ParamSearch}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if !slices.Contains(known, name) {
			return Params{}, domainerr.Invalid("unknown_parameter", fmt.Sprintf("Onbekende parameter: %s.", name),
				map[string]string{name: "Onbekende parameter."})
		}
		if len(q[name]) > 1 && slices.Contains(contract, name) {
			fields[name] = "Geef deze parameter één keer mee."
		}
	}
	if v := q.Get(ParamPage); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPageNumber {
			fields[ParamPage] = fmt.Sprintf("Kies een paginanummer van 1 tot en met %d.", MaxPageNumber)
		}
		p.Page = n
	}
	if v := q.Get(ParamPerPage); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > limit {
			fields[ParamPerPage] = fmt.Sprintf("Kies 1 tot en met %d rijen per pagina.", limit)
		}
		p.PerPage = n
	}
	if v := q.Get(ParamSort); v != "" {
		if !slices.Contains(s.Sorts, v) {
			fields[ParamSort] = "Sorteren kan op: " + strings.Join(s.Sorts, ", ") + "."
		}
		p.Sort = v
	}
	if v := q.Get(ParamOrder); v != "" {
		// Any case: react-admin says ASC and DESC.
		switch o := Order(strings.ToLower(v)); o {
		case Asc, Desc:
			p.Order = o
		default:
			fields[ParamOrder] = "Kies asc (oplopend) of desc (aflopend)."
		}
	}
	if s.Search != "" {
		p.Search = strings.TrimSpace(q.Get(ParamSearch))
		if len([]rune(p.Search)) > 200 {
			fields[ParamSearch] = "Zoek op hoogstens 200 tekens."
		}
	}
	for _, f := range s.Filters {
		for _, v := range q[f.Name] {
			if v == "" {
				continue
			}
			if f.Values != nil && !slices.Contains(f.Values, v) {
				fields[f.Name] = "Kies uit: " + strings.Join(f.Values, ", ") + "."
			}
			if !slices.Contains(p.Filters[f.Name], v) {
				p.Filters[f.Name] = append(p.Filters[f.Name], v)
			}
		}
	}
	if len(fields) > 0 {
		return Params{}, domainerr.Invalid("invalid_list_parameter", summary(fields), fields)
	}
	return p, nil
}

// summary is the message above the fields: the first refused parameter's, in a fixed order.
func summary(fields map[string]string) string {
	name := slices.Sorted(maps.Keys(fields))[0]
	return fmt.Sprintf("Ongeldige waarde voor %s: %s", name, fields[name])
}

// Check reports a spec that cannot work: a default sort outside Sorts, a default order other
// than asc or desc, a default page size over the maximum. Kit.Routes checks every list at start-up.
func (s *Spec) Check() error {
	if s.DefaultSort != "" && !slices.Contains(s.Sorts, s.DefaultSort) {
		return fmt.Errorf("list: default sort %q is not one of %v", s.DefaultSort, s.Sorts)
	}
	if s.DefaultOrder != "" && s.DefaultOrder != Asc && s.DefaultOrder != Desc {
		return fmt.Errorf("list: default order %q", s.DefaultOrder)
	}
	if s.MaxPerPage > 0 && s.PerPage > s.MaxPerPage {
		return fmt.Errorf("list: %d per page is over the maximum %d", s.PerPage, s.MaxPerPage)
	}
	return nil
}
