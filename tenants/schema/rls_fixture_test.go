package schema_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The people of the fixture: one admin, a franchise owner and a klusser in each of two regions.
var (
	adminID = uuid.MustParse("00000000-0000-0000-0000-00000000000a")
	fdhID   = uuid.MustParse("00000000-0000-0000-0000-0000000000f1") // franchise den-haag
	futID   = uuid.MustParse("00000000-0000-0000-0000-0000000000f2") // franchise utrecht
	kdhID   = uuid.MustParse("00000000-0000-0000-0000-0000000000c1") // klusser den-haag
	kutID   = uuid.MustParse("00000000-0000-0000-0000-0000000000c2") // klusser utrecht
)

// actors of the matrix, by short name.
var actors = map[string]tenants.Actor{
	"anon":  tenants.AnonymousActor(),
	"kdh":   {UserID: kdhID, Role: tenants.Klusser, Regions: []string{"den-haag"}},
	"kut":   {UserID: kutID, Role: tenants.Klusser, Regions: []string{"utrecht"}},
	"fdh":   {UserID: fdhID, Role: tenants.Franchise, Regions: []string{"den-haag"}},
	"fut":   {UserID: futID, Role: tenants.Franchise, Regions: []string{"utrecht"}},
	"admin": {UserID: adminID, Role: tenants.Admin},
}

var actorOrder = []string{"anon", "kdh", "kut", "fdh", "fut", "admin"}

// fixture ids by label.
var ids = map[string]uuid.UUID{}

func id(label string) uuid.UUID {
	if v, ok := ids[label]; ok {
		return v
	}
	v := uuid.New()
	ids[label] = v
	return v
}

