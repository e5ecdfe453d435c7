package schema_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// rlsAllowList names the tables that may live without row-level security, and why.
var rlsAllowList = map[string]string{
	// tern's record of applied migrations: no tenant or personal data; the server may only read it.
	"schema_version": "migration bookkeeping",
}

// TestEveryTableHasForcedRLS fails when a table of the schema lacks enabled and forced row-level
// security, so a new table cannot forget it (D4).
func TestEveryTableHasForcedRLS(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `
		SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	type rel struct {
		name           string
		enabled, force bool
	}
	rels, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (rel, error) {
		var x rel
		return x, r.Scan(&x.name, &x.enabled, &x.force)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rels) < 15 {
		t.Fatalf("found only %d tables; is the schema migrated?", len(rels))
	}
	for _, r := range rels {
		if _, ok := rlsAllowList[r.name]; ok {
			continue
		}
		if !r.enabled || !r.force {
			t.Errorf("table %s: row level security enabled=%t forced=%t; enable and force it, or allow-list it with a reason", r.name, r.enabled, r.force)
		}
	}
}

// TestServerRoleCannotBypassRLS: the server's role is no superuser, has no BYPASSRLS, owns no
// table, cannot switch row security off or become the owner.
func TestServerRoleCannotBypassRLS(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	if err := d.DB.CheckRole(ctx); err != nil {
		t.Fatalf("server role refused: %v", err)
	}
	conn, err := pgx.Connect(ctx, d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)

	var super, bypass bool
	var owned int
	if err := conn.QueryRow(ctx, `SELECT rolsuper, rolbypassrls, (SELECT count(*) FROM pg_class WHERE relowner = r.oid)
		FROM pg_roles r WHERE rolname = current_user`).Scan(&super, &bypass, &owned); err != nil {
		t.Fatal(err)
	}
	if super || bypass || owned != 0 {
		t.Fatalf("superuser=%t bypassrls=%t owns %d relations", super, bypass, owned)
	}
	for _, stmt := range []string{
		"SET row_security = off; SELECT count(*) FROM klussen",
		"ALTER TABLE klussen DISABLE ROW LEVEL SECURITY",
		"SET ROLE klusmaat_owner",
		"SET ROLE klusmaat_showcase",
		"DROP POLICY admin_all ON klussen",
		"UPDATE audit_log SET action = 'x'",
		"DELETE FROM audit_log",
	} {
		if _, err := conn.Exec(ctx, stmt); err == nil {
			t.Errorf("%q succeeded as the server's role", stmt)
		}
		_, _ = conn.Exec(ctx, "RESET ALL")
	}

	// And the check itself refuses the owner, which the server must never run as.
	owner, err := tenants.Open(ctx, tenants.Config{URL: d.OwnerURL, ActorKey: dbtest.ActorKey})
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close()
	if err := owner.CheckRole(ctx); !errors.Is(err, tenants.ErrPrivilegedRole) {
		t.Fatalf("CheckRole as owner: %v, want ErrPrivilegedRole", err)
	}
}

// TestNoActorNoRows: a connection that sets no actor sees nothing, however privileged the query.
func TestNoActorNoRows(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, tb := range append(tables, table{name: "public_klussers"}) {
		var n int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM "+tb.name).Scan(&n); err != nil {
			t.Fatalf("%s: %v", tb.name, err)
		}
		if n != 0 {
			t.Errorf("%s: %d rows visible without an actor", tb.name, n)
		}
	}
	if _, err := conn.Exec(ctx, `INSERT INTO klusser_aanmeldingen (naam, telefoon, motivatie, beschikbaarheid) VALUES ('A', '06', 'm', '{Maandag}')`); err == nil {
		t.Error("insert without an actor succeeded")
	}
}

// TestActorLastsOneTransaction: the actor of one transaction never leaks to the next user of the
// same pooled connection.
func TestActorLastsOneTransaction(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	single := oneConnection(t, d)
	count := func(a tenants.Actor) int {
		var n int
		if err := single.InTx(ctx, a, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, "SELECT count(*) FROM klussen").Scan(&n)
		}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(actors["admin"]); n != 7 {
		t.Fatalf("admin sees %d jobs, want 7", n)
	}
	if n := count(actors["anon"]); n != 0 {
		t.Fatalf("anonymous after admin on the same connection sees %d jobs", n)
	}
	if n := count(actors["fut"]); n != 2 {
		t.Fatalf("franchise utrecht sees %d jobs, want 2", n)
	}
	// An invalid actor never reaches the database.
	if err := single.InTx(ctx, tenants.Actor{Role: "root"}, func(pgx.Tx) error { return nil }); err == nil {
		t.Fatal("unknown role accepted")
	}
}

// TestShowcaseViewHasShowcaseColumnsOnly: D5 at the database level.
func TestShowcaseViewHasShowcaseColumnsOnly(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	var cols []string
	var names []string
	d.As(t, actors["anon"], func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT column_name::text FROM information_schema.columns WHERE table_name = 'public_klussers' ORDER BY ordinal_position`)
		if err != nil {
			return err
		}
		if cols, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT naam FROM public_klussers`)
		if err != nil {
			return err
		}
		names, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	want := []string{"id", "naam", "woonplaats", "specialisaties", "gemiddelde_beoordeling", "totaal_uren",
		"gepensioneerd_sinds", "intro_tekst", "profiel_foto_url", "carousel_foto_1", "carousel_foto_2", "carousel_foto_3"}
	if !slices.Equal(cols, want) {
		t.Fatalf("view columns %v, want %v", cols, want)
	}
	// Only the active, visible klusser; not the hidden one, not the franchise owners.
	if !slices.Equal(names, []string{"K Den Haag"}) {
		t.Fatalf("anonymous showcase %v, want [K Den Haag]", names)
	}
	// The view's owner cannot read a phone number even if someone tried to add one.
	conn, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `SET ROLE klusmaat_showcase; SELECT telefoon FROM profiles`)
	if err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Fatalf("showcase role read telefoon: %v", err)
	}
}

// TestBusinessRulesHoldInTheDatabase: the rules that must hold under any client (D7, D8, D18).
func TestBusinessRulesHoldInTheDatabase(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	cases := []struct {
		name, sql string
		args      []any
	}{
		{"third planning change (D18)", `UPDATE klussen SET planning_changes_count = 3 WHERE id = $1`, []any{id("dh_kdh")}},
		{"past-the-slot time", `UPDATE klussen SET tijd = 'nacht' WHERE id = $1`, []any{id("dh_kdh")}},
		{"malformed postcode", `UPDATE klussen SET postcode = '2271AB' WHERE id = $1`, []any{id("dh_kdh")}},
		{"unknown category", `UPDATE klussen SET categorie = 'slopen' WHERE id = $1`, []any{id("dh_kdh")}},
		{"duration not in half hours", `UPDATE klussen SET geschatte_duur = 1.3 WHERE id = $1`, []any{id("dh_kdh")}},
		{"duplicate invoice number (D8)", `UPDATE facturen SET factuurnummer = '2026-0001' WHERE id = $1`, []any{id("f_kut")}},
		{"total is not subtotal plus VAT (D7)", `UPDATE facturen SET totaal_bedrag_cents = 1 WHERE id = $1`, []any{id("f_kut")}},
		{"not paid without a reason", `UPDATE facturen SET betaal_methode = 'niet_betaald' WHERE id = $1`, []any{id("f_kut")}},
		{"applicant younger than 65", `UPDATE klusser_aanmeldingen SET leeftijd = 64 WHERE id = $1`, []any{id("a1")}},
		{"application without a day", `UPDATE klusser_aanmeldingen SET beschikbaarheid = '{}' WHERE id = $1`, []any{id("a1")}},
		{"unknown region on a profile", `UPDATE profiles SET regio = '{atlantis}' WHERE id = $1`, []any{kdhID}},
		{"upper-case e-mail", `UPDATE klussen SET email = 'A@EXAMPLE.NL' WHERE id = $1`, []any{id("dh_kdh")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := d.DB.InTx(ctx, actors["admin"], func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, c.sql, c.args...)
				return err
			})
			if err == nil {
				t.Fatalf("accepted: %s", c.sql)
			}
		})
	}

	t.Run("finished job cannot be reassigned", func(t *testing.T) {
		err := d.DB.InTx(ctx, actors["admin"], func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `UPDATE klussen SET status = 'afgerond' WHERE id = $1`, id("ut_kut")); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `UPDATE klussen SET klusser_id = $2 WHERE id = $1`, id("ut_kut"), kdhID)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "cannot be reassigned") {
			t.Fatalf("reassigning a finished job: %v", err)
		}
	})

	t.Run("completed work order locks its materials", func(t *testing.T) {
		err := d.DB.InTx(ctx, actors["admin"], func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `UPDATE werkbonnen SET status = 'completed', eind_tijd = now(), uren = 1 WHERE id = $1`, id("wb_kdh")); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO work_order_items (work_order_id, description, unit_price_cents, total_cents) VALUES ($1, 'm', 1, 1)`, id("wb_kdh"))
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "locked") {
			t.Fatalf("material on a completed work order: %v", err)
		}
	})
}

