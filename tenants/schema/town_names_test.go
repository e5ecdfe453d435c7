package schema_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema"
)

// beforeTownNames is the last schema version that stored a job's town as typed (migration 023
// gives it its region_towns spelling).
const beforeTownNames = 22

const insertTypedTowns = `
	INSERT INTO klussen (status, assignment_type, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, email)
	SELECT 'open', 'pool', 'den-haag', 'montage', 'klus ' || g, date '2026-01-01', 'ochtend', 'Straat 1', '2271 AB', w, '070',
	       'k' || g || '@example.nl'
	FROM unnest($1::text[]) WITH ORDINALITY AS t (w, g)`

// townCounts reads the dashboard counters of den-haag's open jobs by town.
func townCounts(t *testing.T, as func(testing.TB, tenants.Actor, func(pgx.Tx) error)) map[string]int {
	t.Helper()
	got := map[string]int{}
	as(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `SELECT woonplaats, aantal::int FROM klus_tellingen WHERE aantal <> 0`)
		if err != nil {
			return err
		}
		var w string
		var n int
		_, err = pgx.ForEachRow(rows, []any{&w, &n}, func() error { got[w] = n; return nil })
		return err
	})
	return got
}

// Migration 023: the jobs stored before it take their town's region_towns spelling, the counters
// follow, and the correction leaves updated_at and the live events alone; from then on a town is
// stored in that spelling however it is typed, and a town outside region_towns as typed.
func TestTownsTakeTheirRegionTownsSpelling(t *testing.T) {
	ctx := context.Background()
	d := dbtest.NewAt(t, beforeTownNames)
	// A schema short of the newest has no actor key yet (schema.MigrateTo stores it at the end).
	owner, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close(ctx)
	if _, err := owner.Exec(ctx, `INSERT INTO klusmaat_private.actor_key (key) VALUES ($1)`, []byte(dbtest.ActorKey)); err != nil {
		t.Fatal(err)
	}
	before := func(t testing.TB, a tenants.Actor, fn func(pgx.Tx) error) { asBefore024(t, d, a, fn) }
	before(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, insertTypedTowns, []string{"voorburg", "  VOORBURG ", "Voorburg", "Den  haag", "Nootdorp"})
		return err
	})
	var updatedBefore time.Time
	var eventsBefore int
	before(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT max(updated_at), (SELECT count(*) FROM klus_events) FROM klussen`).Scan(&updatedBefore, &eventsBefore)
	})
	if got := townCounts(t, before); got["voorburg"] != 1 || got["Voorburg"] != 1 {
		t.Fatalf("before the migration the counters hold the towns as typed: %v", got)
	}

	if _, err := schema.MigrateTo(ctx, d.OwnerURL, dbtest.ActorKey, -1); err != nil {
		t.Fatal(err)
	}

	var towns []string
	var updatedAfter time.Time
	var eventsAfter int
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT array_agg(woonplaats ORDER BY email), max(updated_at), (SELECT count(*) FROM klus_events) FROM klussen`).
			Scan(&towns, &updatedAfter, &eventsAfter)
	})
	if want := []string{"Voorburg", "Voorburg", "Voorburg", "Den Haag", "Nootdorp"}; !slices.Equal(towns, want) {
		t.Errorf("towns after the migration: %q, want %q", towns, want)
	}
	if !updatedAfter.Equal(updatedBefore) || eventsAfter != eventsBefore {
		t.Errorf("the correction touched updated_at (%v -> %v) or published events (%d -> %d)", updatedBefore, updatedAfter, eventsBefore, eventsAfter)
	}
	if got := townCounts(t, d.As); len(got) != 3 || got["Voorburg"] != 3 || got["Den Haag"] != 1 || got["Nootdorp"] != 1 {
		t.Errorf("counters after the migration: %v", got)
	}

	// New and changed jobs.
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, insertTypedTowns, []string{"x", "x", "x", "x", "x", " wassenaar"}); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE klussen SET woonplaats = 'LEIDSCHENDAM' WHERE email = 'k1@example.nl' AND woonplaats = 'Voorburg'`)
		return err
	})
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT array_agg(DISTINCT woonplaats ORDER BY woonplaats) FROM klussen`).Scan(&towns)
	})
	if want := []string{"Den Haag", "Leidschendam", "Nootdorp", "Voorburg", "Wassenaar", "x"}; !slices.Equal(towns, want) {
		t.Errorf("towns after inserts and an update: %q, want %q", towns, want)
	}
}
