package tenants_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// D2: the region of a job follows from its town, else from its postcode; inactive regions and
// unknown places have none.
func TestResolveRegion(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	cases := []struct {
		town, postcode, want string
		err                  error
	}{
		{"Voorburg", "2271 AB", "den-haag", nil},
		{"  WASSENAAR ", "", "den-haag", nil},
		{"Leidschendam", "9999 ZZ", "den-haag", nil}, // the town wins over the postcode
		{"Nootdorp", "2497 AB", "den-haag", nil},     // unknown town, postcode in a den-haag range
		{"Ergens", "3512 hc", "utrecht", nil},        // postcode typed without care
		{"Groningen", "9711 AA", "", tenants.ErrNoRegion},
		{"Ergens", "geen", "", tenants.ErrNoRegion},
	}
	anon := tenants.AnonymousActor()
	for _, c := range cases {
		var got string
		err := d.DB.InTx(ctx, anon, func(tx pgx.Tx) error {
			var err error
			got, err = tenants.ResolveRegion(ctx, tx, c.town, c.postcode)
			return err
		})
		if !errors.Is(err, c.err) || got != c.want {
			t.Errorf("ResolveRegion(%q, %q) = %q, %v; want %q, %v", c.town, c.postcode, got, err, c.want, c.err)
		}
	}

	// A region that is switched off takes no new jobs.
	admin := tenants.Actor{UserID: [16]byte{1}, Role: tenants.Admin}
	d.As(t, admin, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE regions SET actief = false WHERE slug = 'utrecht'`)
		return err
	})
	err := d.DB.InTx(ctx, anon, func(tx pgx.Tx) error {
		_, err := tenants.ResolveRegion(ctx, tx, "Zeist", "3701 AA")
		return err
	})
	if !errors.Is(err, tenants.ErrNoRegion) {
		t.Fatalf("inactive region resolved: %v", err)
	}
}

// D1: the active regions come from the table: a region switched off drops out, a new row comes in.
func TestActiveRegions(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	admin := tenants.Actor{UserID: [16]byte{1}, Role: tenants.Admin}
	d.As(t, admin, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE regions SET actief = false WHERE slug = 'utrecht';
			INSERT INTO regions (slug, naam) VALUES ('groningen', 'Groningen')`)
		return err
	})
	var got []string
	err := d.DB.InTx(ctx, tenants.AnonymousActor(), func(tx pgx.Tx) (err error) {
		got, err = tenants.ActiveRegions(ctx, tx)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"amsterdam", "den-haag", "groningen", "rotterdam"}
	if len(got) != len(want) {
		t.Fatalf("ActiveRegions = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ActiveRegions = %v, want %v", got, want)
		}
	}
}

// A region switched off still names a region (its invoices and exports keep it) but takes no new
// work; a slug no row has names none. DB.ActiveRegions reads the same list as ActiveRegions, as
// the actor of ctx, in a transaction of its own.
func TestWhetherASlugNamesARegion(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	admin := tenants.Actor{UserID: [16]byte{1}, Role: tenants.Admin}
	d.As(t, admin, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE regions SET actief = false WHERE slug = 'utrecht'`)
		return err
	})
	cases := []struct {
		slug           string
		region, active bool
	}{{"den-haag", true, true}, {"utrecht", true, false}, {"zeeland", false, false}, {"", false, false}}
	for _, c := range cases {
		var region, active bool
		err := d.DB.InTx(ctx, tenants.AnonymousActor(), func(tx pgx.Tx) (err error) {
			if region, err = tenants.IsRegion(ctx, tx, c.slug); err != nil {
				return err
			}
			active, err = tenants.IsActiveRegion(ctx, tx, c.slug)
			return err
		})
		if err != nil || region != c.region || active != c.active {
			t.Errorf("%q: IsRegion %v, IsActiveRegion %v (%v); want %v, %v", c.slug, region, active, err, c.region, c.active)
		}
	}
	klusser := tenants.Actor{UserID: [16]byte{2}, Role: tenants.Klusser, Regions: []string{"den-haag"}}
	got, err := d.DB.ActiveRegions(tenants.WithActor(ctx, klusser))
	if err != nil || len(got) != 3 || got[0] != "amsterdam" || got[1] != "den-haag" || got[2] != "rotterdam" {
		t.Fatalf("DB.ActiveRegions = %v, %v; want amsterdam, den-haag, rotterdam", got, err)
	}
}
