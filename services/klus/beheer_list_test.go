package klus

import (
	"reflect"
	"testing"
)

// The one filter of the jobs list and its cards: every filter given is one condition, with its
// arguments numbered in order; archived jobs are left out unless asked for; no filter at all is
// no WHERE (archived=alle).
func TestFilterWhere(t *testing.T) {
	for _, c := range []struct {
		f     Filter
		where string
		args  []any
	}{
		{Filter{}, ` WHERE NOT k.archived`, nil},
		{Filter{Archived: "alle"}, ``, nil},
		{Filter{Archived: "ja", Regio: []string{"utrecht"}}, ` WHERE k.regio = ANY ($1) AND k.archived`, []any{[]string{"utrecht"}}},
		{Filter{Status: []string{"open"}, Woonplaats: []string{"Voorburg"}, Archived: "alle", Search: "lamp"},
			` WHERE k.status = ANY ($1) AND lower(k.woonplaats) = ANY (SELECT lower(w) FROM unnest($2::text[]) w)` +
				` AND (k.beschrijving || ' ' || k.adres || ' ' || k.email) ILIKE $3`,
			[]any{[]string{"open"}, []string{"Voorburg"}, "%lamp%"}},
	} {
		where, args := c.f.where()
		if where != c.where || !reflect.DeepEqual(args, c.args) {
			t.Errorf("%+v:\n got %q %v\nwant %q %v", c.f, where, args, c.where, c.args)
		}
	}
}