// loadFixture writes the rows of the matrix as an admin, through the server's own role.
func loadFixture(t *testing.T, d *dbtest.Database) {
	t.Helper()
	admin := actors["admin"]
	d.As(t, admin, func(tx pgx.Tx) error {
		ctx := context.Background()
		stmts := []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO regions (slug, naam) VALUES ('zeeland', 'Zeeland')`, nil},
			{`INSERT INTO user_roles (user_id, role) VALUES ($1,'admin'), ($2,'franchise'), ($3,'franchise'), ($4,'klusser'), ($5,'klusser')`,
				[]any{adminID, fdhID, futID, kdhID, kutID}},
			{`INSERT INTO profiles (id, naam, email, telefoon, regio, actief, zichtbaar_op_website, gemiddelde_beoordeling) VALUES
				($1, 'F Den Haag', 'fdh@example.nl', '1', '{den-haag}', true, false, NULL),
				($2, 'F Utrecht', 'fut@example.nl', '2', '{utrecht}', true, false, NULL),
				($3, 'K Den Haag', 'kdh@example.nl', '06 1', '{den-haag}', true, true, 4.5),
				($4, 'K Utrecht', 'kut@example.nl', '06 2', '{utrecht}', true, false, 4.9)`,
				[]any{fdhID, futID, kdhID, kutID}},
			// Jobs: the pool and a fresh request in each region, and assigned ones.
			{`INSERT INTO klussen (id, status, assignment_type, regio, klusser_id, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, email) VALUES
				($1, 'open', 'pool', 'den-haag', NULL, 'montage', 'dh pool', current_date, 'ochtend', 'a', '2271 AB', 'Voorburg', '1', 'a@example.nl'),
				($2, 'open', NULL, 'den-haag', NULL, 'montage', 'dh new', current_date, 'ochtend', 'a', '2271 AB', 'Voorburg', '1', 'b@example.nl'),
				($3, 'ingepland', 'pool', 'den-haag', $6, 'montage', 'dh kdh', current_date, '09:00', 'a', '2271 AB', 'Voorburg', '1', 'c@example.nl'),
				($4, 'open', 'pool', 'utrecht', NULL, 'montage', 'ut pool', current_date, 'ochtend', 'a', '3511 AB', 'Utrecht', '1', 'd@example.nl'),
				($5, 'bezig', 'direct', 'utrecht', $7, 'montage', 'ut kut', current_date, '10:00', 'a', '3511 AB', 'Utrecht', '1', 'e@example.nl'),
				($8, 'ingepland', 'direct', 'den-haag', $6, 'montage', 'dh kdh2', current_date, '11:00', 'a', '2271 AB', 'Voorburg', '1', 'f@example.nl')`,
				[]any{id("dh_pool"), id("dh_new"), id("dh_kdh"), id("ut_pool"), id("ut_kut"), kdhID, kutID, id("dh_kdh2")}},
			{`INSERT INTO werkbonnen (id, klus_id, klusser_id, start_tijd) VALUES ($1, $2, $3, now()), ($4, $5, $6, now())`,
				[]any{id("wb_kdh"), id("dh_kdh"), kdhID, id("wb_kut"), id("ut_kut"), kutID}},
			// A finished job of the den-haag klusser, its work order completed, not yet invoiced: two
			// hours and 5 euro of material (the invoice insert case bills it).
			{`INSERT INTO klussen (id, status, assignment_type, regio, klusser_id, claimed_at, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, email)
				VALUES ($1, 'afgerond', 'direct', 'den-haag', $2, now() - interval '1 day', 'montage', 'dh done', current_date, '09:00', 'a', '2271 AB', 'Voorburg', '1', 'g@example.nl')`,
				[]any{id("dh_done"), kdhID}},
			{`INSERT INTO werkbonnen (id, klus_id, klusser_id, start_tijd) VALUES ($1, $2, $3, now() - interval '3 hours')`,
				[]any{id("wb_done"), id("dh_done"), kdhID}},
			{`INSERT INTO work_order_items (id, work_order_id, description, unit_price_cents, total_cents) VALUES ($1, $2, 'm', 100, 100), ($3, $4, 'm', 100, 100)`,
				[]any{id("item_kdh"), id("wb_kdh"), id("item_kut"), id("wb_kut")}},
			{`INSERT INTO work_order_items (work_order_id, description, unit_price_cents, total_cents) VALUES ($1, 'm', 500, 500)`,
				[]any{id("wb_done")}},
			{`UPDATE werkbonnen SET status = 'completed', eind_tijd = now() - interval '90 minutes', uren = 2 WHERE id = $1`,
				[]any{id("wb_done")}},
			{`INSERT INTO work_order_photos (id, work_order_id, type, url) VALUES ($1, $2, 'before', 'k1'), ($3, $4, 'after', 'k2')`,
				[]any{id("photo_kdh"), id("wb_kdh"), id("photo_kut"), id("wb_kut")}},
			{`INSERT INTO facturen (id, klus_id, klusser_id, regio, factuurnummer, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents) VALUES
				($1, $2, $3, 'den-haag', '2026-0001', 100, 21, 121), ($4, $5, $6, 'utrecht', '2026-0002', 100, 21, 121)`,
				[]any{id("f_kdh"), id("dh_kdh"), kdhID, id("f_kut"), id("ut_kut"), kutID}},
			{`INSERT INTO invoice_number_counters (jaar, laatste) VALUES (2026, 2)`, nil},
			{`INSERT INTO klusser_aanmeldingen (id, naam, telefoon, motivatie, beschikbaarheid) VALUES ($1, 'Kees', '06', 'graag', '{Maandag}')`,
				[]any{id("a1")}},
			{`INSERT INTO klusser_documents (id, klusser_id, document_type, file_name, file_url, content_type, file_size) VALUES
				($1, $2, 'vog', 'vog.pdf', 'k', 'application/pdf', 10)`, []any{id("doc_kdh"), kdhID}},
			{`INSERT INTO klusser_documents (id, aanmelding_id, document_type, file_name, file_url, content_type, file_size) VALUES
				($1, $2, 'vog', 'vog.pdf', 'k', 'application/pdf', 10)`, []any{id("doc_a1"), id("a1")}},
			{`INSERT INTO klusser_communications (id, aanmelding_id, type, content) VALUES ($1, $2, 'note', 'gebeld')`,
				[]any{id("comm_a1"), id("a1")}},
			{`INSERT INTO notifications (id, user_id, message, type, klus_id) VALUES ($1, $2, 'm', 'klus_opgepakt', $3), ($4, $5, 'Nieuwe klus beschikbaar in jouw regio!', 'nieuwe_klus', $6)`,
				[]any{id("n_admin"), adminID, id("dh_kdh"), id("n_kdh"), kdhID, id("dh_pool")}},
			{`INSERT INTO audit_log (actor_id, actor_role, action, entity, entity_id) VALUES ($1, 'admin', 'status', 'klus', 'x')`,
				[]any{adminID}},
			{`INSERT INTO exports (id, requested_by, soort) VALUES ($1, $2, 'uren')`, []any{id("e_admin"), adminID}},
		}
		for _, s := range stmts {
			if _, err := tx.Exec(ctx, s.sql, s.args...); err != nil {
				t.Fatalf("fixture %.60s: %v", s.sql, err)
			}
		}
		return nil
	})
	// D30: the payments and follow-up of the invoices, the bank statements of the central business
	// and of utrecht's own one. The klusser registers its payment at the door itself (its own
	// view of the payments is what it registered).
	d.As(t, actors["kdh"], func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), `INSERT INTO betalingen (id, factuur_id, datum, bedrag_cents, methode, bron, regio, geboekt_rol)
			VALUES ($1, $2, current_date, 50, 'pin', 'klusser', '', '')`, id("b_kdh"), id("f_kdh"))
		return err
	})
	d.As(t, admin, func(tx pgx.Tx) error {
		ctx := context.Background()
		for _, s := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO betalingen (id, factuur_id, datum, bedrag_cents, methode, bron, regio, geboekt_rol) VALUES
				($1, $2, current_date, 20, 'bank', 'kantoor', '', ''), ($3, $4, current_date, 121, 'bank', 'kantoor', '', '')`,
				[]any{id("b_off"), id("f_kdh"), id("b_kut"), id("f_kut")}},
			{`INSERT INTO factuur_gebeurtenissen (id, factuur_id, regio, soort, door_rol) VALUES
				($1, $2, '', 'bespreking_aan', ''), ($3, $4, '', 'bespreking_aan', '')`,
				[]any{id("g_kdh"), id("f_kdh"), id("g_kut"), id("f_kut")}},
			{`INSERT INTO factuur_uitgevers (id, regio, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
				VALUES ('utrecht', 'utrecht', 'UT B.V.', 'a', '3511 AB', 'Utrecht', '87654321', 'NL987654321B01', 'NL44RABO0123456789', 'UT')`, nil},
			{`INSERT INTO bankafschriften (id, uitgever_id, iban, versie, sha256, ingelezen_rol) VALUES
				($1, 'centraal', 'NL91ABNA0417164300', 'camt.053.001.02', repeat('a', 64), ''),
				($2, 'utrecht', 'NL44RABO0123456789', 'camt.053.001.02', repeat('b', 64), '')`, []any{id("ba_c"), id("ba_ut")}},
			{`INSERT INTO bank_posten (id, afschrift_id, uitgever_id, ref, boekdatum, bedrag_cents, valuta, credit, status) VALUES
				($1, $2, 'centraal', 'bank:1', current_date, 100, 'EUR', true, 'voorstel'),
				($3, $4, 'utrecht', 'bank:1', current_date, 100, 'EUR', true, 'voorstel')`,
				[]any{id("bp_c"), id("ba_c"), id("bp_ut"), id("ba_ut")}},
		} {
			if _, err := tx.Exec(ctx, s.sql, s.args...); err != nil {
				t.Fatalf("fixture %.60s: %v", s.sql, err)
			}
		}
		return nil
	})
	// D31, D32: the den-haag klusser enters its own bank account; statements of the central
	// business (den-haag's klusser) and of utrecht's own business, a line on each, a batch of
	// utrecht's, utrecht's fee percentage and a fee statement.
	d.As(t, actors["kdh"], func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), `INSERT INTO klusser_bankrekeningen (klusser_id, iban, rekeninghouder) VALUES ($1, 'NL91ABNA0417164300', 'K Den Haag')`, kdhID)
		return err
	})
	d.As(t, admin, func(tx pgx.Tx) error {
		ctx := context.Background()
		for _, s := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO uitbetalingen (id, nummer, klusser_id, klusser_naam, uitgever_id, maand) VALUES
				($1, 'UB202610-0001', $2, 'K Den Haag', 'centraal', '2026-10-01'), ($3, 'UB202610-0002', $4, 'K Utrecht', 'utrecht', '2026-10-01')`,
				[]any{id("u_kdh"), kdhID, id("u_kut"), kutID}},
			{`INSERT INTO uitbetaling_regels (id, uitbetaling_id, soort, datum, uren, tarief_cents, bedrag_cents) VALUES
				($1, $2, 'werk', '2026-10-05', 2, 3500, 7000), ($3, $4, 'werk', '2026-10-06', 1, 3500, 3500)`,
				[]any{id("r_kdh"), id("u_kdh"), id("r_kut"), id("u_kut")}},
			{`INSERT INTO betaalbatches (id, uitgever_id, bericht_id, uitvoerdatum, aantal, totaal_cents) VALUES ($1, 'utrecht', 'KM-TEST-1', '2026-11-02', 1, 3500)`,
				[]any{id("bb_ut")}},
			{`INSERT INTO afdracht_percentages (regio, percentage) VALUES ('utrecht', 7.5)`, nil},
			{`INSERT INTO afdrachten (id, uitgever_id, regio, maand, omzet_cents, percentage, bedrag_cents) VALUES ($1, 'utrecht', 'utrecht', '2026-10-01', 10000, 7.5, 750)`,
				[]any{id("af_ut")}},
		} {
			if _, err := tx.Exec(ctx, s.sql, s.args...); err != nil {
				t.Fatalf("fixture %.60s: %v", s.sql, err)
			}
		}
		return nil
	})
	// An export can only be made in one's own name, so the franchise owner makes its own.
	d.As(t, actors["fdh"], func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), `INSERT INTO exports (id, requested_by, soort) VALUES ($1, $2, 'uren')`, id("e_fdh"), fdhID)
		return err
	})
}

// oneConnection is the server's door to d with a pool of one connection, so that consecutive
// transactions share it, as they may in production.
func oneConnection(t *testing.T, d *dbtest.Database) *tenants.DB {
	t.Helper()
	cfg := d.Config()
	cfg.URL += "?pool_max_conns=1"
	single, err := tenants.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(single.Close)
	return single
}
