package schema_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// table describes how the matrix finds and touches the labelled rows of one table.
type table struct {
	name, key, touch string
	rows             map[string]string // label -> key value as text
}

// access is what one actor can do to a table's labelled rows: space-separated labels.
type access struct{ sel, upd, del string }

func byID(labels ...string) map[string]string {
	m := map[string]string{}
	for _, l := range labels {
		m[l] = id(l).String()
	}
	return m
}

var tables = []table{
	{"klussen", "id", "beschrijving = beschrijving", byID("dh_pool", "dh_new", "dh_kdh", "dh_kdh2", "ut_pool", "ut_kut")},
	{"profiles", "id", "naam = naam", map[string]string{"p_fdh": fdhID.String(), "p_fut": futID.String(), "p_kdh": kdhID.String(), "p_kut": kutID.String()}},
	{"user_roles", "user_id", "role = role", map[string]string{"r_admin": adminID.String(), "r_fdh": fdhID.String(), "r_fut": futID.String(), "r_kdh": kdhID.String(), "r_kut": kutID.String()}},
	{"werkbonnen", "id", "opmerkingen = opmerkingen", byID("wb_kdh", "wb_kut")},
	{"work_order_items", "id", "description = description", byID("item_kdh", "item_kut")},
	{"work_order_photos", "id", "url = url", byID("photo_kdh", "photo_kut")},
	{"facturen", "id", "pdf_url = pdf_url", byID("f_kdh", "f_kut")},
	{"invoice_number_counters", "jaar", "laatste = laatste", map[string]string{"c2026": "2026"}},
	{"klusser_aanmeldingen", "id", "notities = notities", byID("a1")},
	{"klusser_documents", "id", "notes = notes", byID("doc_kdh", "doc_a1")},
	{"klusser_communications", "id", "content = content", byID("comm_a1")},
	{"notifications", "id", "read_at = read_at", byID("n_admin", "n_kdh")},
	{"app_settings", "setting_key", "setting_value = setting_value", map[string]string{"s_phone": "support_phone_default"}},
	{"franchise_settings", "regio", "support_phone = support_phone", map[string]string{"fs_dh": "den-haag", "fs_ut": "utrecht"}},
	{"audit_log", "entity_id", "action = action", map[string]string{"al1": "x"}},
	// Job events are keyed by job: each fixture job has exactly one (its INSERT).
	{"klus_events", "klus_id", "op = op", map[string]string{"ev_dh_pool": id("dh_pool").String(), "ev_dh_new": id("dh_new").String(),
		"ev_dh_kdh": id("dh_kdh").String(), "ev_dh_kdh2": id("dh_kdh2").String(), "ev_ut_pool": id("ut_pool").String(), "ev_ut_kut": id("ut_kut").String()}},
	{"exports", "id", "voortgang = voortgang", byID("e_admin", "e_fdh")},
	{"regions", "slug", "naam = naam", map[string]string{"reg_dh": "den-haag", "reg_ze": "zeeland"}},
	{"region_towns", "woonplaats", "naam = naam", map[string]string{"town_voorburg": "voorburg"}},
	{"categories", "key", "label = label", map[string]string{"cat_montage": "montage"}},
	{"betalingen", "id", "notitie = notitie", byID("b_kdh", "b_off", "b_kut")},
	{"factuur_gebeurtenissen", "id", "gegevens = gegevens", byID("g_kdh", "g_kut")},
	{"bankafschriften", "id", "geboekt = geboekt", byID("ba_c", "ba_ut")},
	{"bank_posten", "id", "status = status", byID("bp_c", "bp_ut")},
	{"klusser_bankrekeningen", "klusser_id", "rekeninghouder = rekeninghouder", map[string]string{"kb_kdh": kdhID.String()}},
	{"uitbetalingen", "id", "klusser_naam = klusser_naam", byID("u_kdh", "u_kut")},
	{"uitbetaling_regels", "id", "omschrijving = omschrijving", byID("r_kdh", "r_kut")},
	{"betaalbatches", "id", "aantal = aantal", byID("bb_ut")},
	{"afdracht_percentages", "regio", "percentage = percentage", map[string]string{"ap_ut": "utrecht"}},
	{"afdrachten", "id", "facturen = facturen", byID("af_ut")},
}

