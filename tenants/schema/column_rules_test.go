package schema_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// columnCase is one write as a non-admin actor, in a transaction that is rolled back.
type columnCase struct {
	name, actor, sql string
	args             func() []any
	allowed          bool
}

func jobArgs(label string) func() []any { return func() []any { return []any{id(label)} } }

// columnCases: what a klusser, a franchise owner and a visitor may change in rows that row-level
// security lets them write (document 001 sections 4 and 5, D2, D7, D17, D18, D23).
var columnCases = []columnCase{
	// Jobs: the klusser's transitions.
	{"klusser claims a pool job of its region", "kdh", `UPDATE klussen SET klusser_id = actor_id(), claimed_at = now() WHERE id = $1`, jobArgs("dh_pool"), true},
	{"klusser backdates its claim", "kdh", `UPDATE klussen SET klusser_id = actor_id(), claimed_at = now() - interval '1 day' WHERE id = $1`, jobArgs("dh_pool"), false},
	{"klusser claims and plans in one go", "kdh", `UPDATE klussen SET klusser_id = actor_id(), claimed_at = now(), status = 'ingepland' WHERE id = $1`, jobArgs("dh_pool"), false},
	{"klusser claims and raises the rate", "kdh", `UPDATE klussen SET klusser_id = actor_id(), claimed_at = now(), geschat_tarief_cents = 9900 WHERE id = $1`, jobArgs("dh_pool"), false},
	{"klusser plans its job", "kdh", `UPDATE klussen SET geplande_start_tijd = now() + interval '1 day', klusser_telefoon = '06 1', status = 'ingepland' WHERE id = $1`, jobArgs("dh_kdh"), true},
	{"klusser changes its plan a third time (D18)", "kdh", `UPDATE klussen SET geplande_start_tijd = now() + interval '3 days', planning_changes_count = 3 WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser changes its plan without counting", "kdh", `UPDATE klussen SET geplande_start_tijd = now() + interval '3 days' WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser resets the change count", "kdh", `UPDATE klussen SET planning_changes_count = 0 WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser moves its job to another region", "kdh", `UPDATE klussen SET regio = 'utrecht' WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser rewrites the rate", "kdh", `UPDATE klussen SET geschat_tarief_cents = 1 WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser rewrites the duration", "kdh", `UPDATE klussen SET geschatte_duur = 8 WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser rewrites the description", "kdh", `UPDATE klussen SET beschrijving = 'iets anders' WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser archives its job", "kdh", `UPDATE klussen SET archived = true WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser hands its job to another", "kdh", `UPDATE klussen SET klusser_id = $2 WHERE id = $1`, func() []any { return []any{id("dh_kdh2"), kutID} }, false},
	{"klusser starts its planned job", "kdh", `UPDATE klussen SET status = 'bezig' WHERE id = $1`, jobArgs("dh_kdh2"), true},
	{"klusser finishes a job it has not started", "kdh", `UPDATE klussen SET status = 'afgerond' WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser reopens its finished job", "kdh", `UPDATE klussen SET status = 'open' WHERE id = $1`, jobArgs("dh_done"), false},
	{"klusser restarts its finished job", "kdh", `UPDATE klussen SET status = 'bezig' WHERE id = $1`, jobArgs("dh_done"), false},
	{"klusser registers payment of its finished job", "kdh", `UPDATE klussen SET betaald = true WHERE id = $1`, jobArgs("dh_done"), true},
	{"klusser marks an unfinished job paid", "kdh", `UPDATE klussen SET betaald = true WHERE id = $1`, jobArgs("dh_kdh2"), false},
	{"klusser changes material costs of a finished job", "kdh", `UPDATE klussen SET materiaal_kosten_cents = 100000 WHERE id = $1`, jobArgs("dh_done"), false},

	// Public requests (policy public_request): the server's region (D2) and the default estimate.
	{"request in the region of its town", "anon", publicRequest("den-haag", "Voorburg", "montage", 6500), nil, true},
	{"request in another region than its town's", "anon", publicRequest("utrecht", "Voorburg", "montage", 6500), nil, false},
	{"request with its own rate", "anon", publicRequest("den-haag", "Voorburg", "montage", 100), nil, false},
	{"request in a back-office category", "kdh", publicRequest("den-haag", "Voorburg", "overig", 6500), nil, false},

	// Work orders.
	{"klusser writes remarks on its running work order", "kdh", `UPDATE werkbonnen SET opmerkingen = 'klaar' WHERE id = $1`, jobArgs("wb_kdh"), true},
	{"klusser moves its timer start back", "kdh", `UPDATE werkbonnen SET start_tijd = start_tijd - interval '5 hours' WHERE id = $1`, jobArgs("wb_kdh"), false},
	{"klusser writes internal notes", "kdh", `UPDATE werkbonnen SET notes_internal = 'x' WHERE id = $1`, jobArgs("wb_kdh"), false},
	{"klusser moves its work order to another job", "kdh", `UPDATE werkbonnen SET klus_id = $2 WHERE id = $1`, func() []any { return []any{id("wb_kdh"), id("dh_kdh2")} }, false},
	{"klusser sets hours without completing", "kdh", `UPDATE werkbonnen SET uren = 9 WHERE id = $1`, jobArgs("wb_kdh"), false},
	{"klusser completes with more hours than its timer", "kdh", completeWorkOrder("9"), jobArgs("wb_kdh"), false},
	{"klusser completes without a signature", "kdh", `UPDATE werkbonnen SET status = 'completed', eind_tijd = now(), uren = ceil(extract(epoch FROM now() - start_tijd) / 3600)::int,
		rating_algemeen = 5, rating_netheid = 5, rating_vriendelijkheid = 5, rating_vakmanschap = 5 WHERE id = $1`, jobArgs("wb_kdh"), false},
	{"klusser completes its work order", "kdh", completeWorkOrder("ceil(extract(epoch FROM now() - start_tijd) / 3600)::int"), jobArgs("wb_kdh"), true},
	{"klusser opens a work order with a start before its claim", "kdh", `INSERT INTO werkbonnen (klus_id, klusser_id, start_tijd) VALUES ($1, actor_id(), now() - interval '2 hours')`, jobArgs("dh_kdh2"), false},
	{"klusser opens a work order already completed", "kdh", `INSERT INTO werkbonnen (klus_id, klusser_id, status, eind_tijd, uren) VALUES ($1, actor_id(), 'completed', now(), 8)`, jobArgs("dh_kdh2"), false},
	{"klusser opens a work order now", "kdh", `INSERT INTO werkbonnen (klus_id, klusser_id, start_tijd) VALUES ($1, actor_id(), now())`, jobArgs("dh_kdh2"), true},

	// Invoices (D7) and their counter (D8).
	{"klusser bills a different amount", "kdh", `INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, uren, uurtarief_cents, materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
		VALUES ($1, actor_id(), 'den-haag', '2026-0003', 2, 6500, 500, 100, 21, 121)`, jobArgs("dh_done"), false},
	{"klusser bills more hours", "kdh", `INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, uren, uurtarief_cents, materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
		VALUES ($1, actor_id(), 'den-haag', '2026-0003', 3, 6500, 500, 20000, 4200, 24200)`, jobArgs("dh_done"), false},
	{"klusser rewrites its invoice's total", "kdh", `UPDATE facturen SET subtotaal_cents = 1, btw_bedrag_cents = 0, totaal_bedrag_cents = 1 WHERE id = $1`, jobArgs("f_kdh"), false},
	{"klusser registers payment in cash", "kdh", `UPDATE facturen SET betaal_methode = 'contant' WHERE id = $1`, jobArgs("f_kdh"), true},
	{"klusser registers a bank payment", "kdh", `UPDATE facturen SET betaal_methode = 'bank' WHERE id = $1`, jobArgs("f_kdh"), false},
	{"klusser advances the invoice counter", "kdh", `UPDATE invoice_number_counters SET laatste = laatste + 1 WHERE jaar = 2026`, nil, true},
	{"klusser resets the invoice counter", "kdh", `UPDATE invoice_number_counters SET laatste = 0 WHERE jaar = 2026`, nil, false},
	{"klusser skips invoice numbers", "kdh", `UPDATE invoice_number_counters SET laatste = laatste + 5 WHERE jaar = 2026`, nil, false},

	// Notifications, franchise settings, exports, audit.
	{"user marks its notification read", "kdh", `UPDATE notifications SET read_at = now() WHERE id = $1`, jobArgs("n_kdh"), true},
	{"user rewrites its notification", "kdh", `UPDATE notifications SET message = 'Je bent nu admin', type = 'klus_opgepakt' WHERE id = $1`, jobArgs("n_kdh"), false},
	{"franchise owner edits its support contact", "fdh", `UPDATE franchise_settings SET support_phone = '070 1', support_email = 'dh@example.nl' WHERE regio = 'den-haag'`, nil, true},
	{"franchise owner renames its settings row", "fdh", `UPDATE franchise_settings SET id = gen_random_uuid() WHERE regio = 'den-haag'`, nil, false},
	{"requester rewrites its export's parameters", "fdh", `UPDATE exports SET params = '{"regio": "utrecht"}' WHERE id = $1`, jobArgs("e_fdh"), false},
	{"requester points its export at another file", "fdh", `UPDATE exports SET status = 'klaar', file_key = $2 WHERE id = $1`, func() []any { return []any{id("e_fdh"), id("e_admin").String() + ".csv"} }, false},
	{"export job finishes its export", "fdh", `UPDATE exports SET status = 'klaar', voortgang = 100, file_key = id::text || '.csv', finished_at = now() WHERE id = $1`, jobArgs("e_fdh"), true},
	{"export requested as finished", "fdh", `INSERT INTO exports (requested_by, soort, status, file_key, voortgang) VALUES (actor_id(), 'uren', 'klaar', 'x.csv', 100)`, nil, false},
	{"audit entry dated back", "fdh", `INSERT INTO audit_log (occurred_at, actor_id, actor_role, action, entity, entity_id) VALUES (now() - interval '1 year', actor_id(), actor_role(), 'a', 'e', 'y')`, nil, false},
}

// refusal: a column rule or policy (42501) or a check constraint (23514) said no.
func refusal(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "42501" || pe.Code == "23514")
}

func publicRequest(regio, woonplaats, categorie string, tarief int) string {
	return `INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, geschat_tarief_cents)
		VALUES ('` + regio + `', '` + categorie + `', 'x', current_date, 'ochtend', 'a', '2271 AB', '` + woonplaats + `', '1', ` + strconv.Itoa(tarief) + `)`
}

func completeWorkOrder(uren string) string {
	return `UPDATE werkbonnen SET status = 'completed', eind_tijd = now(), uren = ` + uren + `, handtekening = 'sig.png',
		rating_algemeen = 5, rating_netheid = 5, rating_vriendelijkheid = 5, rating_vakmanschap = 5 WHERE id = $1`
}

// TestColumnRules: every case is refused or allowed by the database itself, as the actor, whatever
// the SQL: the server's code is not involved.
func TestColumnRules(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	// The planned job dh_kdh2 has used both its changes and was claimed an hour ago.
	d.As(t, actors["admin"], func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE klussen SET geplande_start_tijd = now() + interval '2 days', planning_changes_count = 2,
			claimed_at = now() - interval '1 hour' WHERE id = $1`, id("dh_kdh2"))
		return err
	})
	for _, c := range columnCases {
		t.Run(c.name, func(t *testing.T) {
			var args []any
			if c.args != nil {
				args = c.args()
			}
			var n int64
			var writeErr error
			errRollback := errors.New("roll back")
			err := d.DB.InTx(ctx, actors[c.actor], func(tx pgx.Tx) error {
				tag, err := tx.Exec(ctx, c.sql, args...)
				n, writeErr = tag.RowsAffected(), err
				return errRollback
			})
			if !errors.Is(err, errRollback) {
				t.Fatalf("transaction: %v", err)
			}
			switch {
			case c.allowed && (writeErr != nil || n != 1):
				t.Errorf("refused (%d rows): %v", n, writeErr)
			case !c.allowed && writeErr == nil:
				t.Errorf("allowed (%d rows): %s", n, c.sql)
			case !c.allowed && !refusal(writeErr):
				// A typo in the case would otherwise pass as a refusal.
				t.Errorf("failed, but not as a refusal: %v", writeErr)
			}
		})
	}
}

