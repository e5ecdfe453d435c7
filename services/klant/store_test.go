package klant

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/list"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// A page past the first is read by keyset (seek) and shows exactly what OFFSET shows: the same
// customers in the same order with the same total, in every sort and direction the list offers,
// with ties in the sort column (every customer has four jobs; towns repeat), up to past the end.
func TestListKeysetPagesAreTheOffsetPages(t *testing.T) {
	d := dbtest.New(t)
	ctx := tenants.WithActor(context.Background(), tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	if err := seed.Jobs(ctx, d.DB, 4*23); err != nil { // 23 customers
		t.Fatal(err)
	}
	s := &pgStore{db: d.DB}
	for _, sort := range Spec.Sorts {
		for _, order := range []string{"asc", "desc"} {
			for page := 1; page <= 6; page++ {
				query := fmt.Sprintf("sort=%s&order=%s&per_page=5&page=%d", sort, order, page)
				q, _ := url.ParseQuery(query)
				p, err := list.Parse(&Spec, q)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.List(ctx, p)
				if err != nil {
					t.Fatalf("%s: %v", query, err)
				}
				want, err := tenants.ListPage(ctx, d.DB, p, klantSelect+klantWhere, []any{""}, func(r tenants.Row) (string, error) {
					var k Klant
					return k.ID, r.Scan(&k.ID, &k.Email, &k.Naam, &k.Telefoon, &k.Woonplaats, &k.AantalKlussen, &k.LaatsteKlus)
				})
				if err != nil {
					t.Fatal(err)
				}
				var ids []string
				for _, k := range got.Data {
					ids = append(ids, k.ID)
				}
				if !slices.Equal(ids, want.Data) || got.Total != 23 || want.Total != 23 {
					t.Errorf("?%s: keyset %v total %d, offset %v total %d", query, ids, got.Total, want.Data, want.Total)
				}
			}
		}
	}
}