// expected is the RLS matrix: document 000 and 001 section 6, D3-D6. Absent actors can do nothing.
// (Admin deletes of den-haag and montage fail on foreign keys, not on policy: jobs refer to them.)
var expected = map[string]map[string]access{
	"klussen": {
		"kdh":   {"dh_pool dh_kdh dh_kdh2", "dh_kdh dh_kdh2", ""},
		"kut":   {"ut_pool ut_kut", "ut_kut", ""},
		"fdh":   {"dh_pool dh_new dh_kdh dh_kdh2", "", ""},
		"fut":   {"ut_pool ut_kut", "", ""},
		"admin": {"dh_pool dh_new dh_kdh dh_kdh2 ut_pool ut_kut", "dh_pool dh_new dh_kdh dh_kdh2 ut_pool ut_kut", "dh_pool dh_new dh_kdh dh_kdh2 ut_pool ut_kut"},
	},
	"profiles": {
		"kdh":   {"p_kdh", "", ""},
		"kut":   {"p_kut", "", ""},
		"fdh":   {"p_fdh p_kdh", "", ""},
		"fut":   {"p_fut p_kut", "", ""},
		"admin": {"p_fdh p_fut p_kdh p_kut", "p_fdh p_fut p_kdh p_kut", "p_fdh p_fut p_kdh p_kut"},
	},
	"user_roles": {
		"kdh": {"r_kdh", "", ""},
		"kut": {"r_kut", "", ""},
		// A franchise owner knows the klussers of its own regions only.
		"fdh":   {"r_fdh r_kdh", "", ""},
		"fut":   {"r_fut r_kut", "", ""},
		"admin": {"r_admin r_fdh r_fut r_kdh r_kut", "r_admin r_fdh r_fut r_kdh r_kut", "r_admin r_fdh r_fut r_kdh r_kut"},
	},
	"werkbonnen": {
		"kdh": {"wb_kdh", "wb_kdh", ""},
		"kut": {"wb_kut", "wb_kut", ""},
		// A franchise owner reads its regions' work orders, never writes (migration 021).
		"fdh":   {"wb_kdh", "", ""},
		"fut":   {"wb_kut", "", ""},
		"admin": {"wb_kdh wb_kut", "wb_kdh wb_kut", "wb_kdh wb_kut"},
	},
	"work_order_items": {
		"kdh":   {"item_kdh", "item_kdh", "item_kdh"},
		"kut":   {"item_kut", "item_kut", "item_kut"},
		"admin": {"item_kdh item_kut", "item_kdh item_kut", "item_kdh item_kut"},
	},
	"work_order_photos": {
		"kdh":   {"photo_kdh", "photo_kdh", "photo_kdh"},
		"kut":   {"photo_kut", "photo_kut", "photo_kut"},
		"admin": {"photo_kdh photo_kut", "photo_kdh photo_kut", "photo_kdh photo_kut"},
	},
	"facturen": {
		"kdh": {"f_kdh", "f_kdh", ""},
		"kut": {"f_kut", "f_kut", ""},
		"fdh": {"f_kdh", "", ""},
		"fut": {"f_kut", "", ""},
		// An issued invoice is never deleted, not even by an admin (D28, migration 027).
		"admin": {"f_kdh f_kut", "f_kdh f_kut", ""},
	},
	// D30: a payment is never changed or removed, by anyone; a klusser sees what it registered
	// itself, a franchise owner its regions' payments, follow-up and its own business's statements
	// (the central business's are the admins'). A statement's entry changes only when the office
	// books or ignores it (a no-op update is refused too).
	"betalingen": {
		"kdh":   {"b_kdh", "", ""},
		"fdh":   {"b_kdh b_off", "", ""},
		"fut":   {"b_kut", "", ""},
		"admin": {"b_kdh b_off b_kut", "", ""},
	},
	"factuur_gebeurtenissen": {
		"fdh":   {"g_kdh", "", ""},
		"fut":   {"g_kut", "", ""},
		"admin": {"g_kdh g_kut", "", ""},
	},
	"bankafschriften": {
		"fut":   {"ba_ut", "ba_ut", ""},
		"admin": {"ba_c ba_ut", "ba_c ba_ut", ""},
	},
	"bank_posten": {
		"fut":   {"bp_ut", "", ""},
		"admin": {"bp_c bp_ut", "", ""},
	},
	// D31: a klusser's bank account is its own and its regions' franchise owner's to read (its
	// business pays it); a statement is read by its klusser and handled by its business (the
	// central business's by admins); a batch is never changed but by its carrying out.
	"klusser_bankrekeningen": {
		"kdh":   {"kb_kdh", "kb_kdh", "kb_kdh"},
		"fdh":   {"kb_kdh", "", ""},
		"admin": {"kb_kdh", "kb_kdh", "kb_kdh"},
	},
	"uitbetalingen": {
		"kdh":   {"u_kdh", "", ""},
		"kut":   {"u_kut", "", ""},
		"fut":   {"u_kut", "u_kut", ""},
		"admin": {"u_kdh u_kut", "u_kdh u_kut", ""},
	},
	"uitbetaling_regels": {
		"kdh":   {"r_kdh", "", ""},
		"kut":   {"r_kut", "", ""},
		"fut":   {"r_kut", "", ""},
		"admin": {"r_kdh r_kut", "", ""},
	},
	"betaalbatches": {
		"fut":   {"bb_ut", "", ""},
		"admin": {"bb_ut", "", ""},
	},
	// D32: only admins set a percentage; a franchise owner reads its own, and its fee statements.
	"afdracht_percentages": {
		"fut":   {"ap_ut", "", ""},
		"admin": {"ap_ut", "ap_ut", ""},
	},
	"afdrachten": {
		"fut":   {"af_ut", "", ""},
		"admin": {"af_ut", "af_ut", ""},
	},
	"invoice_number_counters": {
		"kdh":   {"c2026", "c2026", ""},
		"kut":   {"c2026", "c2026", ""},
		"admin": {"c2026", "c2026", ""},
	},
	"klusser_aanmeldingen":   {"admin": {"a1", "a1", "a1"}},
	"klusser_documents":      {"kdh": {"doc_kdh", "", ""}, "admin": {"doc_kdh doc_a1", "doc_kdh doc_a1", "doc_kdh doc_a1"}},
	"klusser_communications": {"admin": {"comm_a1", "comm_a1", "comm_a1"}},
	"notifications": {
		"kdh":   {"n_kdh", "n_kdh", ""},
		"admin": {"n_admin n_kdh", "n_admin n_kdh", "n_admin n_kdh"},
	},
	"app_settings": {
		"kdh": {"s_phone", "", ""}, "kut": {"s_phone", "", ""}, "fdh": {"s_phone", "", ""}, "fut": {"s_phone", "", ""},
		"admin": {"s_phone", "s_phone", "s_phone"},
	},
	"franchise_settings": {
		"kdh":   {"fs_dh", "", ""},
		"kut":   {"fs_ut", "", ""},
		"fdh":   {"fs_dh", "fs_dh", ""},
		"fut":   {"fs_ut", "fs_ut", ""},
		"admin": {"fs_dh fs_ut", "fs_dh fs_ut", "fs_dh fs_ut"},
	},
	"audit_log": {"admin": {"al1", "", ""}},
	// Events follow the jobs: the same rows each actor may read in klussen (no one updates them;
	// admins may prune them).
	"klus_events": {
		"kdh":   {"ev_dh_pool ev_dh_kdh ev_dh_kdh2", "", ""},
		"kut":   {"ev_ut_pool ev_ut_kut", "", ""},
		"fdh":   {"ev_dh_pool ev_dh_new ev_dh_kdh ev_dh_kdh2", "", ""},
		"fut":   {"ev_ut_pool ev_ut_kut", "", ""},
		"admin": {"ev_dh_pool ev_dh_new ev_dh_kdh ev_dh_kdh2 ev_ut_pool ev_ut_kut", "", "ev_dh_pool ev_dh_new ev_dh_kdh ev_dh_kdh2 ev_ut_pool ev_ut_kut"},
	},
	// An export is its requester's alone, admins included.
	"exports": {
		"fdh":   {"e_fdh", "e_fdh", ""},
		"admin": {"e_admin", "e_admin", ""},
	},
	"regions": {
		"anon": {"reg_dh reg_ze", "", ""}, "kdh": {"reg_dh reg_ze", "", ""}, "kut": {"reg_dh reg_ze", "", ""},
		"fdh": {"reg_dh reg_ze", "", ""}, "fut": {"reg_dh reg_ze", "", ""},
		"admin": {"reg_dh reg_ze", "reg_dh reg_ze", "reg_ze"},
	},
	"region_towns": {
		"anon": {"town_voorburg", "", ""}, "kdh": {"town_voorburg", "", ""}, "kut": {"town_voorburg", "", ""},
		"fdh": {"town_voorburg", "", ""}, "fut": {"town_voorburg", "", ""},
		"admin": {"town_voorburg", "town_voorburg", "town_voorburg"},
	},
	"categories": {
		"anon": {"cat_montage", "", ""}, "kdh": {"cat_montage", "", ""}, "kut": {"cat_montage", "", ""},
		"fdh": {"cat_montage", "", ""}, "fut": {"cat_montage", "", ""},
		"admin": {"cat_montage", "cat_montage", ""},
	},
}

