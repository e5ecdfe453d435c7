package list_test

import (
	"errors"
	"net/url"
	"slices"
	"testing"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

var spec = list.Spec{
	Sorts:       []string{"datum", "status"},
	DefaultSort: "datum", DefaultOrder: list.Desc,
	Tiebreak: []string{"id"},
	Filters:  []list.Filter{{Name: "status", Values: []string{"open", "bezig"}}, {Name: "regio"}},
	Search:   "beschrijving",
	PerPage:  20, MaxPerPage: 50,
}

func parse(t *testing.T, query string) (list.Params, error) {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	return list.Parse(&spec, q)
}

func TestParseWithoutParametersTakesTheSpecsDefaults(t *testing.T) {
	p, err := parse(t, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Page != 1 || p.PerPage != 20 || p.Sort != "datum" || p.Order != list.Desc || p.Search != "" || len(p.Filters) != 0 {
		t.Fatalf("defaults: %+v", p)
	}
	if p.Offset() != 0 || !slices.Equal(p.Tiebreak(), []string{"id"}) || p.Filter("status") == nil {
		t.Fatalf("offset %d, tiebreak %v, absent filter %v (must be an empty, non-nil list)", p.Offset(), p.Tiebreak(), p.Filter("status"))
	}
	// Without sizes of its own a spec pages by 25, at most 100.
	p, err = list.Parse(&list.Spec{}, url.Values{})
	if def, limit := (&list.Spec{}).PageSizes(); err != nil || p.PerPage != 25 || def != 25 || limit != 100 || p.Order != list.Asc {
		t.Fatalf("bare spec: %+v, %v, sizes %d/%d", p, err, def, limit)
	}
}

func TestParseReadsTheWholeContract(t *testing.T) {
	p, err := parse(t, "page=3&per_page=50&sort=status&order=ASC&q=+lamp+&status=open&status=bezig&status=open&regio=den-haag&regio=")
	if err != nil {
		t.Fatal(err)
	}
	if p.Page != 3 || p.PerPage != 50 || p.Offset() != 100 || p.Sort != "status" || p.Order != list.Asc || p.Search != "lamp" {
		t.Fatalf("params: %+v", p)
	}
	// A filter given several times matches any of its values (react-admin's multi-select); a
	// repeated value counts once and an empty one not at all.
	if !slices.Equal(p.Filter("status"), []string{"open", "bezig"}) || !slices.Equal(p.Filter("regio"), []string{"den-haag"}) {
		t.Fatalf("filters: %v", p.Filters)
	}
}

func TestParseRefusesWithDutchMessages(t *testing.T) {
	cases := []struct {
		query, code, field, message string
	}{
		{"page=0", "invalid_list_parameter", "page", "Kies een paginanummer van 1 tot en met 100000."},
		{"page=twee", "invalid_list_parameter", "page", "Kies een paginanummer van 1 tot en met 100000."},
		{"page=100001", "invalid_list_parameter", "page", "Kies een paginanummer van 1 tot en met 100000."},
		{"per_page=51", "invalid_list_parameter", "per_page", "Kies 1 tot en met 50 rijen per pagina."},
		{"per_page=0", "invalid_list_parameter", "per_page", "Kies 1 tot en met 50 rijen per pagina."},
		{"sort=telefoon", "invalid_list_parameter", "sort", "Sorteren kan op: datum, status."},
		{"order=up", "invalid_list_parameter", "order", "Kies asc (oplopend) of desc (aflopend)."},
		{"status=gesloten", "invalid_list_parameter", "status", "Kies uit: open, bezig."},
		{"page=1&page=2", "invalid_list_parameter", "page", "Geef deze parameter één keer mee."},
		{"perPage=10", "unknown_parameter", "perPage", "Onbekende parameter."},
	}
	for _, c := range cases {
		_, err := parse(t, c.query)
		var d *domainerr.Error
		if !errors.As(err, &d) || d.Kind != domainerr.KindInvalid || d.Code != c.code || d.Fields[c.field] != c.message || d.Message == "" {
			t.Errorf("%s: %v (%+v), want %s with %s: %q", c.query, err, d, c.code, c.field, c.message)
		}
	}
	// A list without search refuses q rather than ignoring it.
	if _, err := list.Parse(&list.Spec{}, url.Values{"q": {"lamp"}}); err == nil {
		t.Error("q accepted by a list without search")
	}
}

func TestSpecCheckFindsSpecsThatCannotWork(t *testing.T) {
	if err := spec.Check(); err != nil {
		t.Fatalf("good spec: %v", err)
	}
	for name, bad := range map[string]list.Spec{
		"default sort not allowed": {Sorts: []string{"naam"}, DefaultSort: "id"},
		"unknown order":            {DefaultOrder: "omhoog"},
		"page over the maximum":    {PerPage: 200, MaxPerPage: 100},
	} {
		if err := bad.Check(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestPageLogsCountsAndParamsNoSearchText(t *testing.T) {
	p, err := parse(t, "q=jansen@example.nl&status=open")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range p.LogAttrs() {
		if s := a.Value.String(); s == "jansen@example.nl" || s == "[open]" {
			t.Errorf("log attribute %s carries a value the client typed: %s", a.Key, s)
		}
	}
	attrs := list.Page[int]{Data: []int{1, 2}, Total: 7}.LogAttrs()
	if len(attrs) != 2 || attrs[0].Value.Int64() != 2 || attrs[1].Value.Int64() != 7 {
		t.Errorf("page attrs %v", attrs)
	}
}