// TestClaimStaysInRegion: a klusser claims a pool job of its region, not of another, and cannot
// hand a job to someone else.
func TestClaimStaysInRegion(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	claim := func(a tenants.Actor, job string, to any) (int64, error) {
		var n int64
		err := d.DB.InTx(ctx, a, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, `UPDATE klussen SET klusser_id = $2, claimed_at = now()
				WHERE id = $1 AND klusser_id IS NULL`, id(job), to)
			n = tag.RowsAffected()
			return err
		})
		return n, err
	}
	if n, err := claim(actors["kdh"], "ut_pool", kdhID); err != nil || n != 0 {
		t.Fatalf("klusser den-haag claimed a utrecht job: n=%d err=%v", n, err)
	}
	if _, err := claim(actors["kdh"], "dh_pool", kutID); err == nil {
		t.Fatal("klusser den-haag gave a job to another klusser")
	}
	if n, err := claim(actors["kdh"], "dh_pool", kdhID); err != nil || n != 1 {
		t.Fatalf("klusser den-haag could not claim its region's pool job: n=%d err=%v", n, err)
	}
}

// TestDeletingACustomerKeepsInvoices: D11 removes a customer's jobs with their work orders,
// materials, photos and notifications in one statement; invoices stay for the books (D8).
func TestDeletingACustomerKeepsInvoices(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	d.As(t, actors["admin"], func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM klussen WHERE email = 'c@example.nl'`)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			t.Fatalf("deleted %d jobs", tag.RowsAffected())
		}
		var wb, items, photos, notes int
		var klus *string
		var nummer string
		if err := tx.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM werkbonnen WHERE id = $1),
			(SELECT count(*) FROM work_order_items WHERE work_order_id = $1),
			(SELECT count(*) FROM work_order_photos WHERE work_order_id = $1),
			(SELECT count(*) FROM notifications WHERE id = $2)`, id("wb_kdh"), id("n_admin")).Scan(&wb, &items, &photos, &notes); err != nil {
			return err
		}
		if wb+items+photos+notes != 0 {
			t.Fatalf("left behind: werkbon %d, items %d, photos %d, notifications %d", wb, items, photos, notes)
		}
		if err := tx.QueryRow(ctx, `SELECT klus_id::text, factuurnummer FROM facturen WHERE id = $1`, id("f_kdh")).Scan(&klus, &nummer); err != nil {
			return err
		}
		if klus != nil || nummer != "2026-0001" {
			t.Fatalf("invoice after delete: klus %v, nummer %s", klus, nummer)
		}
		return nil
	})
}

// TestDeletingAKlusserReleasesItsJobs: deleting a klusser returns its unfinished jobs to open and
// removes its work orders (document 001 section 8).
func TestDeletingAKlusserReleasesItsJobs(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	d.As(t, actors["admin"], func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM profiles WHERE id = $1`, kdhID); err != nil {
			return err
		}
		var status string
		var klusser, assignment *string
		if err := tx.QueryRow(ctx, `SELECT status, klusser_id::text, assignment_type FROM klussen WHERE id = $1`, id("dh_kdh2")).Scan(&status, &klusser, &assignment); err != nil {
			return err
		}
		if status != "open" || klusser != nil || assignment != nil {
			t.Fatalf("released job: status %s klusser %v assignment %v", status, klusser, assignment)
		}
		var wb int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM werkbonnen WHERE klusser_id = $1`, kdhID).Scan(&wb); err != nil {
			return err
		}
		if wb != 0 {
			t.Fatalf("%d work orders left", wb)
		}
		return nil
	})
}