// TestKlusserPathPassesTheRules: the whole path of document 001 section 4, each step in its own
// transaction as the klusser, passes the rules; the third change of a plan does not (D18).
func TestKlusserPathPassesTheRules(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	job := uuid.New()
	d.As(t, actors["admin"], func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO klussen (id, status, assignment_type, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, geschat_tarief_cents)
			VALUES ($1, 'open', 'pool', 'den-haag', 'montage', 'lamp', current_date + 2, 'ochtend', 'a', '2271 AB', 'Voorburg', '1', 7000)`, job)
		return err
	})
	steps := []struct{ name, sql string }{
		{"claim", `UPDATE klussen SET klusser_id = actor_id(), claimed_at = now() WHERE id = $1`},
		{"plan", `UPDATE klussen SET status = 'ingepland', geplande_start_tijd = now() + interval '2 days', klusser_telefoon = '06 1' WHERE id = $1`},
		{"first change", `UPDATE klussen SET geplande_start_tijd = geplande_start_tijd + interval '1 hour', planning_changes_count = planning_changes_count + 1 WHERE id = $1`},
		{"second change", `UPDATE klussen SET geplande_start_tijd = geplande_start_tijd + interval '1 hour', planning_changes_count = planning_changes_count + 1 WHERE id = $1`},
		{"start", `UPDATE klussen SET status = 'bezig' WHERE id = $1`},
		{"open the work order", `INSERT INTO werkbonnen (klus_id, klusser_id, start_tijd) VALUES ($1, actor_id(), now())`},
		{"add material", `INSERT INTO work_order_items (work_order_id, description, qty, unit_price_cents, total_cents)
			SELECT id, 'lamp', 2, 1250, 2500 FROM werkbonnen WHERE klus_id = $1`},
		{"complete the work order", `UPDATE werkbonnen SET status = 'completed', eind_tijd = now(), uren = ceil(extract(epoch FROM now() - start_tijd) / 3600)::int,
			handtekening = 'sig.png', rating_algemeen = 5, rating_netheid = 4, rating_vriendelijkheid = 5, rating_vakmanschap = 4 WHERE klus_id = $1`},
		{"finish the job", `UPDATE klussen SET status = 'afgerond', materiaal_kosten_cents = 2500 WHERE id = $1`},
		{"next invoice number", `UPDATE invoice_number_counters SET laatste = laatste + 1 WHERE jaar = 2026 AND $1::uuid IS NOT NULL`},
		{"invoice", `INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, uren, uurtarief_cents, materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
			SELECT k.id, k.klusser_id, k.regio, '2026-0003', w.uren, k.geschat_tarief_cents, 2500, w.uren * k.geschat_tarief_cents + 2500,
			       round((w.uren * k.geschat_tarief_cents + 2500) * 0.21), w.uren * k.geschat_tarief_cents + 2500 + round((w.uren * k.geschat_tarief_cents + 2500) * 0.21)
			FROM klussen k JOIN werkbonnen w ON w.klus_id = k.id WHERE k.id = $1`},
		{"payment", `UPDATE facturen SET betaal_methode = 'pin' WHERE klus_id = $1`},
		{"paid", `UPDATE klussen SET betaald = true WHERE id = $1`},
	}
	for _, s := range steps {
		if err := d.DB.InTx(ctx, actors["kdh"], func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, s.sql, job)
			if err == nil && tag.RowsAffected() != 1 {
				t.Errorf("%s: %d rows", s.name, tag.RowsAffected())
			}
			return err
		}); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if s.name == "second change" {
			err := d.DB.InTx(ctx, actors["kdh"], func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, `UPDATE klussen SET geplande_start_tijd = geplande_start_tijd + interval '1 hour', planning_changes_count = planning_changes_count + 1 WHERE id = $1`, job)
				return err
			})
			if err == nil {
				t.Fatal("a third change of the plan was accepted (D18)")
			}
		}
	}
}