// insertCase is one attempt to add a row, and the actors that may.
type insertCase struct {
	name, sql string
	args      func() []any
	allowed   string
}

var insertCases = []insertCase{
	{"public job request", `INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
		VALUES ('den-haag', 'montage', 'x', current_date, 'ochtend', 'a', '2271 AB', 'Voorburg', '1')`, nil, "anon kdh kut fdh fut admin"},
	{"job assigned on creation", `INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, klusser_id, assignment_type, status)
		VALUES ('den-haag', 'montage', 'x', current_date, '09:00', 'a', '2271 AB', 'Voorburg', '1', $1, 'direct', 'ingepland')`, func() []any { return []any{kdhID} }, "admin"},
	{"job request in another customer's name", `INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, klant_id)
		VALUES ('den-haag', 'montage', 'x', current_date, 'ochtend', 'a', '2271 AB', 'Voorburg', '1', $1)`, func() []any { return []any{adminID} }, "admin"},
	{"profile", `INSERT INTO profiles (id, naam) VALUES (gen_random_uuid(), 'Nieuw')`, nil, "admin"},
	{"role", `INSERT INTO user_roles (user_id, role) VALUES (gen_random_uuid(), 'admin')`, nil, "admin"},
	{"work order for own job", `INSERT INTO werkbonnen (klus_id, klusser_id) VALUES ($1, $2)`, func() []any { return []any{id("dh_kdh2"), kdhID} }, "kdh admin"},
	{"material on own work order", `INSERT INTO work_order_items (work_order_id, description, unit_price_cents, total_cents) VALUES ($1, 'm', 5, 5)`, func() []any { return []any{id("wb_kdh")} }, "kdh admin"},
	{"photo on own work order", `INSERT INTO work_order_photos (work_order_id, type, url) VALUES ($1, 'after', 'k')`, func() []any { return []any{id("wb_kdh")} }, "kdh admin"},
	// D7: two hours at 65 euro plus 5 euro of material, 21 % VAT.
	{"invoice for own job", `INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, uren, uurtarief_cents, materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
		VALUES ($1, $2, 'den-haag', '2026-0003', 2, 6500, 500, 13500, 2835, 16335)`, func() []any { return []any{id("dh_done"), kdhID} }, "kdh admin"},
	{"invoice counter of a new year", `INSERT INTO invoice_number_counters (jaar) VALUES (2031)`, nil, "kdh kut admin"},
	{"public application", `INSERT INTO klusser_aanmeldingen (naam, telefoon, motivatie, beschikbaarheid) VALUES ('A', '06', 'm', '{Maandag}')`, nil, "anon kdh kut fdh fut admin"},
	{"application already approved", `INSERT INTO klusser_aanmeldingen (naam, telefoon, motivatie, beschikbaarheid, status) VALUES ('A', '06', 'm', '{Maandag}', 'goedgekeurd')`, nil, "admin"},
	{"document", `INSERT INTO klusser_documents (klusser_id, document_type, file_name, file_url, content_type, file_size) VALUES ($1, 'id_bewijs', 'id.pdf', 'k', 'application/pdf', 1)`, func() []any { return []any{kdhID} }, "admin"},
	{"communication", `INSERT INTO klusser_communications (aanmelding_id, type, content) VALUES ($1, 'note', 'n')`, func() []any { return []any{id("a1")} }, "admin"},
	{"notification", `INSERT INTO notifications (user_id, message, type) VALUES ($1, 'm', 'nieuwe_klus')`, func() []any { return []any{kdhID} }, "admin"},
	{"setting", `INSERT INTO app_settings (setting_key) VALUES ('iets_nieuws')`, nil, "admin"},
	{"franchise settings of a region", `INSERT INTO franchise_settings (regio) VALUES ('zeeland')`, nil, "admin"},
	{"export in own name", `INSERT INTO exports (requested_by, soort) VALUES ($1, 'uren')`, func() []any { return []any{kdhID} }, "kdh"},
	{"region", `INSERT INTO regions (slug, naam) VALUES ('limburg', 'Limburg')`, nil, "admin"},
	{"door payment on own invoice", `INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, regio, geboekt_rol)
		VALUES ($1, current_date, 1, 'pin', 'klusser', '', '')`, func() []any { return []any{id("f_kdh")} }, "kdh admin"},
	{"office payment", `INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, regio, geboekt_rol)
		VALUES ($1, current_date, 1, 'bank', 'kantoor', '', '')`, func() []any { return []any{id("f_kdh")} }, "fdh admin"},
	{"payment above what is open", `INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, regio, geboekt_rol)
		VALUES ($1, current_date, 52, 'bank', 'kantoor', '', '')`, func() []any { return []any{id("f_kdh")} }, ""},
	{"dispute of an invoice", `INSERT INTO factuur_gebeurtenissen (factuur_id, regio, soort, door_rol) VALUES ($1, '', 'bespreking_uit', '')`,
		func() []any { return []any{id("f_kdh")} }, "fdh admin"},
	{"reminder recorded", `INSERT INTO factuur_gebeurtenissen (factuur_id, regio, soort, door_rol) VALUES ($1, '', 'herinnering', '')`,
		func() []any { return []any{id("f_kdh")} }, "admin"},
	{"statement of the central business", `INSERT INTO bankafschriften (uitgever_id, iban, versie, sha256, ingelezen_rol)
		VALUES ('centraal', 'NL91ABNA0417164300', 'camt.053.001.02', repeat('c', 64), '')`, nil, "admin"},
	{"statement of utrecht's business", `INSERT INTO bankafschriften (uitgever_id, iban, versie, sha256, ingelezen_rol)
		VALUES ('utrecht', 'NL44RABO0123456789', 'camt.053.001.02', repeat('d', 64), '')`, nil, "fut admin"},
	{"own bank account", `INSERT INTO klusser_bankrekeningen (klusser_id, iban, rekeninghouder) VALUES ($1, 'NL02ABNA0123456789', 'K Utrecht')`,
		func() []any { return []any{kutID} }, "kut admin"},
	{"bank account with wrong check digits", `INSERT INTO klusser_bankrekeningen (klusser_id, iban, rekeninghouder) VALUES ($1, 'NL03ABNA0123456789', 'K Utrecht')`,
		func() []any { return []any{kutID} }, ""},
	{"statement of the central business", `INSERT INTO uitbetalingen (nummer, klusser_id, klusser_naam, uitgever_id, maand)
		VALUES ('UB202611-0009', $1, 'K', 'centraal', '2026-11-01')`, func() []any { return []any{kdhID} }, "admin"},
	{"statement already approved", `INSERT INTO uitbetalingen (nummer, klusser_id, klusser_naam, uitgever_id, maand, status, goedgekeurd_at)
		VALUES ('UB202611-0010', $1, 'K', 'utrecht', '2026-11-01', 'goedgekeurd', now())`, func() []any { return []any{kutID} }, ""},
	{"fee percentage", `INSERT INTO afdracht_percentages (regio, percentage) VALUES ('den-haag', 9)`, nil, "admin"},
	{"audit entry in own name", `INSERT INTO audit_log (actor_id, actor_role, action, entity, entity_id) VALUES (actor_id(), actor_role(), 'a', 'e', 'y')`, nil, "anon kdh kut fdh fut admin"},
	{"audit entry in an admin's name", `INSERT INTO audit_log (actor_id, actor_role, action, entity, entity_id) VALUES ($1, 'admin', 'a', 'e', 'y')`, func() []any { return []any{adminID} }, "admin"},
}

