package uitbetaling_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/pdftest"
	"github.com/klusmaat/klusmaat/services/platform/sepa/pain"
	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/uitbetaling"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Paying klussers (docs/decisions.md D31): the monthly draft from the completed work orders,
// exactly once; approval and the correction of a later change; the SEPA batch, its pain.001 file
// against the official schema, and its confirmation; the bank account, checked, masked, audited
// and never logged; and who sees which statement.

// The accounts of the fixtures (valid, mod 97).
const (
	denHaagBusinessIBAN = "NL39RABO0300065264"
	pietIBAN            = "NL20INGB0001234567"
	gerritIBAN          = "NL69INGB0123456789"
)

// payroll is the back office with den-haag as its own business (utrecht is paid centrally), a
// second den-haag klusser (kees, who never gives an IBAN), a franchise owner of utrecht, and the
// month to draft: the one before today's (Amsterdam), drafted on the 1st of this one.
type payroll struct {
	*servertest.BackOffice
	kees, utrecht string
	month, next   calendar.Date
}

func newPayroll(t *testing.T) *payroll {
	t.Helper()
	b := servertest.NewBackOffice(t, servertest.Options{Files: true})
	b.Exec(t, `INSERT INTO factuur_uitgevers (id, regio, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
		VALUES ('den-haag', 'den-haag', 'Klusmaat Den Haag B.V.', 'Prinsegracht 10', '2512 GA', 'Den Haag', '87654321',
		        'NL987654321B01', $1, 'DH')`, denHaagBusinessIBAN)
	p := &payroll{BackOffice: b}
	p.kees = b.Klusser(t, "Kees de Vries", "06 12 34 56 03", "den-haag")
	p.utrecht = b.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"utrecht"}})
	b.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'franchise')`, b.ID(p.utrecht))
	p.next = calendar.System.Today().MonthStart()
	p.month = p.next.AddDays(-1).MonthStart()
	return p
}

var utrechtJob = servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA"}

// done has handle finish a planned job of where after hours of work (the server's arithmetic:
// the timer rounded up) and moves the work order's end to at, as the system (an admin may change a
// completed work order). It returns the work order's id.
func (p *payroll) done(t *testing.T, handle string, where servertest.Job, hours int, at time.Time) uuid.UUID {
	t.Helper()
	_, w := p.PlannedJobIn(t, handle, "Mevrouw Jansen", "", where)
	p.StartedAgo(t, handle, w, time.Duration(hours)*time.Hour-10*time.Minute)
	var a werkbon.Afronding
	if s := p.Call(t, handle, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
		t.Fatalf("afronden: %d", s)
	}
	if a.Werkbon.Uren == nil || *a.Werkbon.Uren != hours {
		t.Fatalf("worked %v hours, want %d", a.Werkbon.Uren, hours)
	}
	p.Exec(t, `UPDATE werkbonnen SET start_tijd = $2::timestamptz - (eind_tijd - start_tijd), eind_tijd = $2 WHERE id = $1`, w.ID, at)
	return w.ID
}

// draft runs the monthly draft of month as a server would, on the 1st of the month after at 06:00.
func (p *payroll) draft(t *testing.T, month calendar.Date) uitbetaling.Result {
	t.Helper()
	w := uitbetaling.NewWorker(p.DB.DB, calendar.Fixed(month.AddDays(40).MonthStart().At(6, 0)))
	res, err := w.Run(context.Background(), calendar.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Maand != month {
		t.Fatalf("drafted %s, want %s", res.Maand, month)
	}
	return res
}

// statementRow is a statement as the system reads it.
type statementRow struct {
	ID          uuid.UUID
	Nummer      string
	Status      string
	TotaalCents int
	Regels      int
}

// statements are the statements of a month by klusser/business (payKey), as the system reads them.
func (p *payroll) statements(t *testing.T, month calendar.Date) map[string]statementRow {
	t.Helper()
	out := map[string]statementRow{}
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `
			SELECT u.klusser_id::text || '/' || u.uitgever_id, u.id, u.nummer, u.status, u.totaal_cents,
			       (SELECT count(*) FROM uitbetaling_regels r WHERE r.uitbetaling_id = u.id)
			FROM uitbetalingen u WHERE u.maand = $1`, month)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var key string
			var s statementRow
			if err := rows.Scan(&key, &s.ID, &s.Nummer, &s.Status, &s.TotaalCents, &s.Regels); err != nil {
				return err
			}
			out[key] = s
		}
		return rows.Err()
	})
	return out
}

// expectedSums is the independent sum: every completed work order whose end lies in the month
// (Amsterdam), its hours × 35 euro, per klusser and the business of its job's invoice.
func (p *payroll) expectedSums(t *testing.T, month calendar.Date) map[string]int {
	t.Helper()
	out := map[string]int{}
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `
			SELECT w.klusser_id::text || '/' || f.uitgever_id, sum(w.uren)::int * 3500
			FROM werkbonnen w JOIN facturen f ON f.klus_id = w.klus_id AND f.credit_van IS NULL
			WHERE w.status = 'completed' AND w.eind_tijd >= $1 AND w.eind_tijd < $2
			GROUP BY 1`, month.Start(), month.AddDays(40).MonthStart().Start())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var key string
			var sum int
			if err := rows.Scan(&key, &sum); err != nil {
				return err
			}
			out[key] = sum
		}
		return rows.Err()
	})
	return out
}

// payKey names a klusser's statement of a business: klusser id/business.
func payKey(b *payroll, handle, uitgever string) string {
	return b.ID(handle).String() + "/" + uitgever
}

// ubNummer is the number of a month's seq-th statement.
func ubNummer(month calendar.Date, seq int) string {
	return fmt.Sprintf("UB%04d%02d-%04d", month.Year, month.Month, seq)
}

// D31: from the 1st the month before is drafted from the completed work orders, per klusser and
// paying business, their totals the work orders' hours × 35 euro by Amsterdam dates (a work order
// ended at 00:30 on the 1st belongs to the new month), numbered in creation order; two servers at
// once and any run after make nothing more.
func TestUitbetalingenDraftedOnceFromTheMonthsCompletedWorkOrders(t *testing.T) {
	p := newPayroll(t)
	m := p.month
	p.done(t, p.Piet, servertest.Job{}, 3, m.AddDays(9).At(12, 0))
	p.done(t, p.Piet, servertest.Job{}, 2, p.next.AddDays(-1).At(23, 30)) // the last evening of the month
	p.done(t, p.kees, servertest.Job{}, 4, m.AddDays(14).At(10, 0))
	p.done(t, p.Gerrit, utrechtJob, 1, m.AddDays(4).At(9, 0))
	p.done(t, p.Gerrit, utrechtJob, 5, m.AddDays(19).At(15, 0))
	late := p.done(t, p.Piet, servertest.Job{}, 1, p.next.Start().Add(30*time.Minute)) // 00:30 on the 1st: the next month's
	p.done(t, p.Gerrit, utrechtJob, 2, m.AddDays(-3).At(12, 0))                        // before drafting began: never paid by it

	// Two servers draft at the same moment: one makes the statements, the other finds them made.
	second, err := tenants.Open(context.Background(), p.DB.Config())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(second.Close)
	clock := calendar.Fixed(p.next.At(6, 0))
	var wg sync.WaitGroup
	results := make([]uitbetaling.Result, 2)
	errs := make([]error, 2)
	start := make(chan struct{})
	for i, db := range []*tenants.DB{p.DB.DB, second} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i], errs[i] = uitbetaling.NewWorker(db, clock).Run(context.Background(), calendar.Date{})
		}()
	}
	close(start)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	made := results[0].Uitbetalingen + results[1].Uitbetalingen
	if made != 3 || min(results[0].Uitbetalingen, results[1].Uitbetalingen) != 0 || results[0].Regels+results[1].Regels != 5 {
		t.Fatalf("two drafts at once: %+v and %+v, want one of them 3 statements with 5 lines", results[0], results[1])
	}
	if r := p.draft(t, m); r.Uitbetalingen != 0 || r.Regels != 0 {
		t.Fatalf("a third run drafted %+v", r)
	}

	got := p.statements(t, m)
	want := p.expectedSums(t, m)
	if len(got) != len(want) || len(got) != 3 {
		t.Fatalf("statements %v, independent sums %v", got, want)
	}
	for k, sum := range want {
		if got[k].TotaalCents != sum || got[k].Status != "concept" {
			t.Errorf("%s: statement %+v, the work orders sum to %d", k, got[k], sum)
		}
	}
	// The same, by hand: Piet 3 + 2 hours, Kees 4, Gerrit 1 + 5, at 35 euro.
	for k, cents := range map[string]int{payKey(p, p.Piet, "den-haag"): 17500, payKey(p, p.kees, "den-haag"): 14000, payKey(p, p.Gerrit, "centraal"): 21000} {
		if got[k].TotaalCents != cents {
			t.Errorf("%s: %d cents, want %d", k, got[k].TotaalCents, cents)
		}
	}
	// Numbered in creation order: the central business first, then den-haag's by name.
	if got[payKey(p, p.Gerrit, "centraal")].Nummer != ubNummer(m, 1) || got[payKey(p, p.kees, "den-haag")].Nummer != ubNummer(m, 2) ||
		got[payKey(p, p.Piet, "den-haag")].Nummer != ubNummer(m, 3) || got[payKey(p, p.Piet, "den-haag")].Regels != 2 {
		t.Errorf("numbers: %+v", got)
	}

	// The work order of 00:30 on the 1st is this month's, as 'werk', on a statement of its own.
	if r := p.draft(t, p.next); r.Uitbetalingen != 1 || r.Regels != 1 || r.Correcties != 0 || r.TotaalCents != 3500 {
		t.Fatalf("next month: %+v", r)
	}
	var soort string
	var maand calendar.Date
	p.Query(t, &soort, `SELECT r.soort || ' ' || u.nummer FROM uitbetaling_regels r JOIN uitbetalingen u ON u.id = r.uitbetaling_id WHERE r.werkbon_id = $1`, late)
	p.Query(t, &maand, `SELECT u.maand FROM uitbetaling_regels r JOIN uitbetalingen u ON u.id = r.uitbetaling_id WHERE r.werkbon_id = $1`, late)
	if soort != "werk "+ubNummer(p.next, 1) || maand != p.next {
		t.Errorf("the late work order: %q in %s", soort, maand)
	}

	// The office's list and one statement with its lines.
	var page list.Page[uitbetaling.Uitbetaling]
	if s := p.Call(t, p.Admin, http.MethodGet, "/api/v1/uitbetalingen?maand="+fmt.Sprintf("%04d-%02d", m.Year, m.Month)+"&sort=nummer&order=asc", nil, &page); s != http.StatusOK {
		t.Fatalf("list: %d", s)
	}
	if page.Total != 3 || page.Data[0].Nummer != ubNummer(m, 1) || page.Data[0].KlusserNaam != "Gerrit Visser" || page.Data[0].UitgeverNaam == "" ||
		!page.Data[0].IBANOntbreekt || page.Data[0].StatusTekst != "Concept" || page.Data[2].Uitgever != "den-haag" {
		t.Errorf("the list: %+v", page)
	}
	var detail uitbetaling.DetailAnswer
	if s := p.Call(t, p.Franchise, http.MethodGet, "/api/v1/uitbetalingen/"+got[payKey(p, p.Piet, "den-haag")].ID.String(), nil, &detail); s != http.StatusOK {
		t.Fatalf("detail: %d", s)
	}
	if d := detail.Data; len(d.Regels) != 2 || d.Regels[0].Soort != "werk" || d.Regels[0].Uren != 3 || d.Regels[0].BedragCents != 10500 ||
		d.Regels[0].TariefCents != 3500 || d.Regels[0].Woonplaats != "Voorburg" || !strings.HasPrefix(d.Regels[0].Klus, "DH") ||
		d.Regels[1].Datum != p.next.AddDays(-1).String() {
		t.Errorf("the statement: %+v", d)
	}
	var e servertest.APIError
	if s := p.Call(t, p.Admin, http.MethodGet, "/api/v1/uitbetalingen?maand=januari", nil, &e); s != http.StatusBadRequest || e.Error.Fields["maand"] == "" {
		t.Errorf("a month that is none: %d %+v", s, e)
	}
}

// D31: approval copies the account; an approved statement never changes (the database refuses);
// a later change of hours is a correction line on the next month's statement; the approved
// statements of a business with an IBAN go into one batch (the others are named), whose file is
// valid pain.001.001.03 declaring exactly them; a second batch has nothing to pay; 'Uitgevoerd door
// de bank' pays exactly the batch's statements, once.
func TestUitbetalingApprovedCorrectedAndPaidInOneSEPABatch(t *testing.T) {
	p := newPayroll(t)
	m := p.month
	pietWerk := p.done(t, p.Piet, servertest.Job{}, 3, m.AddDays(9).At(12, 0))
	p.done(t, p.Piet, servertest.Job{}, 2, m.AddDays(11).At(12, 0))
	p.done(t, p.kees, servertest.Job{}, 4, m.AddDays(14).At(10, 0))
	p.done(t, p.Gerrit, utrechtJob, 5, m.AddDays(19).At(15, 0))

	// Piet gives his account in the portal (as he types it), the admin Gerrit's; Kees none.
	var saved uitbetaling.BankrekeningSaved
	if s := p.Call(t, p.Piet, http.MethodPut, "/api/v1/klusser/bankrekening",
		map[string]string{"iban": " nl20 ingb 0001 2345 67 ", "rekeninghouder": "P. Bakker"}, &saved); s != http.StatusOK {
		t.Fatalf("Piet's account: %d", s)
	}
	if saved.Data.IBAN == nil || *saved.Data.IBAN != pietIBAN || saved.Data.IBANGemaskeerd != "NL20 **** **** **** 4567" {
		t.Fatalf("Piet's account: %+v", saved.Data)
	}
	if s := p.Call(t, p.Admin, http.MethodPut, "/api/v1/klussers/"+p.ID(p.Gerrit).String()+"/bankrekening",
		map[string]string{"iban": gerritIBAN, "rekeninghouder": "G. Visser"}, nil); s != http.StatusOK {
		t.Fatalf("Gerrit's account: %d", s)
	}

	p.draft(t, m)
	st := p.statements(t, m)
	piet, kees, gerrit := st[payKey(p, p.Piet, "den-haag")], st[payKey(p, p.kees, "den-haag")], st[payKey(p, p.Gerrit, "centraal")]

	// The franchise owner approves Piet's (its own business), the admin Kees's (no IBAN: flagged)
	// and Gerrit's.
	var ok uitbetaling.Approved
	if s := p.Call(t, p.Franchise, http.MethodPost, "/api/v1/uitbetalingen/"+piet.ID.String()+"/goedkeuren", nil, &ok); s != http.StatusOK {
		t.Fatalf("approve Piet's: %d", s)
	}
	if d := ok.Data; d.Status != "goedgekeurd" || d.IBANGemaskeerd == nil || *d.IBANGemaskeerd != "NL20 **** **** **** 4567" ||
		d.Rekeninghouder == nil || *d.Rekeninghouder != "P. Bakker" || d.IBANOntbreekt || ok.Message != uitbetaling.MsgGoedgekeurd || d.GoedgekeurdAt == nil {
		t.Errorf("approved: %+v %q", d, ok.Message)
	}
	var e servertest.APIError
	if s := p.Call(t, p.Admin, http.MethodPost, "/api/v1/uitbetalingen/"+piet.ID.String()+"/goedkeuren", nil, &e); s != http.StatusConflict || e.Error.Code != "already_approved" {
		t.Errorf("approve twice: %d %+v", s, e)
	}
	if s := p.Call(t, p.Admin, http.MethodPost, "/api/v1/uitbetalingen/"+kees.ID.String()+"/goedkeuren", nil, &ok); s != http.StatusOK ||
		!ok.Data.IBANOntbreekt || ok.Message != uitbetaling.MsgGoedgekeurdZonderIBAN {
		t.Errorf("approve Kees's: %d %+v", s, ok)
	}
	if s := p.Call(t, p.Admin, http.MethodPost, "/api/v1/uitbetalingen/"+gerrit.ID.String()+"/goedkeuren", nil, nil); s != http.StatusOK {
		t.Errorf("approve Gerrit's: %d", s)
	}
	if rows := p.Audit(t, piet.ID.String()); len(rows) != 1 || rows[0].Action != "uitbetaling_goedkeuren" || rows[0].Role != "franchise" ||
		rows[0].After["iban"] != "NL20 **** **** **** 4567" {
		t.Errorf("audit of the approval: %+v", rows)
	}

	// What an approved statement says never changes, not even for an admin in SQL.
	for _, sql := range []string{
		`UPDATE uitbetalingen SET totaal_cents = 1 WHERE id = $1`,
		`INSERT INTO uitbetaling_regels (uitbetaling_id, soort, datum, uren, tarief_cents, bedrag_cents) VALUES ($1, 'werk', current_date, 1, 3500, 3500)`,
	} {
		err := p.DB.DB.InTx(context.Background(), tenants.SystemActor(), func(tx pgx.Tx) error {
			_, err := tx.Exec(context.Background(), sql, piet.ID)
			return err
		})
		if tenants.PGCode(err) == "" {
			t.Errorf("%s on an approved statement: %v", sql, err)
		}
	}

	// The admin corrects Piet's first work order after approval: 5 hours, not 3. The next month's
	// draft carries the difference as a correction on a statement of its own; the approved one
	// stays as it was.
	p.Exec(t, `UPDATE werkbonnen SET uren = 5 WHERE id = $1`, pietWerk)
	if r := p.draft(t, p.next); r.Uitbetalingen != 1 || r.Regels != 1 || r.Correcties != 1 || r.TotaalCents != 7000 {
		t.Fatalf("the correction's draft: %+v", r)
	}
	if r := p.draft(t, p.next); r.Uitbetalingen != 0 {
		t.Fatalf("the correction drafted twice: %+v", r)
	}
	corr := p.statements(t, p.next)[payKey(p, p.Piet, "den-haag")]
	var line uitbetaling.DetailAnswer
	p.Call(t, p.Admin, http.MethodGet, "/api/v1/uitbetalingen/"+corr.ID.String(), nil, &line)
	if len(line.Data.Regels) != 1 || line.Data.Regels[0].Soort != "correctie" || line.Data.Regels[0].Uren != 2 || line.Data.Regels[0].BedragCents != 7000 ||
		line.Data.Regels[0].WerkbonID == nil || *line.Data.Regels[0].WerkbonID != pietWerk ||
		line.Data.Regels[0].Omschrijving != "Correctie op "+piet.Nummer+": 5 uur in plaats van 3 uur" || line.Data.TotaalCents != 7000 {
		t.Errorf("the correction: %+v", line.Data)
	}
	if now := p.statements(t, m)[payKey(p, p.Piet, "den-haag")]; now.TotaalCents != 17500 || now.Regels != 2 {
		t.Errorf("the approved statement changed: %+v", now)
	}

	// The den-haag batch: Piet's goes in; Kees's (no IBAN) is named; the concept correction and
	// the central business's statement are not its to pay.
	var created uitbetaling.BatchCreated
	if s := p.Call(t, p.Franchise, http.MethodPost, "/api/v1/betaalbatches", uitbetaling.BatchRequest{Uitgever: "den-haag"}, &created); s != http.StatusCreated {
		t.Fatalf("batch: %d", s)
	}
	b := created.Data
	if b.Aantal != 1 || b.TotaalCents != 17500 || b.Status != "aangemaakt" || !slices.Equal(created.Uitbetalingen, []string{piet.Nummer}) ||
		!slices.Equal(created.ZonderIBAN, []string{kees.Nummer}) ||
		!strings.Contains(created.Message, "1 uitbetaling zonder IBAN niet meegenomen: "+kees.Nummer) || !strings.HasPrefix(b.BerichtID, "KM-") {
		t.Fatalf("the batch: %+v", created)
	}
	uitvoer, _ := calendar.ParseDate(b.Uitvoerdatum)
	if today := calendar.System.Today(); !uitvoer.After(today) || !pain.IsWorkingDay(uitvoer.Start()) {
		t.Errorf("execution date %s is not a working day after %s", uitvoer, today)
	}
	if s := p.Call(t, p.Franchise, http.MethodPost, "/api/v1/betaalbatches", uitbetaling.BatchRequest{Uitgever: "den-haag"}, &e); s != http.StatusConflict ||
		e.Error.Code != "nothing_to_pay" || !strings.Contains(e.Error.Message, kees.Nummer) {
		t.Errorf("a second batch: %d %+v", s, e)
	}
	servertest.WantDutch(t, "nothing to pay", e.Error.Message)
	if s := p.Call(t, p.Franchise, http.MethodPost, "/api/v1/betaalbatches", uitbetaling.BatchRequest{Uitgever: "centraal"}, &e); s != http.StatusBadRequest || e.Error.Code != "uitgever_unknown" {
		t.Errorf("a franchise owner paying from the central business: %d %+v", s, e)
	}
	var central uitbetaling.BatchCreated
	if s := p.Call(t, p.Admin, http.MethodPost, "/api/v1/betaalbatches", uitbetaling.BatchRequest{Uitgever: "centraal"}, &central); s != http.StatusCreated ||
		central.Data.Aantal != 1 || central.Data.TotaalCents != 17500 {
		t.Errorf("the central batch: %d %+v", s, central)
	}

	// 'Betaalbestand downloaden': valid against the official schema, declaring exactly the
	// batch's statements, with the business as the debtor and the account copied at approval.
	file, header := p.download(t, p.Franchise, "/api/v1/betaalbatches/"+b.ID.String()+"/pain.xml")
	if ct := header.Get("Content-Type"); !strings.HasPrefix(ct, "application/xml") || !strings.Contains(header.Get("Content-Disposition"), b.BerichtID) {
		t.Errorf("headers %q %q", ct, header.Get("Content-Disposition"))
	}
	painValid(t, file)
	doc := parsePain(t, file)
	var count, sum int
	p.Query(t, &count, `SELECT count(*) FROM uitbetalingen WHERE batch_id = $1`, b.ID)
	p.Query(t, &sum, `SELECT sum(totaal_cents) FROM uitbetalingen WHERE batch_id = $1`, b.ID)
	if doc.GrpHdr.NbOfTxs != fmt.Sprint(count) || doc.PmtInf.NbOfTxs != doc.GrpHdr.NbOfTxs || doc.GrpHdr.CtrlSum != euroDot(sum) ||
		doc.PmtInf.CtrlSum != euroDot(sum) || doc.GrpHdr.MsgID != b.BerichtID || doc.PmtInf.ReqdExctnDt != b.Uitvoerdatum ||
		doc.PmtInf.DbtrAcct != denHaagBusinessIBAN || doc.PmtInf.Dbtr != "Klusmaat Den Haag B.V." || len(doc.PmtInf.Tx) != 1 {
		t.Fatalf("the file declares %+v; the batch holds %d statements of %d cents", doc, count, sum)
	}
	if tx := doc.PmtInf.Tx[0]; tx.EndToEndID != piet.Nummer || tx.Amount != "175.00" || tx.CdtrIBAN != pietIBAN || tx.Cdtr != "P. Bakker" ||
		tx.Ustrd != "Uitbetaling "+piet.Nummer+" "+m.MonthInWords() {
		t.Errorf("the transfer: %+v", tx)
	}
	if rows := p.Audit(t, b.ID.String()); len(rows) != 2 || rows[0].Action != "betaalbatch_aanmaken" || rows[1].Action != tenants.AuditDownload {
		t.Errorf("audit of the batch: %+v", rows)
	}

	// 'Uitgevoerd door de bank': exactly the batch's statements are paid, once.
	var confirmed uitbetaling.BatchConfirmed
	if s := p.Call(t, p.Franchise, http.MethodPost, "/api/v1/betaalbatches/"+b.ID.String()+"/uitgevoerd", nil, &confirmed); s != http.StatusOK ||
		confirmed.Data.Status != "uitgevoerd" || confirmed.Data.UitgevoerdAt == nil {
		t.Fatalf("confirm: %d %+v", s, confirmed)
	}
	var paid []string
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `SELECT nummer FROM uitbetalingen WHERE status = 'uitbetaald' ORDER BY nummer`)
		if err != nil {
			return err
		}
		paid, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if !slices.Equal(paid, []string{piet.Nummer}) {
		t.Errorf("paid: %v, want only %s", paid, piet.Nummer)
	}
	if s := p.Call(t, p.Franchise, http.MethodPost, "/api/v1/betaalbatches/"+b.ID.String()+"/uitgevoerd", nil, &e); s != http.StatusConflict || e.Error.Code != "already_carried_out" {
		t.Errorf("confirm twice: %d %+v", s, e)
	}
	var batches list.Page[uitbetaling.Batch]
	if s := p.Call(t, p.Franchise, http.MethodGet, "/api/v1/betaalbatches", nil, &batches); s != http.StatusOK || batches.Total != 1 || batches.Data[0].ID != b.ID {
		t.Errorf("the franchise owner's batches: %d %+v", s, batches)
	}

	// The statement as a PDF, for the office and for Piet himself (who reads the business from
	// his invoices), saying it is paid; Piet's list, newest first.
	for _, path := range []string{"/api/v1/uitbetalingen/" + piet.ID.String() + "/pdf", "/api/v1/klusser/uitbetalingen/" + piet.ID.String() + "/pdf"} {
		who := p.Admin
		if strings.Contains(path, "/klusser/") {
			who = p.Piet
		}
		text := p.pdfText(t, who, path)
		servertest.WantIn(t, path, text, "Klusmaat Den Haag B.V.", "Piet Bakker", m.MonthInWords(), piet.Nummer,
			"Uitbetaald op "+calendar.System.Today().Dutch(), "Voorburg", "€ 35,00/u", "€ 105,00", "€ 175,00", "NL20 **** **** **** 4567")
		if strings.Contains(text, pietIBAN) {
			t.Errorf("%s prints the whole IBAN", path)
		}
	}
	var mine list.Page[uitbetaling.EigenUitbetaling]
	if s := p.Call(t, p.Piet, http.MethodGet, "/api/v1/klusser/uitbetalingen", nil, &mine); s != http.StatusOK || mine.Total != 2 ||
		mine.Data[0].ID != corr.ID || mine.Data[1].ID != piet.ID || mine.Data[1].StatusTekst != "Uitbetaald op "+calendar.System.Today().Dutch() ||
		mine.Data[1].UitgeverNaam != "Klusmaat Den Haag B.V." || mine.Data[1].PDF != "/api/v1/klusser/uitbetalingen/"+piet.ID.String()+"/pdf" {
		t.Errorf("Piet's statements: %d %+v", s, mine)
	}

	// Kees gives his IBAN after his statement was approved without one: the next batch takes it
	// with the account as it is now (migration 043), and pays it.
	if s := p.Call(t, p.Admin, http.MethodPut, "/api/v1/klussers/"+p.ID(p.kees).String()+"/bankrekening",
		map[string]string{"iban": "NL69INGB0123456789", "rekeninghouder": "K. de Vries"}, nil); s != http.StatusOK {
		t.Fatalf("Kees's account: %d", s)
	}
	var late uitbetaling.BatchCreated
	if s := p.Call(t, p.Franchise, http.MethodPost, "/api/v1/betaalbatches", uitbetaling.BatchRequest{Uitgever: "den-haag"}, &late); s != http.StatusCreated ||
		!slices.Equal(late.Uitbetalingen, []string{kees.Nummer}) || len(late.ZonderIBAN) != 0 {
		t.Fatalf("the batch after Kees gave his IBAN: %d %+v", s, late)
	}
	lateFile, _ := p.download(t, p.Franchise, "/api/v1/betaalbatches/"+late.Data.ID.String()+"/pain.xml")
	painValid(t, lateFile)
	if tx := parsePain(t, lateFile).PmtInf.Tx; len(tx) != 1 || tx[0].CdtrIBAN != "NL69INGB0123456789" || tx[0].Cdtr != "K. de Vries" {
		t.Errorf("Kees's transfer: %+v", tx)
	}
}

// D4, D31: a statement or batch of another business is not found for a franchise owner; a
// klusser may not use the office's routes; a klusser never sees another's statement, through the
// API or in SQL as itself; a franchise owner reads its regions' klussers' accounts, masked, and
// never changes one.
func TestUitbetalingenStayWithTheirBusinessAndTheirKlusser(t *testing.T) {
	p := newPayroll(t)
	p.done(t, p.Piet, servertest.Job{}, 2, p.month.AddDays(3).At(12, 0))
	p.done(t, p.Gerrit, utrechtJob, 3, p.month.AddDays(4).At(12, 0))
	p.Call(t, p.Piet, http.MethodPut, "/api/v1/klusser/bankrekening", map[string]string{"iban": pietIBAN, "rekeninghouder": "P. Bakker"}, nil)
	p.draft(t, p.month)
	st := p.statements(t, p.month)
	piet, gerrit := st[payKey(p, p.Piet, "den-haag")], st[payKey(p, p.Gerrit, "centraal")]
	p.Call(t, p.Franchise, http.MethodPost, "/api/v1/uitbetalingen/"+piet.ID.String()+"/goedkeuren", nil, nil)
	var created uitbetaling.BatchCreated
	if s := p.Call(t, p.Franchise, http.MethodPost, "/api/v1/betaalbatches", uitbetaling.BatchRequest{Uitgever: "den-haag"}, &created); s != http.StatusCreated {
		t.Fatalf("batch: %d", s)
	}
	batch := created.Data.ID

	// Another region's franchise owner (utrecht is paid centrally): nothing of den-haag's.
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "/api/v1/uitbetalingen/" + piet.ID.String()},
		{http.MethodPost, "/api/v1/uitbetalingen/" + piet.ID.String() + "/goedkeuren"},
		{http.MethodGet, "/api/v1/uitbetalingen/" + piet.ID.String() + "/pdf"},
		{http.MethodGet, "/api/v1/betaalbatches/" + batch.String() + "/pain.xml"},
		{http.MethodPost, "/api/v1/betaalbatches/" + batch.String() + "/uitgevoerd"},
		{http.MethodGet, "/api/v1/klussers/" + p.ID(p.Piet).String() + "/bankrekening"},
	} {
		if s := p.Call(t, p.utrecht, c.method, c.path, nil, nil); s != http.StatusNotFound {
			t.Errorf("%s %s as utrecht's franchise owner: %d, want 404", c.method, c.path, s)
		}
	}
	// And den-haag's franchise owner nothing of the central business's.
	if s := p.Call(t, p.Franchise, http.MethodGet, "/api/v1/uitbetalingen/"+gerrit.ID.String(), nil, nil); s != http.StatusNotFound {
		t.Errorf("the central business's statement as den-haag's franchise owner: %d", s)
	}
	for who, want := range map[string]int{p.utrecht: 0, p.Franchise: 1, p.Admin: 2} {
		var page list.Page[uitbetaling.Uitbetaling]
		if s := p.Call(t, who, http.MethodGet, "/api/v1/uitbetalingen", nil, &page); s != http.StatusOK || page.Total != want || len(page.Data) != want {
			t.Errorf("the list as %s: %d %d rows, want %d", who, s, page.Total, want)
		}
	}
	var batches list.Page[uitbetaling.Batch]
	if s := p.Call(t, p.utrecht, http.MethodGet, "/api/v1/betaalbatches", nil, &batches); s != http.StatusOK || batches.Total != 0 {
		t.Errorf("batches as utrecht's franchise owner: %d %+v", s, batches)
	}

	// A klusser on the office's routes: 403.
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "/api/v1/uitbetalingen"},
		{http.MethodGet, "/api/v1/uitbetalingen/" + piet.ID.String()},
		{http.MethodPost, "/api/v1/uitbetalingen/" + piet.ID.String() + "/goedkeuren"},
		{http.MethodGet, "/api/v1/uitbetalingen/" + piet.ID.String() + "/pdf"},
		{http.MethodGet, "/api/v1/betaalbatches"},
		{http.MethodPost, "/api/v1/betaalbatches"},
		{http.MethodGet, "/api/v1/betaalbatches/" + batch.String() + "/pain.xml"},
		{http.MethodPost, "/api/v1/betaalbatches/" + batch.String() + "/uitgevoerd"},
		{http.MethodGet, "/api/v1/klussers/" + p.ID(p.Piet).String() + "/bankrekening"},
		{http.MethodPut, "/api/v1/klussers/" + p.ID(p.Piet).String() + "/bankrekening"},
	} {
		if s := p.Call(t, p.Piet, c.method, c.path, nil, nil); s != http.StatusForbidden {
			t.Errorf("%s %s as a klusser: %d, want 403", c.method, c.path, s)
		}
	}

	// Gerrit never sees Piet's statement: not in the API, not in SQL as himself.
	if s := p.Call(t, p.Gerrit, http.MethodGet, "/api/v1/klusser/uitbetalingen/"+piet.ID.String()+"/pdf", nil, nil); s != http.StatusNotFound {
		t.Errorf("Piet's PDF as Gerrit: %d", s)
	}
	var his list.Page[uitbetaling.EigenUitbetaling]
	if p.Call(t, p.Gerrit, http.MethodGet, "/api/v1/klusser/uitbetalingen", nil, &his); his.Total != 1 || his.Data[0].ID != gerrit.ID {
		t.Errorf("Gerrit's list: %+v", his)
	}
	p.DB.As(t, p.Actor(p.Gerrit), func(tx pgx.Tx) error {
		for what, q := range map[string]struct {
			sql string
			arg uuid.UUID
		}{
			"statement":    {`SELECT count(*) FROM uitbetalingen WHERE id = $1`, piet.ID},
			"lines":        {`SELECT count(*) FROM uitbetaling_regels WHERE uitbetaling_id = $1`, piet.ID},
			"batch":        {`SELECT count(*) FROM betaalbatches WHERE id = $1`, batch},
			"bank account": {`SELECT count(*) FROM klusser_bankrekeningen WHERE klusser_id = $1`, p.ID(p.Piet)},
		} {
			var n int
			if err := tx.QueryRow(context.Background(), q.sql, q.arg).Scan(&n); err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
			if n != 0 {
				t.Errorf("Gerrit reads Piet's %s in SQL: %d rows", what, n)
			}
		}
		return nil
	})

	// den-haag's franchise owner reads Piet's account masked, and may not change it.
	var acc uitbetaling.BankrekeningAnswer
	if s := p.Call(t, p.Franchise, http.MethodGet, "/api/v1/klussers/"+p.ID(p.Piet).String()+"/bankrekening", nil, &acc); s != http.StatusOK ||
		acc.Data.IBAN != nil || acc.Data.IBANGemaskeerd != "NL20 **** **** **** 4567" || !acc.Data.Ingevuld {
		t.Errorf("Piet's account as den-haag's franchise owner: %d %+v", s, acc)
	}
	if s := p.Call(t, p.Franchise, http.MethodPut, "/api/v1/klussers/"+p.ID(p.Piet).String()+"/bankrekening",
		map[string]string{"iban": gerritIBAN, "rekeninghouder": "X"}, nil); s != http.StatusForbidden {
		t.Errorf("a franchise owner setting an account: %d", s)
	}
}

// D5, D22, D31: the bank account is checked (mod 97, a SEPA country, a holder) with Dutch
// messages, stored normalised, whole only for the klusser and admins, audited masked; and in a
// whole payroll, from the account to the downloaded file, no log line of the server carries it.
func TestUitbetalingBankrekeningCheckedMaskedAuditedAndNeverLogged(t *testing.T) {
	p := newPayroll(t)

	// Every log line the server writes: the kit's logger and the default one (access log, errors).
	logs := &syncBuffer{}
	logger := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	previous := slog.Default()
	slog.SetDefault(logger)
	t.Cleanup(func() { slog.SetDefault(previous) })
	api := servertest.NewAPIServer(t, server.Deps{DB: p.DB.DB, Logger: logger})
	as := func(handle string) *servertest.APIServer { return api.As(p.Actor(handle)) }
	put := func(handle, path, iban, holder string) (int, servertest.APIError, uitbetaling.BankrekeningSaved) {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"iban": iban, "rekeninghouder": holder})
		s, b, _ := as(handle).Do(http.MethodPut, path, string(body))
		var e servertest.APIError
		var ok uitbetaling.BankrekeningSaved
		if s == http.StatusOK {
			_ = json.Unmarshal(b, &ok)
		} else {
			_ = json.Unmarshal(b, &e)
		}
		return s, e, ok
	}
	own := "/api/v1/klusser/bankrekening"

	// The checks, each with its Dutch message on its field.
	for _, c := range []struct{ iban, holder, field, message string }{
		{"NL91 ABNA 0417 1643 01", "P. Bakker", "iban", "Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00."},
		{"1234", "P. Bakker", "iban", "Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00."},
		{"", "P. Bakker", "iban", "Vul het IBAN in."},
		{"TR33 0006 1005 1978 6457 8413 26", "P. Bakker", "iban", ""},
		{pietIBAN, "   ", "rekeninghouder", "Vul de naam van de rekeninghouder in, zoals de bank die kent."},
		{pietIBAN, strings.Repeat("a", 71), "rekeninghouder", "De naam is te lang (hoogstens 70 tekens)."},
		{pietIBAN, "王小明", "rekeninghouder", ""},
	} {
		s, e, _ := put(p.Piet, own, c.iban, c.holder)
		if s != http.StatusBadRequest || e.Error.Fields[c.field] == "" || (c.message != "" && e.Error.Fields[c.field] != c.message) {
			t.Errorf("%q / %q: %d %+v", c.iban, c.holder, s, e)
		}
		servertest.WantDutch(t, c.iban+" "+c.holder, e.Error.Fields[c.field])
	}
	if n := p.Count(t, "klusser_bankrekeningen"); n != 0 {
		t.Fatalf("%d accounts stored from refused forms", n)
	}

	// Stored as the bank wants it: no spaces, upper case, the holder in SEPA's characters.
	s, _, saved := put(p.Piet, own, "nl20 ingb 0001 2345 67", "Piet Bakker-Müller")
	if s != http.StatusOK || saved.Data.IBAN == nil || *saved.Data.IBAN != pietIBAN || saved.Data.Rekeninghouder != "Piet Bakker-Muller" ||
		saved.Message != uitbetaling.MsgBankrekeningOpgeslagen {
		t.Fatalf("save: %d %+v", s, saved)
	}
	// Whole for Piet and the admin, masked for the franchise owner.
	for handle, whole := range map[string]bool{p.Piet: true, p.Admin: true, p.Franchise: false} {
		path := "/api/v1/klussers/" + p.ID(p.Piet).String() + "/bankrekening"
		if handle == p.Piet {
			path = own
		}
		s, b, _ := as(handle).Do(http.MethodGet, path, "")
		var a uitbetaling.BankrekeningAnswer
		_ = json.Unmarshal(b, &a)
		if s != http.StatusOK || a.Data.IBANGemaskeerd != "NL20 **** **** **** 4567" || (a.Data.IBAN != nil) != whole ||
			(whole && *a.Data.IBAN != pietIBAN) || bytes.Contains(b, []byte(pietIBAN)) != whole {
			t.Errorf("the account as %s: %d %s", p.Actor(handle).Role, s, b)
		}
	}
	// The admin changes it; both changes are audited, masked.
	if s, _, _ := put(p.Admin, "/api/v1/klussers/"+p.ID(p.Piet).String()+"/bankrekening", "NL18 RABO 0123 4598 76", "P. Bakker"); s != http.StatusOK {
		t.Fatalf("the admin's change: %d", s)
	}
	rows := p.Audit(t, p.ID(p.Piet).String())
	if len(rows) != 2 || rows[0].Action != "bankrekening_wijzigen" || rows[0].Role != "klusser" || rows[0].Before != nil ||
		rows[0].After["iban"] != "NL20 **** **** **** 4567" || rows[1].Role != "admin" || rows[1].Before["iban"] != "NL20 **** **** **** 4567" ||
		rows[1].After["iban"] != "NL18 **** **** **** 9876" {
		t.Errorf("audit: %+v", rows)
	}
	for _, r := range rows {
		raw, _ := json.Marshal(r)
		if bytes.Contains(raw, []byte(pietIBAN)) || bytes.Contains(raw, []byte("NL18RABO0123459876")) {
			t.Errorf("the audit log holds a whole IBAN: %s", raw)
		}
	}
	if s, _, _ := put(p.Piet, own, pietIBAN, "P. Bakker"); s != http.StatusOK {
		t.Fatal("back to Piet's own account")
	}

	// A whole payroll through the logged server: draft, approve, batch, download, confirm.
	p.done(t, p.Piet, servertest.Job{}, 2, p.month.AddDays(2).At(11, 0))
	p.draft(t, p.month)
	id := p.statements(t, p.month)[payKey(p, p.Piet, "den-haag")].ID
	for _, c := range []struct {
		handle, method, path, body string
		want                       int
	}{
		{p.Admin, http.MethodGet, "/api/v1/uitbetalingen/" + id.String(), "", http.StatusOK},
		{p.Franchise, http.MethodPost, "/api/v1/uitbetalingen/" + id.String() + "/goedkeuren", "", http.StatusOK},
		{p.Admin, http.MethodGet, "/api/v1/uitbetalingen", "", http.StatusOK},
		{p.Piet, http.MethodGet, "/api/v1/klusser/uitbetalingen/" + id.String() + "/pdf", "", http.StatusOK},
		{p.Franchise, http.MethodPost, "/api/v1/betaalbatches", `{"uitgever":"den-haag"}`, http.StatusCreated},
	} {
		if s, b, _ := as(c.handle).Do(c.method, c.path, c.body); s != c.want {
			t.Fatalf("%s %s: %d %s", c.method, c.path, s, b)
		}
	}
	var batch uuid.UUID
	p.Query(t, &batch, `SELECT id FROM betaalbatches`)
	s, file, _ := as(p.Franchise).Do(http.MethodGet, "/api/v1/betaalbatches/"+batch.String()+"/pain.xml", "")
	if s != http.StatusOK || !bytes.Contains(file, []byte(pietIBAN)) {
		t.Fatalf("download: %d", s)
	}
	if s, _, _ := as(p.Franchise).Do(http.MethodPost, "/api/v1/betaalbatches/"+batch.String()+"/uitgevoerd", ""); s != http.StatusOK {
		t.Fatalf("confirm: %d", s)
	}

	text := logs.String()
	for _, op := range []string{"uitbetalingen.SaveEigenBankrekening", "uitbetalingen.Bankrekening", "uitbetalingen.PainXML", "uitbetalingen.CreateBatch", "http request"} {
		if !strings.Contains(text, op) {
			t.Errorf("no log line %q: the capture missed the server's log", op)
		}
	}
	for _, secret := range []string{pietIBAN, "NL20 INGB", "nl20 ingb", "NL18RABO0123459876", "NL18 RABO", "Piet Bakker-Muller", "Müller"} {
		if strings.Contains(text, secret) {
			t.Errorf("the server's log holds %q:\n%s", secret, text)
		}
	}
}

// A payment file the bank would refuse never leaves: a batch whose statement's account was
// stored past the checks is answered 500 with a Dutch message and an operator's log line that
// holds no account number.
func TestUitbetalingPainFileRefusedBeforeItLeaves(t *testing.T) {
	p := newPayroll(t)
	p.done(t, p.Piet, servertest.Job{}, 2, p.month.AddDays(2).At(11, 0))
	p.Call(t, p.Piet, http.MethodPut, "/api/v1/klusser/bankrekening", map[string]string{"iban": pietIBAN, "rekeninghouder": "P. Bakker"}, nil)
	p.draft(t, p.month)
	id := p.statements(t, p.month)[payKey(p, p.Piet, "den-haag")].ID
	p.Call(t, p.Admin, http.MethodPost, "/api/v1/uitbetalingen/"+id.String()+"/goedkeuren", nil, nil)
	var created uitbetaling.BatchCreated
	if s := p.Call(t, p.Admin, http.MethodPost, "/api/v1/betaalbatches", uitbetaling.BatchRequest{Uitgever: "den-haag"}, &created); s != http.StatusCreated {
		t.Fatalf("batch: %d", s)
	}
	// The business's account is changed afterwards to one the writer refuses (not a SEPA country;
	// its shape passes the table's check).
	p.Exec(t, `UPDATE factuur_uitgevers SET iban = 'TR330006100519786457841326' WHERE id = 'den-haag'`)
	var e servertest.APIError
	if s := p.Call(t, p.Admin, http.MethodGet, "/api/v1/betaalbatches/"+created.Data.ID.String()+"/pain.xml", nil, &e); s != http.StatusInternalServerError ||
		e.Error.Code != "payment_file_refused" || e.Error.Message != uitbetaling.MsgFileRefused {
		t.Fatalf("a refused file: %d %+v", s, e)
	}
	if rows := p.Audit(t, created.Data.ID.String()); len(rows) != 1 {
		t.Errorf("a refused download was audited: %+v", rows)
	}
}

// syncBuffer is a log sink for concurrent handlers.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// download gets a file as handle.
func (p *payroll) download(t *testing.T, handle, path string) ([]byte, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, p.URL+path, nil)
	req.Header.Set("X-Test-User", handle)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, resp.StatusCode, data)
	}
	return data, resp.Header
}

// pdfText downloads a PDF as handle and returns its text (pdftotext -layout).
func (p *payroll) pdfText(t *testing.T, handle, path string) string {
	t.Helper()
	data, header := p.download(t, handle, path)
	if header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("%s is no PDF", path)
	}
	return pdftest.Text(t, data)
}

// painValid checks a payment file as a bank would: xmllint against the official schema.
func painValid(t *testing.T, data []byte) {
	t.Helper()
	dir, err := xsd.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Fatal("xmllint is missing (Debian package libxml2-utils)")
	}
	f := filepath.Join(t.TempDir(), "pain.xml")
	if err := os.WriteFile(f, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("xmllint", "--noout", "--nonet", "--schema", filepath.Join(dir, "pain.001.001.03.xsd"), f).CombinedOutput()
	if err != nil {
		t.Fatalf("xmllint refuses the payment file: %v\n%s", err, out)
	}
}

// painDoc is what a test reads of a pain.001.001.03 file.
type painDoc struct {
	GrpHdr struct {
		MsgID   string `xml:"MsgId"`
		NbOfTxs string `xml:"NbOfTxs"`
		CtrlSum string `xml:"CtrlSum"`
	} `xml:"CstmrCdtTrfInitn>GrpHdr"`
	PmtInf struct {
		NbOfTxs     string `xml:"NbOfTxs"`
		CtrlSum     string `xml:"CtrlSum"`
		ReqdExctnDt string `xml:"ReqdExctnDt"`
		Dbtr        string `xml:"Dbtr>Nm"`
		DbtrAcct    string `xml:"DbtrAcct>Id>IBAN"`
		Tx          []struct {
			EndToEndID string `xml:"PmtId>EndToEndId"`
			Amount     string `xml:"Amt>InstdAmt"`
			Cdtr       string `xml:"Cdtr>Nm"`
			CdtrIBAN   string `xml:"CdtrAcct>Id>IBAN"`
			Ustrd      string `xml:"RmtInf>Ustrd"`
		} `xml:"CdtTrfTxInf"`
	} `xml:"CstmrCdtTrfInitn>PmtInf"`
}

func parsePain(t *testing.T, data []byte) painDoc {
	t.Helper()
	var d painDoc
	if err := xml.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func euroDot(c int) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }
