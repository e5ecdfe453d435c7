package aanmaning_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/aanmaning"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// fixture is a fresh database with an insert-only queue: the tests read the queued e-mails from
// River's table instead of sending them.
type fixture struct {
	d     *dbtest.Database
	q     *jobs.Queue
	today calendar.Date // the real Amsterdam date: the events' created_at is the database's now()
	n     int
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	d := dbtest.New(t)
	q, err := jobs.NewQueue(d.DB.QueuePool(), river.NewWorkers(), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{d: d, q: q, today: calendar.System.Today()}
}

// invoice issues an invoice of totaal cents dated datum (so due 14 days later) to a customer with
// address mail ("" : none), as the system, and returns its id and number.
func (x *fixture) invoice(t *testing.T, mail string, totaal int, datum calendar.Date) (uuid.UUID, string) {
	t.Helper()
	x.n++
	nummer := fmt.Sprintf("%d-%04d", datum.Year, x.n)
	sub := totaal * 100 / 121
	var id uuid.UUID
	x.d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `
			INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, klant_email, klant_adres, klant_postcode,
			                      klant_woonplaats, omschrijving, uren, uurtarief_cents, subtotaal_cents, btw_bedrag_cents,
			                      totaal_bedrag_cents)
			VALUES ('den-haag', $1, $2, 'Mevrouw Jansen', $3, 'Herenstraat 1', '2271 AB', 'Voorburg', 'Kast ophangen',
			        1, $4, $4, $5, $6)
			RETURNING id`, nummer, datum, mail, sub, totaal-sub, totaal).Scan(&id)
	})
	return id, nummer
}

// pay books a payment of cents on invoice, as the office would.
func (x *fixture) pay(t *testing.T, invoice uuid.UUID, cents int) {
	t.Helper()
	x.exec(t, `INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, regio, geboekt_rol)
		VALUES ($1, current_date, $2, 'bank', 'kantoor', '', '')`, invoice, cents)
}

func (x *fixture) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	x.d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), sql, args...)
		return err
	})
}

// run is one run of the reminders at clock time hh:mm on day, by a new worker (another server,
// or a restart).
func (x *fixture) run(t *testing.T, day calendar.Date, hh, mm int) aanmaning.Result {
	t.Helper()
	w := aanmaning.NewWorker(x.d.DB, calendar.Fixed(day.At(hh, mm)))
	res, err := w.Run(context.Background(), x.q.Enqueue)
	if err != nil {
		t.Fatalf("run on %s: %v", day, err)
	}
	return res
}

// events are the invoice's recorded steps with their data, by soort.
func (x *fixture) events(t *testing.T, invoice uuid.UUID) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	x.d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `SELECT soort, gegevens FROM factuur_gebeurtenissen
			WHERE factuur_id = $1 AND soort IN ('herinnering', 'veertiendagenbrief', 'uit_handen_voorstel')`, invoice)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var soort string
			var g map[string]any
			if err := rows.Scan(&soort, &g); err != nil {
				return err
			}
			if out[soort] != nil {
				return fmt.Errorf("%s recorded twice", soort)
			}
			out[soort] = g
		}
		return rows.Err()
	})
	return out
}