// TestRLSMatrix asserts, for every actor and tenant table, exactly which fixture rows the server's
// role can select, update and delete, and which inserts it may make (D4).
func TestRLSMatrix(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	checks := 0

	for _, tb := range tables {
		for _, name := range actorOrder {
			want := expected[tb.name][name]
			t.Run(tb.name+"/"+name, func(t *testing.T) {
				var sel, upd, del []string
				err := d.DB.InTx(ctx, actors[name], func(tx pgx.Tx) error {
					var err error
					if sel, err = visible(ctx, tx, tb); err != nil {
						return err
					}
					upd = attempt(ctx, t, tx, tb, fmt.Sprintf("UPDATE %s SET %s WHERE %s::text = $1", tb.name, tb.touch, tb.key))
					del = attempt(ctx, t, tx, tb, fmt.Sprintf("DELETE FROM %s WHERE %s::text = $1", tb.name, tb.key))
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				assertLabels(t, "select", sel, want.sel)
				assertLabels(t, "update", upd, want.upd)
				assertLabels(t, "delete", del, want.del)
			})
			checks += 3 * len(tb.rows)
		}
	}

	for _, ic := range insertCases {
		for _, name := range actorOrder {
			t.Run("insert "+ic.name+"/"+name, func(t *testing.T) {
				var args []any
				if ic.args != nil {
					args = ic.args()
				}
				var insErr error
				err := d.DB.InTx(ctx, actors[name], func(tx pgx.Tx) error {
					_, insErr = tx.Exec(ctx, ic.sql, args...)
					return errors.New("roll back")
				})
				if err == nil {
					t.Fatal("transaction should have rolled back")
				}
				allowed := slices.Contains(strings.Fields(ic.allowed), name)
				if allowed && insErr != nil {
					t.Errorf("%s should be allowed to insert %s: %v", name, ic.name, insErr)
				}
				if !allowed && insErr == nil {
					t.Errorf("%s inserted %s, which it must not", name, ic.name)
				}
			})
			checks++
		}
	}
	t.Logf("RLS matrix: %d actors x %d tables, %d row-level checks and %d insert checks, %d in all",
		len(actorOrder), len(tables), checks-len(insertCases)*len(actorOrder), len(insertCases)*len(actorOrder), checks)
}

// visible returns the labels of the rows the actor can select.
func visible(ctx context.Context, tx pgx.Tx, tb table) ([]string, error) {
	keys := make([]string, 0, len(tb.rows))
	for _, k := range tb.rows {
		keys = append(keys, k)
	}
	rows, err := tx.Query(ctx, fmt.Sprintf("SELECT %s::text FROM %s WHERE %s::text = ANY($1)", tb.key, tb.name, tb.key), keys)
	if err != nil {
		return nil, err
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	return labelsOf(tb, got), nil
}

// attempt runs stmt for each labelled row in a savepoint that is always rolled back, and returns
// the labels where it changed exactly one row without error.
func attempt(ctx context.Context, t *testing.T, tx pgx.Tx, tb table, stmt string) []string {
	var ok []string
	for label, key := range tb.rows {
		sp, err := tx.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tag, err := sp.Exec(ctx, stmt, key)
		if err == nil && tag.RowsAffected() == 1 {
			ok = append(ok, label)
		}
		if err := sp.Rollback(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return ok
}

func labelsOf(tb table, keys []string) []string {
	var out []string
	for label, key := range tb.rows {
		if slices.Contains(keys, key) {
			out = append(out, label)
		}
	}
	return out
}

func assertLabels(t *testing.T, op string, got []string, want string) {
	t.Helper()
	w := strings.Fields(want)
	sort.Strings(got)
	sort.Strings(w)
	if !slices.Equal(got, w) {
		t.Errorf("%s: got %v, want %v", op, got, w)
	}
}