// mails are the e-mail jobs queued to address with template.
func (x *fixture) mails(t *testing.T, to, template string) []email.Args {
	t.Helper()
	rows, err := x.d.DB.QueuePool().Query(context.Background(), `SELECT args FROM river.river_job
		WHERE kind = 'email' AND args ->> 'to' = $1 AND args ->> 'template' = $2 ORDER BY id`, to, template)
	if err != nil {
		t.Fatal(err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (email.Args, error) {
		var raw []byte
		var a email.Args
		if err := r.Scan(&raw); err != nil {
			return a, err
		}
		return a, json.Unmarshal(raw, &a)
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// The steps of D30 on their days, each exactly once: nothing before 7 days past the due date
// (nor before 09:00); then the friendly reminder, by e-mail or, without an address, recorded for
// the post; 14 days later the 14-dagenbrief with the collection costs of the open amount and the
// term; after the term the question to the office, without an e-mail. Two servers running at once
// and a restart send nothing twice.
func TestRemindersOnTheirDaysOnce(t *testing.T) {
	x := newFixture(t)
	T := x.today
	datum := T.AddDays(-21) // due T-7: the reminder is due today
	full, fullNr := x.invoice(t, "jansen@example.nl", 24_200, datum)
	part, _ := x.invoice(t, "de.vries@example.nl", 300_000, datum)
	x.pay(t, part, 40_000) // € 2.600 open: € 375 + 10 % of € 100 = € 385
	post, _ := x.invoice(t, "", 12_100, datum)
	later, _ := x.invoice(t, "later@example.nl", 24_200, datum.AddDays(1))

	if r := x.run(t, T.AddDays(-1), 12, 0); r != (aanmaning.Result{}) {
		t.Fatalf("6 days past due: %+v", r)
	}
	if r := x.run(t, T, 8, 59); r != (aanmaning.Result{}) {
		t.Fatalf("before 09:00: %+v", r)
	}

	// Two servers at once, then a restart.
	var wg sync.WaitGroup
	results, errs := make([]aanmaning.Result, 2), make([]error, 2)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := aanmaning.NewWorker(x.d.DB, calendar.Fixed(T.At(9, 0)))
			results[i], errs[i] = w.Run(context.Background(), x.q.Enqueue)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if n := results[0].Herinneringen + results[1].Herinneringen; n != 3 {
		t.Errorf("two servers reminded %d invoices (%+v), want 3", n, results)
	}
	if r := x.run(t, T, 15, 0); r != (aanmaning.Result{}) {
		t.Errorf("a restart: %+v", r)
	}
	mails := x.mails(t, "jansen@example.nl", "betalingsherinnering")
	if len(mails) != 1 || len(x.mails(t, "de.vries@example.nl", "betalingsherinnering")) != 1 || len(x.mails(t, "later@example.nl", "betalingsherinnering")) != 0 {
		t.Fatalf("reminders queued: %d to jansen, de.vries and later: %d, %d", len(mails),
			len(x.mails(t, "de.vries@example.nl", "betalingsherinnering")), len(x.mails(t, "later@example.nl", "betalingsherinnering")))
	}
	if d := mails[0].Data; d["factuurnummer"] != fullNr || d["open"] != "€ 242,00" || d["vervaldatum"] != datum.AddDays(14).Dutch() ||
		d["iban"] == "" || d["uitgever"] == "" || d["betaald"] != "" {
		t.Errorf("reminder data: %v", d)
	}
	if g := x.events(t, post)["herinnering"]; g == nil || g["per_post"] != true || g["open_cents"] != 12_100.0 {
		t.Errorf("the letter for the post: %v", g)
	}
	if g := x.events(t, full)["herinnering"]; g["per_post"] != false || g["verzonden"] != T.String() {
		t.Errorf("the e-mailed reminder: %v", g)
	}

	// The 14-dagenbrief, 14 days after the reminder.
	if r := x.run(t, T.AddDays(13), 12, 0); r.Brieven != 0 || r.Herinneringen != 1 {
		t.Errorf("13 days after the reminders: %+v (want only the later invoice's reminder)", r)
	}
	if r := x.run(t, T.AddDays(14), 9, 0); r.Brieven != 3 || r.UitHanden != 0 {
		t.Errorf("14 days after the reminders: %+v, want 3 letters", r)
	}
	if r := x.run(t, T.AddDays(14), 23, 0); r != (aanmaning.Result{}) {
		t.Errorf("again the same day: %+v", r)
	}
	g := x.events(t, part)["veertiendagenbrief"]
	termijn := T.AddDays(28)
	if g == nil || g["open_cents"] != 260_000.0 || g["incassokosten_cents"] != 38_500.0 || g["verzonden"] != T.AddDays(14).String() ||
		g["termijn_tot"] != termijn.String() || g["per_post"] != false {
		t.Errorf("the part-paid invoice's 14-dagenbrief: %v", g)
	}
	brieven := x.mails(t, "de.vries@example.nl", "veertiendagenbrief")
	if len(brieven) != 1 {
		t.Fatalf("%d 14-dagenbrieven to de.vries", len(brieven))
	}
	if d := brieven[0].Data; d["open"] != "€ 2.600,00" || d["incassokosten"] != "€ 385,00" || d["totaal_met_kosten"] != "€ 2.985,00" ||
		d["termijn_tot"] != termijn.Dutch() || d["totaal"] != "€ 3.000,00" || d["betaald"] != "€ 400,00" {
		t.Errorf("14-dagenbrief data: %v", d)
	}
	postTermijn := aanmaning.TermijnTot(T.AddDays(14), true)
	if g := x.events(t, post)["veertiendagenbrief"]; g["per_post"] != true || g["incassokosten_cents"] != 4_000.0 || g["termijn_tot"] != postTermijn.String() {
		t.Errorf("the 14-dagenbrief for the post: %v", g)
	}

	// After the term: the question to the office, once, and no e-mail.
	// The later invoice was reminded on T+13: its 14-dagenbrief comes 14 days after that.
	if r := x.run(t, termijn, 12, 0); r != (aanmaning.Result{Brieven: 1}) {
		t.Errorf("on the term's last day: %+v, want only the later invoice's letter", r)
	}
	if r := x.run(t, termijn.AddDays(1), 9, 0); r.UitHanden != 2 {
		t.Errorf("the day after the term: %+v, want 2 (the letter by post has a later term)", r)
	}
	if r := x.run(t, postTermijn.AddDays(1), 9, 0); r != (aanmaning.Result{UitHanden: 1}) {
		t.Errorf("after the post's term: %+v, want the post's question", r)
	}
	if r := x.run(t, T.AddDays(90), 9, 0); r.Herinneringen+r.Brieven != 0 || r.UitHanden != 1 {
		t.Errorf("much later: %+v, want only the later invoice's question", r)
	}
	for _, id := range []uuid.UUID{full, part, post, later} {
		if ev := x.events(t, id); len(ev) != 3 {
			t.Errorf("invoice %s: %v", id, ev)
		}
	}
	if g := x.events(t, part)["uit_handen_voorstel"]; g["incassokosten_cents"] != 38_500.0 || g["open_cents"] != 260_000.0 {
		t.Errorf("the question to the office: %v", g)
	}
	if n := len(x.mails(t, "jansen@example.nl", "betalingsherinnering")) + len(x.mails(t, "jansen@example.nl", "veertiendagenbrief")); n != 2 {
		t.Errorf("%d e-mails to jansen, want 2", n)
	}
}

// Reminders stop at once when the invoice is paid, credited or disputed by the office; a credit
// invoice gets none; a dispute lifted lets them go on.
func TestRemindersStop(t *testing.T) {
	x := newFixture(t)
	T := x.today
	datum := T.AddDays(-21)
	paid, _ := x.invoice(t, "betaald@example.nl", 24_200, datum)
	x.pay(t, paid, 24_200)
	credited, _ := x.invoice(t, "gecrediteerd@example.nl", 24_200, datum)
	x.exec(t, `INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, klant_email, omschrijving, uren, uurtarief_cents,
		                          subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, credit_van, credit_reden)
		SELECT regio, $2, datum, klant_naam, klant_email, omschrijving, uren, uurtarief_cents, -subtotaal_cents,
		       -btw_bedrag_cents, -totaal_bedrag_cents, id, 'Dubbel gefactureerd'
		FROM facturen WHERE id = $1`, credited, fmt.Sprintf("%d-9999", datum.Year))
	disputed, _ := x.invoice(t, "bespreking@example.nl", 24_200, datum)
	x.exec(t, `INSERT INTO factuur_gebeurtenissen (factuur_id, soort, door_rol) VALUES ($1, 'bespreking_aan', '')`, disputed)
	reminded, _ := x.invoice(t, "later-betaald@example.nl", 24_200, datum)

	if r := x.run(t, T, 10, 0); r.Herinneringen != 1 {
		t.Fatalf("only the open invoice is reminded: %+v", r)
	}
	for _, to := range []string{"betaald@example.nl", "gecrediteerd@example.nl", "bespreking@example.nl"} {
		if n := len(x.mails(t, to, "betalingsherinnering")); n != 0 {
			t.Errorf("%d reminders to %s", n, to)
		}
	}

	// Paid after the reminder: no 14-dagenbrief.
	x.pay(t, reminded, 24_200)
	if r := x.run(t, T.AddDays(30), 10, 0); r != (aanmaning.Result{}) {
		t.Errorf("after the payment: %+v", r)
	}
	if ev := x.events(t, reminded); len(ev) != 1 || len(x.mails(t, "later-betaald@example.nl", "veertiendagenbrief")) != 0 {
		t.Errorf("the paid invoice: %v", ev)
	}

	// The office ends the dispute: the reminder goes out on the next run.
	x.exec(t, `INSERT INTO factuur_gebeurtenissen (factuur_id, soort, door_rol) VALUES ($1, 'bespreking_uit', '')`, disputed)
	if r := x.run(t, T.AddDays(30), 11, 0); r.Herinneringen != 1 || len(x.mails(t, "bespreking@example.nl", "betalingsherinnering")) != 1 {
		t.Errorf("after the dispute: %+v", r)
	}
}

// What the server's role queues is checked by the database (tenants/schema/river_access.sql): a
// reminder or a 14-dagenbrief only from the system actor, in the transaction that records it,
// to the invoice's own customer. An admin who records the event and queues the letter, the
// system queueing one to another address, or one whose event an earlier transaction recorded,
// are refused; the worker's own way passes.
func TestForgedLettersAreRefused(t *testing.T) {
	x := newFixture(t)
	ctx := context.Background()
	id, nummer := x.invoice(t, "klant@example.nl", 24_200, x.today.AddDays(-40))
	letter := func(soort, to string) email.Args {
		return email.Args{Template: aanmaning.Templates[soort], To: to, Data: map[string]string{
			"naam": "Mevrouw Jansen", "factuurnummer": nummer, "factuurdatum": "01-01-2026", "vervaldatum": "15-01-2026",
			"open": "€ 242,00", "incassokosten": "€ 40,00", "totaal_met_kosten": "€ 282,00", "termijn_tot": "01-02-2026",
			"iban": "NL00FAKE0123456789", "uitgever": "Oplichter B.V."}}
	}
	// recordAndQueue records the step's event (unless it was recorded before) and queues its letter.
	recordAndQueue := func(soort, to string, record bool) func(tx pgx.Tx) error {
		return func(tx pgx.Tx) error {
			if record {
				if _, err := tx.Exec(ctx, `INSERT INTO factuur_gebeurtenissen (factuur_id, soort, gegevens, door_rol)
					VALUES ($1, $2, '{"open_cents": 24200}', '')`, id, soort); err != nil {
					return err
				}
			}
			return x.q.Enqueue(ctx, tx, letter(soort, to))
		}
	}
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	refused := func(name string, actor tenants.Actor, fn func(tx pgx.Tx) error) {
		t.Helper()
		if err := x.d.DB.InTx(ctx, actor, fn); err == nil || tenants.PGCode(err) != "42501" {
			t.Errorf("%s: %v, want refused (42501)", name, err)
		}
	}
	refused("an admin's 14-dagenbrief", admin, recordAndQueue(aanmaning.SoortBrief, "klant@example.nl", true))
	refused("an admin's reminder", admin, recordAndQueue(aanmaning.SoortHerinnering, "klant@example.nl", true))
	refused("the system's letter to another address", tenants.SystemActor(), recordAndQueue(aanmaning.SoortBrief, "iemand-anders@example.nl", true))
	if ev := x.events(t, id); len(ev) != 0 {
		t.Fatalf("a refused transaction left events: %v", ev)
	}

	// The reminder recorded and queued in one transaction by the system passes; queueing it again
	// later, without recording, does not.
	x.d.As(t, tenants.SystemActor(), recordAndQueue(aanmaning.SoortHerinnering, "klant@example.nl", true))
	refused("a reminder recorded by an earlier transaction", tenants.SystemActor(), recordAndQueue(aanmaning.SoortHerinnering, "klant@example.nl", false))
	if n := len(x.mails(t, "klant@example.nl", "betalingsherinnering")); n != 1 {
		t.Errorf("%d reminders queued, want 1", n)
	}
	if n := len(x.mails(t, "klant@example.nl", "veertiendagenbrief")) + len(x.mails(t, "iemand-anders@example.nl", "veertiendagenbrief")); n != 0 {
		t.Errorf("%d forged 14-dagenbrieven queued", n)
	}
}
