package betaling_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/betaling"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/sepa/camt/camttest"
	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Getting paid (docs/decisions.md D30): payments booked as records and reversed with a reason,
// the state derived from them, credits, disputes and handing over, and the import of a business's
// CAMT.053 bank statement, as the office and the klusser see them.

// centralIBAN is the central business's account in a fresh database (migration 027).
const centralIBAN = "NL91ABNA0417164300"

// backOffice is the kit's back office with this file's scene: invoices to pay, statements to import.
type backOffice struct{ *servertest.BackOffice }

func newBackOffice(t *testing.T, o servertest.Options) *backOffice {
	return &backOffice{servertest.NewBackOffice(t, o)}
}

// payInvoice inserts an issued invoice of regio (its issuer: the central business unless the
// region has its own) as the system, dated today, with subtotaal and 21 % VAT, and returns its id
// and total. The number is the central sequence's year and seq (no prefix).
func (b *backOffice) payInvoice(t testing.TB, regio string, seq, subtotaal int, klant string) (uuid.UUID, string, int) {
	t.Helper()
	id := uuid.New()
	today := calendar.System.Today()
	nummer := fmt.Sprintf("%d-%04d", today.Year, seq)
	btw := (subtotaal*21 + 50) / 100
	b.Exec(t, `INSERT INTO facturen (id, regio, factuurnummer, datum, klant_naam, klant_email, omschrijving, uren, uurtarief_cents,
	           materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
	           VALUES ($1, $2, $3, $4, $5, '', 'Lamp ophangen', 1, $6, 0, $6, $7, $8)`,
		id, regio, nummer, today, klant, subtotaal, btw, subtotaal+btw)
	return id, nummer, subtotaal + btw
}

// opvolging reads an invoice's follow-up as handle.
func (b *backOffice) opvolging(t testing.TB, handle string, id uuid.UUID) betaling.Opvolging {
	t.Helper()
	var a betaling.OpvolgingAnswer
	if s := b.Call(t, handle, http.MethodGet, "/api/v1/facturen/"+id.String()+"/opvolging", nil, &a); s != http.StatusOK {
		t.Fatalf("opvolging of %s: %d", id, s)
	}
	return a.Data
}

func bookPath(id uuid.UUID) string    { return "/api/v1/facturen/" + id.String() + "/betalingen" }
func reversePath(id uuid.UUID) string { return "/api/v1/betalingen/" + id.String() + "/terugboeken" }

func bookBody(cents int, methode string) betaling.BookRequest {
	return betaling.BookRequest{Datum: calendar.System.Today().String(), BedragCents: cents, Methode: methode, Notitie: "Overgemaakt"}
}

// listByNumber is the invoices list searched by number, with extra query parameters.
func (b *backOffice) listByNumber(t testing.TB, nummer, extra string) list.Page[factuur.ListItem] {
	t.Helper()
	var page list.Page[factuur.ListItem]
	path := "/api/v1/facturen?q=" + url.QueryEscape(nummer)
	if extra != "" {
		path += "&" + extra
	}
	if s := b.Call(t, b.Admin, http.MethodGet, path, nil, &page); s != http.StatusOK {
		t.Fatalf("list %s: %d", path, s)
	}
	return page
}

// 1. The office books part of an invoice, to the cent; a payment above what is open is refused
// in Dutch on the field; the rest pays it; a wrong booking is undone by a reversal with a reason,
// once; every booking is a new row, never an update, and each is audited.
func TestPaymentsBookPartReverseAndRefuseAboveOpen(t *testing.T) {
	b := newBackOffice(t, servertest.Options{})
	id, nummer, total := b.payInvoice(t, "den-haag", 9101, 14234, "Mevrouw Jansen") // 142,34 + 29,89 = 172,23
	if total != 17223 {
		t.Fatalf("fixture total %d", total)
	}
	if o := b.opvolging(t, b.Admin, id); o.Staat != "open" || o.OpenCents != 17223 || o.BetaaldCents != 0 || !o.KanBetalingBoeken {
		t.Fatalf("a fresh invoice: %+v", o)
	}

	// A part payment: 50,01 of 172,23 leaves 122,22.
	var booked betaling.Booked
	if s := b.Call(t, b.Admin, http.MethodPost, bookPath(id), bookBody(5001, "bank"), &booked); s != http.StatusCreated {
		t.Fatalf("part payment: %d %+v", s, booked)
	}
	if d := booked.Data; d.Staat != "deels_betaald" || d.OpenCents != 12222 || d.BetaaldCents != 5001 || d.TotaalCents != 17223 ||
		len(d.Betalingen) != 1 || d.Betalingen[0].BedragCents != 5001 || d.Betalingen[0].Bron != "kantoor" || d.Betalingen[0].Methode != "bank" ||
		d.Betalingen[0].GeboektDoor != "beheerder" || booked.Message != betaling.MsgGeboekt {
		t.Fatalf("after the part payment: %+v", booked)
	}
	first := booked.Data.Betalingen[0]
	if p := b.listByNumber(t, nummer, ""); p.Total != 1 || p.Data[0].Staat != "deels_betaald" || p.Data[0].OpenCents != 12222 || p.Data[0].BetaaldCents != 5001 || p.Data[0].Betaald {
		t.Errorf("the list after the part payment: %+v", p.Data)
	}
	var firstRow struct {
		Bedrag  int
		Datum   string
		Created time.Time
	}
	b.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT bedrag_cents, datum::text, created_at FROM betalingen WHERE id = $1`, first.ID).
			Scan(&firstRow.Bedrag, &firstRow.Datum, &firstRow.Created)
	})

	// One cent above what is open: refused on the field, in Dutch, and nothing booked.
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPost, bookPath(id), bookBody(12223, "bank"), &e); s != http.StatusBadRequest ||
		!strings.Contains(e.Error.Fields["bedrag_cents"], "hoger dan wat nog openstaat") || !strings.Contains(e.Error.Message, "hoger dan wat nog openstaat") {
		t.Errorf("above the open amount: %d %+v", s, e)
	}
	if n := b.Count(t, "betalingen"); n != 1 {
		t.Errorf("%d payments after a refused one, want 1", n)
	}
	// Nor a payment without amount, method or date, nor one dated tomorrow.
	for name, body := range map[string][]byte{
		"zero amount":    servertest.With(map[string]any{"datum": calendar.System.Today().String(), "methode": "bank"}, map[string]any{"bedrag_cents": 0}),
		"no method":      servertest.With(map[string]any{"datum": calendar.System.Today().String(), "bedrag_cents": 100}, nil),
		"tomorrow":       servertest.With(map[string]any{"datum": calendar.System.Today().AddDays(1).String(), "bedrag_cents": 100, "methode": "pin"}, nil),
		"unknown method": servertest.With(map[string]any{"datum": calendar.System.Today().String(), "bedrag_cents": 100, "methode": "ideal"}, nil),
	} {
		var raw json.RawMessage = body
		var ee servertest.APIError
		if s := b.Call(t, b.Admin, http.MethodPost, bookPath(id), raw, &ee); s != http.StatusBadRequest || len(ee.Error.Fields) == 0 {
			t.Errorf("%s: %d %+v", name, s, ee)
		}
	}

	// The rest pays it: betaald, found by the filter staat=betaald, gone from betaald=nee.
	if s := b.Call(t, b.Admin, http.MethodPost, bookPath(id), bookBody(12222, "pin"), &booked); s != http.StatusCreated ||
		booked.Data.Staat != "betaald" || booked.Data.OpenCents != 0 || booked.Data.BetaaldCents != 17223 || booked.Data.KanBetalingBoeken {
		t.Fatalf("the rest: %d %+v", s, booked)
	}
	second := booked.Data.Betalingen[1]
	if p := b.listByNumber(t, nummer, "staat=betaald"); p.Total != 1 || p.Data[0].ID != id || !p.Data[0].Betaald || p.Data[0].OpenCents != 0 {
		t.Errorf("staat=betaald: %+v", p)
	}
	if p := b.listByNumber(t, nummer, "betaald=nee"); p.Total != 0 {
		t.Errorf("betaald=nee still lists the paid invoice: %+v", p.Data)
	}
	if p := b.listByNumber(t, nummer, "staat=deels_betaald"); p.Total != 0 {
		t.Errorf("staat=deels_betaald lists the paid invoice: %+v", p.Data)
	}

	// A reversal needs a reason.
	if s := b.Call(t, b.Admin, http.MethodPost, reversePath(second.ID), betaling.ReverseRequest{Reden: "   "}, &e); s != http.StatusBadRequest || e.Error.Fields["reden"] == "" {
		t.Errorf("a reversal without a reason: %d %+v", s, e)
	}
	// With one it opens the invoice again, the payment marked as reversed.
	if s := b.Call(t, b.Admin, http.MethodPost, reversePath(second.ID), betaling.ReverseRequest{Reden: "Dubbel geboekt"}, &booked); s != http.StatusCreated ||
		booked.Data.Staat != "deels_betaald" || booked.Data.OpenCents != 12222 || booked.Data.BetaaldCents != 5001 || booked.Message != betaling.MsgTeruggeboekt {
		t.Fatalf("reversal: %d %+v", s, booked)
	}
	var reversal betaling.Betaling
	for _, p := range booked.Data.Betalingen {
		switch {
		case p.ID == second.ID && !p.Teruggeboekt:
			t.Errorf("the reversed payment is not marked: %+v", p)
		case p.TerugboekingVan != nil:
			reversal = p
		}
	}
	if reversal.BedragCents != -12222 || *reversal.TerugboekingVan != second.ID || reversal.Reden == nil || *reversal.Reden != "Dubbel geboekt" {
		t.Errorf("the reversal: %+v", reversal)
	}
	if !timelineHas(booked.Data.Tijdlijn, "terugboeking", "Dubbel geboekt") {
		t.Errorf("the timeline lacks the reversal: %+v", booked.Data.Tijdlijn)
	}
	// Once: the same payment again, and a reversal of the reversal, conflict.
	if s := b.Call(t, b.Admin, http.MethodPost, reversePath(second.ID), betaling.ReverseRequest{Reden: "Nog eens"}, &e); s != http.StatusConflict || e.Error.Message == "" {
		t.Errorf("a second reversal: %d %+v", s, e)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, reversePath(reversal.ID), betaling.ReverseRequest{Reden: "Terug"}, &e); s != http.StatusConflict {
		t.Errorf("a reversal of a reversal: %d %+v", s, e)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, reversePath(uuid.New()), betaling.ReverseRequest{Reden: "Weg"}, &e); s != http.StatusNotFound {
		t.Errorf("an unknown payment: %d %+v", s, e)
	}

	// Paid again: three payments and one reversal are four rows; the first never changed.
	if s := b.Call(t, b.Admin, http.MethodPost, bookPath(id), bookBody(12222, "bank"), &booked); s != http.StatusCreated || booked.Data.Staat != "betaald" {
		t.Fatalf("paid again: %d %+v", s, booked)
	}
	if n := b.Count(t, "betalingen"); n != 4 {
		t.Errorf("%d betalingen rows, want 4 (3 payments + 1 reversal)", n)
	}
	var sum int
	b.Query(t, &sum, `SELECT sum(bedrag_cents)::int FROM betalingen WHERE factuur_id = $1`, id)
	if sum != 17223 {
		t.Errorf("the rows add up to %d, want 17223", sum)
	}
	var again struct {
		Bedrag  int
		Datum   string
		Created time.Time
	}
	b.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT bedrag_cents, datum::text, created_at FROM betalingen WHERE id = $1`, first.ID).
			Scan(&again.Bedrag, &again.Datum, &again.Created)
	})
	if again != firstRow {
		t.Errorf("the first payment changed: %+v, was %+v", again, firstRow)
	}
	// Not even an admin through the server's role updates or deletes a payment.
	for _, sql := range []string{
		`UPDATE betalingen SET bedrag_cents = 1 WHERE id = $1`,
		`UPDATE betalingen SET notitie = 'anders' WHERE id = $1`,
		`DELETE FROM betalingen WHERE id = $1`,
	} {
		err := b.DB.DB.InTx(context.Background(), b.Actor(b.Admin), func(tx pgx.Tx) error {
			_, err := tx.Exec(context.Background(), sql, first.ID)
			return err
		})
		if err == nil {
			t.Errorf("accepted: %s", sql)
		}
	}

	// Ten clerks booking the whole of another invoice at the same moment: one is booked, nine hear
	// it is above what is open; never two.
	other, _, otherTot := b.payInvoice(t, "utrecht", 9102, 10000, "Meneer Tegelijk")
	statuses := make([]int, 10)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			statuses[i] = b.Call(t, b.Admin, http.MethodPost, bookPath(other), bookBody(otherTot, "bank"), nil)
		}(i)
	}
	wg.Wait()
	byStatus := map[int]int{}
	for _, s := range statuses {
		byStatus[s]++
	}
	var otherRows int
	b.Query(t, &otherRows, `SELECT count(*) FROM betalingen WHERE factuur_id = $1`, other)
	if byStatus[http.StatusCreated] != 1 || byStatus[http.StatusBadRequest] != 9 || otherRows != 1 {
		t.Errorf("ten bookings at once: %v, %d rows", byStatus, otherRows)
	}

	// The audit log: three bookings and one reversal, by the admin, on the invoice.
	counts := map[string]int{}
	for _, a := range b.Audit(t, id.String()) {
		counts[a.Action]++
		if (a.Action == "betaling_boeken" || a.Action == "betaling_terugboeken") && (a.ActorID == nil || *a.ActorID != b.ID(b.Admin) || a.Role != "admin") {
			t.Errorf("audit entry by %v %s", a.ActorID, a.Role)
		}
	}
	if counts["betaling_boeken"] != 3 || counts["betaling_terugboeken"] != 1 {
		t.Errorf("audit actions %v, want 3 betaling_boeken and 1 betaling_terugboeken", counts)
	}
}

func timelineHas(t []betaling.Gebeurtenis, soort, text string) bool {
	for _, g := range t {
		if g.Soort == soort && strings.Contains(g.Tekst, text) {
			return true
		}
	}
	return false
}

// 2. A credited invoice reads "gecrediteerd" everywhere: its follow-up, the list, its PDF (naming
// the credit invoice, asking nothing), takes no payment; and the credit's CSV row adds up.
func TestCreditedInvoiceReadsGecrediteerd(t *testing.T) {
	b := newBackOffice(t, servertest.Options{Files: true})
	_, w := b.PlannedJob(t, b.Piet, "Mevrouw Jansen", "")
	b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Muurplug", BedragCents: 1234}, nil)
	b.StartedAgo(t, b.Piet, w, 90*time.Minute)
	var a werkbon.Afronding
	if s := b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}
	id := a.FactuurID
	var c factuur.Credited
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/facturen/"+id.String()+"/crediteren", factuur.CreditRequest{Reden: "Dubbel gefactureerd"}, &c); s != http.StatusCreated {
		t.Fatalf("credit: %d %+v", s, c)
	}
	creditNummer := c.Data.Factuurnummer

	o := b.opvolging(t, b.Admin, id)
	if o.Staat != "gecrediteerd" || o.GecrediteerdDoor == nil || *o.GecrediteerdDoor != creditNummer || o.OpenCents != 0 || o.KanBetalingBoeken {
		t.Errorf("the original's follow-up: %+v", o)
	}
	if !timelineHas(o.Tijdlijn, "gecrediteerd", "Gecrediteerd door "+creditNummer) {
		t.Errorf("the timeline lacks the credit: %+v", o.Tijdlijn)
	}
	if co := b.opvolging(t, b.Admin, c.Data.ID); co.Staat != "creditfactuur" || co.OpenCents != 0 || co.KanBetalingBoeken {
		t.Errorf("the credit invoice's follow-up: %+v", co)
	}
	if p := b.listByNumber(t, o.Factuurnummer, "staat=gecrediteerd"); p.Total != 1 || p.Data[0].ID != id || p.Data[0].OpenCents != 0 {
		t.Errorf("staat=gecrediteerd: %+v", p)
	}
	if p := b.listByNumber(t, o.Factuurnummer, "betaald=nee"); p.Total != 0 {
		t.Errorf("a credited invoice is listed as open: %+v", p.Data)
	}

	text := servertest.PDFText(t, b.Portal, b.Admin, id)
	servertest.WantIn(t, "the credited invoice", text, "Gecrediteerd door "+creditNummer, o.Factuurnummer)
	for _, not := range []string{"Openstaand", "Te betalen binnen"} {
		if strings.Contains(text, not) {
			t.Errorf("the credited invoice says %q:\n%s", not, text)
		}
	}

	// No payment on either.
	var e servertest.APIError
	for _, f := range []uuid.UUID{id, c.Data.ID} {
		if s := b.Call(t, b.Admin, http.MethodPost, bookPath(f), bookBody(100, "bank"), &e); s != http.StatusConflict || e.Error.Message == "" {
			t.Errorf("a payment on %s: %d %+v", f, s, e)
		}
	}
	if n := b.Count(t, "betalingen"); n != 0 {
		t.Errorf("%d payments booked on a credited invoice", n)
	}

	// The klusser's registration at the door arriving after the credit (the offline queue) books
	// nothing and says so in Dutch.
	t.Run("door payment on a credited invoice", func(t *testing.T) {
		var e servertest.APIError
		s := b.Call(t, b.Piet, http.MethodPost, "/api/v1/klusser/facturen/"+id.String()+"/betaling",
			factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}, &e)
		if n := b.Count(t, "betalingen"); n != 0 {
			t.Errorf("%d payments booked on a credited invoice at the door", n)
		}
		if s != http.StatusConflict {
			t.Errorf("door payment on a credited invoice: %d %+v", s, e)
		}
		servertest.WantDutch(t, "door payment on a credited invoice", e.Error.Message)
	})

	// The CSV: the credit's row adds up (hours x rate + materials = subtotal), the original says
	// which invoice credits it.
	req, _ := http.NewRequest(http.MethodGet, b.URL+"/api/v1/facturen/export.csv", nil)
	req.Header.Set("X-Test-User", b.Admin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("export: %d %s", resp.StatusCode, raw)
	}
	records, err := csv.NewReader(bytes.NewReader(raw)).ReadAll()
	if err != nil || len(records) != 3 {
		t.Fatalf("export: %v\n%s", err, raw)
	}
	col := map[string]int{}
	for i, h := range records[0] {
		col[h] = i
	}
	for _, h := range []string{"Factuurnummer", "Uren", "Uurtarief", "Materiaal", "Subtotaal", "Staat", "Betaald bedrag", "Open bedrag"} {
		if _, ok := col[h]; !ok {
			t.Fatalf("the export lacks column %q: %v", h, records[0])
		}
	}
	rows := map[string][]string{}
	for _, r := range records[1:] {
		rows[r[col["Factuurnummer"]]] = r
	}
	credit, original := rows[creditNummer], rows[o.Factuurnummer]
	if credit == nil || original == nil {
		t.Fatalf("rows: %v", rows)
	}
	uren, err := strconv.Atoi(credit[col["Uren"]])
	if err != nil {
		t.Fatalf("credit hours %q", credit[col["Uren"]])
	}
	tarief, materiaal, subtotaal := euroCents(t, credit[col["Uurtarief"]]), euroCents(t, credit[col["Materiaal"]]), euroCents(t, credit[col["Subtotaal"]])
	if uren >= 0 || uren*tarief+materiaal != subtotaal || subtotaal != c.Data.SubtotaalCents {
		t.Errorf("the credit row does not add up: %d x %d + %d != %d (%v)", uren, tarief, materiaal, subtotaal, credit)
	}
	ou, _ := strconv.Atoi(original[col["Uren"]])
	if ou*euroCents(t, original[col["Uurtarief"]])+euroCents(t, original[col["Materiaal"]]) != euroCents(t, original[col["Subtotaal"]]) {
		t.Errorf("the original row does not add up: %v", original)
	}
	if original[col["Staat"]] != "Gecrediteerd door "+creditNummer || original[col["Open bedrag"]] != "0,00" {
		t.Errorf("the original's state in the export: %q, open %q", original[col["Staat"]], original[col["Open bedrag"]])
	}
	if credit[col["Staat"]] != "Creditfactuur" || credit[col["Open bedrag"]] != "0,00" {
		t.Errorf("the credit's state in the export: %q, open %q", credit[col["Staat"]], credit[col["Open bedrag"]])
	}
}

// euroCents reads a Dutch amount ("-142,34", "€ 1.234,56") as cents.
func euroCents(t testing.TB, s string) int {
	t.Helper()
	v := strings.TrimSpace(strings.ReplaceAll(s, "€", ""))
	neg := strings.HasPrefix(v, "-")
	v = strings.TrimSpace(strings.TrimPrefix(v, "-"))
	whole, frac, ok := strings.Cut(strings.ReplaceAll(v, ".", ""), ",")
	w, err1 := strconv.Atoi(whole)
	f, err2 := strconv.Atoi(frac)
	if !ok || len(frac) != 2 || err1 != nil || err2 != nil {
		t.Fatalf("not a Dutch amount: %q", s)
	}
	c := w*100 + f
	if neg {
		c = -c
	}
	return c
}

// The statements come from the CAMT.053 test kit; these test-local wrappers keep the calls short.
type (
	camtTx    = camttest.Tx
	camtEntry = camttest.Entry
)

// buildCAMT053 writes a camt.053.001.02 statement of iban with entries (EUR, credit, BOOK, booked
// today unless they say otherwise).
func buildCAMT053(iban, stmtID string, entries ...camtEntry) []byte {
	today := calendar.System.Today().String()
	for i := range entries {
		if entries[i].BookingDate == "" {
			entries[i].BookingDate, entries[i].ValueDate = today, today
		}
	}
	return camttest.Build("02", camttest.Statement{ID: stmtID, IBAN: iban, Entries: entries})
}

// camtPayment is a customer's transfer, as banks report one.
func camtPayment(ref, amount, name string, ustrd ...string) camtEntry {
	e := camttest.Payment(amount, name, "NL20INGB0001234567", ustrd...)
	e.AcctSvcrRef = ref
	return e
}

// xmllintValid checks the file against the official schema, as a bank's file would pass.
func xmllintValid(t *testing.T, data []byte) {
	t.Helper()
	dir, err := xsd.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Fatal("xmllint is missing (Debian package libxml2-utils)")
	}
	f := filepath.Join(t.TempDir(), "afschrift.xml")
	if err := os.WriteFile(f, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("xmllint", "--noout", "--nonet", "--schema", filepath.Join(dir, "camt.053.001.02.xsd"), f).CombinedOutput()
	if err != nil {
		t.Fatalf("the test's statement is not schema-valid: %v\n%s", err, out)
	}
}

// postStatement uploads a statement as handle, as the import page does (the file as the body).
func (b *backOffice) postStatement(t testing.TB, handle, uitgever, name, contentType string, data []byte) (int, []byte) {
	t.Helper()
	q := url.Values{"uitgever": {uitgever}, "bestandsnaam": {name}}
	req, _ := http.NewRequest(http.MethodPost, b.URL+"/api/v1/bankafschriften?"+q.Encode(), bytes.NewReader(data))
	req.Header.Set(httpapi.CSRFHeader, "1")
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("X-Test-User", handle)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("upload %s: %v", name, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

func (b *backOffice) importOK(t *testing.T, name string, data []byte) betaling.Import {
	t.Helper()
	s, body := b.postStatement(t, b.Admin, "centraal", name, "application/xml", data)
	var imp betaling.Imported
	if err := json.Unmarshal(body, &imp); err != nil || s != http.StatusCreated {
		t.Fatalf("import %s: %d %s", name, s, body)
	}
	return imp.Data
}

// 3. A bank statement of the central business: the entry naming an open invoice with exactly its
// amount is booked at once, another naming one with a different amount waits as a proposal,
// debits, foreign currency and returned payments are skipped; the office splits a proposal and
// ignores another; reading the same or an overlapping statement again books nothing twice.
func TestBankStatementImport(t *testing.T) {
	b := newBackOffice(t, servertest.Options{})
	var iban string
	b.Query(t, &iban, `SELECT iban FROM factuur_uitgevers WHERE id = 'centraal'`)
	if iban != centralIBAN {
		t.Logf("the central IBAN is %s", iban)
	}
	idA, nrA, totA := b.payInvoice(t, "den-haag", 9201, 10000, "Mevrouw Jansen")   // 121,00
	idB, nrB, totB := b.payInvoice(t, "rotterdam", 9202, 20000, "Meneer de Vries") // 242,00
	idC, nrC, totC := b.payInvoice(t, "utrecht", 9203, 8000, "Familie Bakker")     // 96,80
	seqA := strings.SplitN(nrA, "-", 2)
	today := calendar.System.Today()

	entryA := camtPayment("BANK-A-1", euroDot(totA), "M. Jansen", fmt.Sprintf("betaling  fact.nr %s -  %s  dank u", seqA[0], seqA[1]))
	entryB := camtPayment("BANK-B-1", "300.00", "De Vries", "Factuur "+strings.ToLower(nrB)+" en nog een")
	debit := camtEntry{Amount: "50.00", Debit: true, AcctSvcrRef: "BANK-D-1", Tx: camtTx{Name: "Gamma", Ustrd: []string{"Materiaal " + nrC}}}
	usd := camtPayment("BANK-U-1", euroDot(totC), "US Customer", "invoice "+nrC)
	usd.Currency = "USD"
	returned := camtPayment("BANK-R-1", "42.00", "Storno", "Retour "+nrC)
	returned.Reversal = true
	gift := camtEntry{Amount: "17.50", Tx: camtTx{Name: "Buurman", EndToEndID: "NOTPROVIDED", Ustrd: []string{"Bedankt voor de hulp"}}}
	file := buildCAMT053(iban, "STMT-"+today.String(), entryA, entryB, debit, usd, returned, gift)
	xmllintValid(t, file)

	imp := b.importOK(t, "afschrift.xml", file)
	if imp.Posten != 6 || imp.Nieuw != 6 || imp.Dubbel != 0 || imp.Geboekt != 1 || imp.Voorstellen != 2 || imp.Overgeslagen != 3 ||
		imp.Uitgever != "centraal" || imp.IBAN != iban || imp.Versie != "camt.053.001.02" {
		t.Fatalf("import: %+v", imp)
	}
	oA := b.opvolging(t, b.Admin, idA)
	if oA.Staat != "betaald" || oA.OpenCents != 0 || len(oA.Betalingen) != 1 || oA.Betalingen[0].Bron != "bankafschrift" ||
		oA.Betalingen[0].Methode != "bank" || oA.Betalingen[0].BedragCents != totA || oA.Betalingen[0].Datum != today.String() {
		t.Errorf("invoice A after the import: %+v", oA)
	}
	if oB := b.opvolging(t, b.Admin, idB); oB.Staat != "open" || oB.OpenCents != totB {
		t.Errorf("invoice B is booked before the office decided: %+v", oB)
	}

	var one betaling.AfschriftAnswer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/bankafschriften/"+imp.ID.String(), nil, &one); s != http.StatusOK || len(one.Data.Entries) != 6 {
		t.Fatalf("the statement: %d %+v", s, one)
	}
	var postB, postGift uuid.UUID
	reasons := map[string]int{}
	for _, p := range one.Data.Entries {
		switch {
		case p.Status == "geboekt":
			if len(p.GeboektOp) != 1 || p.GeboektOp[0].FactuurID != idA || p.BedragCents != totA {
				t.Errorf("the booked entry: %+v", p)
			}
		case p.Status == "voorstel" && p.BedragCents == 30000:
			postB = p.ID
			if len(p.Voorstellen) == 0 || p.Voorstellen[0].FactuurID != idB || p.Voorstellen[0].OpenCents != totB {
				t.Errorf("the proposal for B: %+v", p)
			}
		case p.Status == "voorstel" && p.BedragCents == 1750:
			postGift = p.ID
		case p.Status == "overgeslagen":
			reasons[p.Reden]++
		default:
			t.Errorf("an unexpected entry: %+v", p)
		}
	}
	if reasons["Afschrijving"] != 1 || reasons["Geen euro"] != 1 || reasons["Terugboeking (geretourneerde betaling)"] != 1 {
		t.Errorf("skipped: %v", reasons)
	}
	if postB == uuid.Nil || postGift == uuid.Nil {
		t.Fatalf("proposals missing: B %s, gift %s", postB, postGift)
	}

	// The office splits B's 300,00 over B (its 242,00) and C (58,00 of 96,80).
	var e servertest.APIError
	bad := betaling.ConfirmRequest{Verdeling: []betaling.Deel{{FactuurID: idB, BedragCents: totB}, {FactuurID: idC, BedragCents: 100}}}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/bankposten/"+postB.String()+"/bevestigen", bad, &e); s != http.StatusBadRequest || e.Error.Fields["verdeling"] == "" {
		t.Errorf("a split that does not add up: %d %+v", s, e)
	}
	split := betaling.ConfirmRequest{Verdeling: []betaling.Deel{{FactuurID: idB, BedragCents: totB}, {FactuurID: idC, BedragCents: 30000 - totB}}}
	var post betaling.PostAnswer
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/bankposten/"+postB.String()+"/bevestigen", split, &post); s != http.StatusOK ||
		post.Data.Status != "geboekt" || len(post.Data.GeboektOp) != 2 || post.Message != betaling.MsgBevestigd {
		t.Fatalf("confirm: %d %+v", s, post)
	}
	if oB := b.opvolging(t, b.Admin, idB); oB.Staat != "betaald" {
		t.Errorf("B after the split: %+v", oB)
	}
	oC := b.opvolging(t, b.Admin, idC)
	if oC.Staat != "deels_betaald" || oC.OpenCents != totC-(30000-totB) {
		t.Errorf("C after the split: %+v", oC)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/bankposten/"+postB.String()+"/bevestigen", split, &e); s != http.StatusConflict {
		t.Errorf("confirming twice: %d %+v", s, e)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/bankposten/"+postGift.String()+"/negeren", nil, &post); s != http.StatusOK || post.Data.Status != "genegeerd" {
		t.Errorf("ignore: %d %+v", s, post)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/bankposten/"+postGift.String()+"/negeren", nil, &e); s != http.StatusConflict {
		t.Errorf("ignoring twice: %d %+v", s, e)
	}
	payments := b.Count(t, "betalingen")
	if payments != 3 {
		t.Errorf("%d payments after the import and the split, want 3", payments)
	}

	// The same file again: every entry known, nothing booked twice.
	again := b.importOK(t, "afschrift-nogmaals.xml", file)
	if again.Posten != 6 || again.Dubbel != 6 || again.Nieuw != 0 || again.Geboekt != 0 || again.Voorstellen != 0 || again.Overgeslagen != 0 {
		t.Errorf("the same file again: %+v", again)
	}
	if n := b.Count(t, "betalingen"); n != payments {
		t.Errorf("re-import booked %d payments", n-payments)
	}
	if n := b.Count(t, "bank_posten"); n != 6 {
		t.Errorf("%d entries after re-import, want 6", n)
	}

	// An overlapping statement (a week statement holding that day): only its new entry counts,
	// and it pays C's rest. The entry without a bank reference is known by its fingerprint.
	rest := camtPayment("BANK-C-2", euroDot(oC.OpenCents), "Familie Bakker", "restant "+nrC)
	week := buildCAMT053(iban, "WEEK-"+today.String(), entryA, gift, rest)
	xmllintValid(t, week)
	overlap := b.importOK(t, "week.xml", week)
	if overlap.Posten != 3 || overlap.Dubbel != 2 || overlap.Nieuw != 1 || overlap.Geboekt != 1 {
		t.Errorf("the overlapping statement: %+v", overlap)
	}
	if n := b.Count(t, "betalingen"); n != payments+1 {
		t.Errorf("%d payments after the overlapping statement, want %d", n, payments+1)
	}
	if oC := b.opvolging(t, b.Admin, idC); oC.Staat != "betaald" || oC.OpenCents != 0 {
		t.Errorf("C after its rest: %+v", oC)
	}
	var imports list.Page[betaling.Import]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/bankafschriften", nil, &imports); s != http.StatusOK || imports.Total != 3 || len(imports.Data) != 3 ||
		imports.Data[0].ID != overlap.ID || imports.Data[2].ID != imp.ID || imports.Data[2].Voorstellen != 0 {
		t.Errorf("the imports, newest first, the first with no proposal left: %d %+v", s, imports.Data)
	}
	if a := b.Audit(t, imp.ID.String()); len(a) != 1 || a[0].Action != "bankafschrift_inlezen" {
		t.Errorf("the import's audit: %+v", a)
	}
}

// euroDot is cents as a statement writes an amount: "121.00".
func euroDot(c int) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// 4. A hostile or wrong file is refused whole with a Dutch message, and nothing is written: not
// the statement, not an entry, not a payment (the files name an open invoice with its amount).
func TestBankStatementHostileFilesBookNothing(t *testing.T) {
	b := newBackOffice(t, servertest.Options{})
	var iban string
	b.Query(t, &iban, `SELECT iban FROM factuur_uitgevers WHERE id = 'centraal'`)
	_, nr, tot := b.payInvoice(t, "den-haag", 9301, 10000, "Mevrouw Jansen")
	pay := func(amount string) camtEntry { return camtPayment("BANK-H-1", amount, "M. Jansen", "MARKER "+nr) }
	good := buildCAMT053(iban, "STMT-H", pay(euroDot(tot)))
	xmllintValid(t, good)
	withDoctype := func(doctype, marker string) []byte {
		s := strings.Replace(string(good), "<Document", doctype+"\n<Document", 1)
		return []byte(strings.Replace(s, "MARKER", marker, 1))
	}
	padded := strings.Replace(string(good), "</Document>", "<!--"+strings.Repeat("x", 21<<20)+"-->\n</Document>", 1)

	cases := []struct {
		name, contentType string
		data              []byte
		status            []int
		code              string
	}{
		{"entity expansion", "application/xml", withDoctype(`<!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>`, "&b;"),
			[]int{400}, "statement_forbidden_xml"},
		{"external entity", "application/xml", withDoctype(`<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`, "&xxe;"),
			[]int{400}, "statement_forbidden_xml"},
		{"XInclude", "application/xml",
			[]byte(strings.Replace(string(good), "MARKER", `</Ustrd><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/><Ustrd>x`, 1)),
			[]int{400}, "statement_forbidden_xml"},
		{"21 MB", "application/xml", []byte(padded), []int{413, 400}, ""},
		{"pain.001", "application/xml", bytes.Replace(good, []byte("camt.053.001.02"), []byte("pain.001.001.03"), 1), []int{400}, "statement_wrong_message"},
		{"camt.054", "application/xml", bytes.Replace(good, []byte("camt.053.001.02"), []byte("camt.054.001.02"), 1), []int{400}, "statement_wrong_message"},
		{"another account", "application/xml", buildCAMT053("NL20INGB0001234567", "STMT-X", pay(euroDot(tot))), []int{400}, "other_account"},
		{"amount 1.234,56", "application/xml", buildCAMT053(iban, "STMT-H", pay("1.234,56")), []int{400}, "statement_schema"},
		{"amount 1e3", "application/xml", buildCAMT053(iban, "STMT-H", pay("1e3")), []int{400}, "statement_schema"},
		{"truncated", "application/xml", good[:len(good)*2/3], []int{400}, "statement_not_xml"},
		{"empty", "application/xml", nil, []int{400}, ""},
		{"text/plain", "text/plain", good, []int{415}, "statement_not_xml"},
	}
	tables := []string{"bankafschriften", "bank_posten", "betalingen"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := map[string]int{}
			for _, tb := range tables {
				before[tb] = b.Count(t, tb)
			}
			s, body := b.postStatement(t, b.Admin, "centraal", "afschrift.xml", c.contentType, c.data)
			var e servertest.APIError
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatalf("%d, not a JSON error: %.300s", s, body)
			}
			ok := false
			for _, want := range c.status {
				ok = ok || s == want
			}
			if !ok || s < 400 || s >= 500 {
				t.Errorf("status %d, want %v: %+v", s, c.status, e)
			}
			if c.code != "" && e.Error.Code != c.code {
				t.Errorf("code %q, want %q (%s)", e.Error.Code, c.code, e.Error.Message)
			}
			servertest.WantDutch(t, c.name, e.Error.Message)
			if bytes.Contains(body, []byte("root:")) {
				t.Errorf("the answer shows a server file: %s", body)
			}
			for _, tb := range tables {
				if n := b.Count(t, tb); n != before[tb] {
					t.Errorf("%s: %d new rows", tb, n-before[tb])
				}
			}
		})
	}
	// And the good file is booked, so the refusals above were the files' doing.
	if imp := b.importOK(t, "goed.xml", good); imp.Geboekt != 1 {
		t.Errorf("the good file: %+v", imp)
	}
}

// 5. Regions: a franchise owner follows its own regions' invoices only (another region's are not
// found), a klusser reaches no office route, a franchise owner books on its own region's invoice;
// the klusser's registration at the door is a payment of the whole amount.
func TestPaymentRoutesAcrossRegions(t *testing.T) {
	b := newBackOffice(t, servertest.Options{Files: true})
	utrecht := b.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"utrecht"}})
	rdam, _, _ := b.payInvoice(t, "rotterdam", 9401, 10000, "Meneer Rotterdam")
	dh, dhNr, dhTot := b.payInvoice(t, "den-haag", 9402, 10000, "Mevrouw Den Haag")

	var e servertest.APIError
	for _, c := range []struct {
		who     string
		invoice uuid.UUID
	}{{b.Franchise, rdam}, {utrecht, rdam}, {utrecht, dh}} {
		for _, r := range []struct {
			method, path string
			body         any
		}{
			{http.MethodGet, "/api/v1/facturen/" + c.invoice.String() + "/opvolging", nil},
			{http.MethodPost, bookPath(c.invoice), bookBody(100, "bank")},
			{http.MethodPost, "/api/v1/facturen/" + c.invoice.String() + "/bespreking", betaling.DisputeRequest{Aan: true, Notitie: "klant belt"}},
			{http.MethodPost, "/api/v1/facturen/" + c.invoice.String() + "/uit-handen", nil},
		} {
			if s := b.Call(t, c.who, r.method, r.path, r.body, &e); s != http.StatusNotFound || e.Error.Message != "Factuur niet gevonden" {
				t.Errorf("%v %s %s: %d %+v", b.Actor(c.who).Regions, r.method, r.path, s, e)
			}
		}
	}
	if n, g := b.Count(t, "betalingen"), b.Count(t, "factuur_gebeurtenissen"); n != 0 || g != 0 {
		t.Errorf("refused calls wrote %d payments and %d events", n, g)
	}

	// Den Haag's owner books on a den-haag invoice; Utrecht's cannot reverse it.
	var booked betaling.Booked
	if s := b.Call(t, b.Franchise, http.MethodPost, bookPath(dh), bookBody(2000, "contant"), &booked); s != http.StatusCreated ||
		booked.Data.Staat != "deels_betaald" || booked.Data.OpenCents != dhTot-2000 || booked.Data.Betalingen[0].GeboektDoor != "franchisenemer" {
		t.Fatalf("franchise den-haag books: %d %+v", s, booked)
	}
	payment := booked.Data.Betalingen[0].ID
	if s := b.Call(t, utrecht, http.MethodPost, reversePath(payment), betaling.ReverseRequest{Reden: "Fout"}, &e); s != http.StatusNotFound {
		t.Errorf("utrecht reverses a den-haag payment: %d %+v", s, e)
	}
	var page list.Page[factuur.ListItem]
	if s := b.Call(t, utrecht, http.MethodGet, "/api/v1/facturen?q="+dhNr, nil, &page); s != http.StatusOK || page.Total != 0 {
		t.Errorf("utrecht lists a den-haag invoice: %d %+v", s, page)
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/facturen?q="+dhNr, nil, &page); s != http.StatusOK || page.Total != 1 || page.Data[0].Staat != "deels_betaald" {
		t.Errorf("den-haag lists its invoice: %d %+v", s, page)
	}
	// Nor does a franchise owner import the central business's statement (the admins' own).
	var iban string
	b.Query(t, &iban, `SELECT iban FROM factuur_uitgevers WHERE id = 'centraal'`)
	stmt := buildCAMT053(iban, "STMT-F", camtPayment("BANK-F-1", euroDot(dhTot-2000), "Den Haag", "Factuur "+dhNr))
	if s, body := b.postStatement(t, b.Franchise, "centraal", "f.xml", "application/xml", stmt); s < 400 || s >= 500 {
		t.Errorf("a franchise owner imports the central statement: %d %s", s, body)
	}
	if n := b.Count(t, "bankafschriften"); n != 0 {
		t.Errorf("%d statements recorded", n)
	}

	// A klusser reaches none of the office's routes.
	post, statement := uuid.New(), uuid.New()
	for _, r := range []struct{ method, path string }{
		{http.MethodGet, "/api/v1/facturen/" + dh.String() + "/opvolging"},
		{http.MethodPost, bookPath(dh)},
		{http.MethodPost, reversePath(payment)},
		{http.MethodPost, "/api/v1/facturen/" + dh.String() + "/bespreking"},
		{http.MethodPost, "/api/v1/facturen/" + dh.String() + "/uit-handen"},
		{http.MethodGet, "/api/v1/bankafschriften"},
		{http.MethodPost, "/api/v1/bankafschriften"},
		{http.MethodGet, "/api/v1/bankafschriften/" + statement.String()},
		{http.MethodPost, "/api/v1/bankposten/" + post.String() + "/bevestigen"},
		{http.MethodPost, "/api/v1/bankposten/" + post.String() + "/negeren"},
	} {
		if s := b.Call(t, b.Piet, r.method, r.path, nil, nil); s != http.StatusForbidden {
			t.Errorf("klusser %s %s: %d", r.method, r.path, s)
		}
	}
	if s, _ := b.postStatement(t, b.Piet, "centraal", "k.xml", "application/xml", stmt); s != http.StatusForbidden {
		t.Errorf("klusser imports a statement: %d", s)
	}

	// The klusser's PIN at the door: one payment of the whole amount, by the klusser.
	_, w := b.PlannedJob(t, b.Piet, "Mevrouw Pin", "")
	b.StartedAgo(t, b.Piet, w, time.Hour)
	var a werkbon.Afronding
	if s := b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}
	var f factuur.Factuur
	if s := b.Call(t, b.Piet, http.MethodPost, "/api/v1/klusser/facturen/"+a.FactuurID.String()+"/betaling",
		factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}, &f); s != http.StatusOK || f.Staat != "betaald" || f.OpenCents != 0 {
		t.Fatalf("pin at the door: %d %+v", s, f)
	}
	var rows []struct {
		Bedrag               int
		Methode, Bron, Regio string
		Door                 uuid.UUID
	}
	b.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		r, err := tx.Query(context.Background(), `SELECT bedrag_cents, methode, bron, regio, geboekt_door FROM betalingen WHERE factuur_id = $1`, a.FactuurID)
		if err != nil {
			return err
		}
		defer r.Close()
		for r.Next() {
			var x struct {
				Bedrag               int
				Methode, Bron, Regio string
				Door                 uuid.UUID
			}
			if err := r.Scan(&x.Bedrag, &x.Methode, &x.Bron, &x.Regio, &x.Door); err != nil {
				return err
			}
			rows = append(rows, x)
		}
		return r.Err()
	})
	if len(rows) != 1 || rows[0].Bedrag != f.TotaalCents || rows[0].Methode != "pin" || rows[0].Bron != "klusser" || rows[0].Regio != "den-haag" || rows[0].Door != b.ID(b.Piet) {
		t.Errorf("the door payment: %+v (total %d)", rows, f.TotaalCents)
	}
	if o := b.opvolging(t, b.Admin, a.FactuurID); o.Staat != "betaald" || o.OpenCents != 0 || len(o.Betalingen) != 1 || o.Betalingen[0].Bron != "klusser" {
		t.Errorf("the office sees the door payment: %+v", o)
	}
	// The offline queue resending it books nothing more.
	if s := b.Call(t, b.Piet, http.MethodPost, "/api/v1/klusser/facturen/"+a.FactuurID.String()+"/betaling",
		factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}, &f); s != http.StatusOK {
		t.Errorf("pin again: %d", s)
	}
	var n int
	b.Query(t, &n, `SELECT count(*) FROM betalingen WHERE factuur_id = $1`, a.FactuurID)
	if n != 1 {
		t.Errorf("%d door payments after a resend, want 1", n)
	}

	// The customer paid part by transfer (booked by the office) and the rest by PIN at the door:
	// the registration books what is open, and the invoice is paid.
	t.Run("door payment after an office part payment", func(t *testing.T) {
		_, w := b.PlannedJob(t, b.Piet, "Meneer Deels", "")
		b.StartedAgo(t, b.Piet, w, time.Hour)
		var a werkbon.Afronding
		if s := b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
			t.Fatalf("complete: %d", s)
		}
		var booked betaling.Booked
		if s := b.Call(t, b.Admin, http.MethodPost, bookPath(a.FactuurID), bookBody(1000, "bank"), &booked); s != http.StatusCreated {
			t.Fatalf("office part payment: %d %+v", s, booked)
		}
		rest := booked.Data.OpenCents
		var e servertest.APIError
		s := b.Call(t, b.Piet, http.MethodPost, "/api/v1/klusser/facturen/"+a.FactuurID.String()+"/betaling",
			factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}, &e)
		if s != http.StatusOK {
			t.Fatalf("door payment of the rest: %d %+v", s, e)
		}
		o := b.opvolging(t, b.Admin, a.FactuurID)
		if o.Staat != "betaald" || len(o.Betalingen) != 2 || o.Betalingen[1].Bron != "klusser" || o.Betalingen[1].BedragCents != rest {
			t.Errorf("after the door payment of the rest: %+v", o)
		}
	})
}

// 6. The office's dispute and handing over: on, not twice, off again; handed over once; neither
// stops a payment, and a paid invoice is neither disputed nor handed over.
func TestDisputeStopsNothingElseAndHandOver(t *testing.T) {
	b := newBackOffice(t, servertest.Options{})
	id, _, tot := b.payInvoice(t, "den-haag", 9501, 10000, "Mevrouw Jansen")
	path := "/api/v1/facturen/" + id.String()
	var booked betaling.Booked
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/bespreking", betaling.DisputeRequest{Aan: true, Notitie: "Klant betwist de uren"}, &booked); s != http.StatusOK ||
		booked.Data.Staat != "in_bespreking" || !booked.Data.InBespreking || booked.Message != betaling.MsgBesprekingAan || !booked.Data.KanBetalingBoeken {
		t.Fatalf("dispute on: %d %+v", s, booked)
	}
	if !timelineHas(booked.Data.Tijdlijn, "bespreking_aan", "Klant betwist de uren") {
		t.Errorf("the timeline lacks the dispute: %+v", booked.Data.Tijdlijn)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/bespreking", betaling.DisputeRequest{Aan: true}, &e); s != http.StatusConflict || e.Error.Message == "" {
		t.Errorf("dispute on twice: %d %+v", s, e)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/bespreking", betaling.DisputeRequest{Aan: false, Notitie: "Uitgelegd"}, &booked); s != http.StatusOK ||
		booked.Data.Staat != "open" || booked.Data.InBespreking || booked.Message != betaling.MsgBesprekingUit {
		t.Errorf("dispute off: %d %+v", s, booked)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/bespreking", betaling.DisputeRequest{Aan: false}, &e); s != http.StatusConflict {
		t.Errorf("dispute off twice: %d %+v", s, e)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/bespreking", betaling.DisputeRequest{Aan: true, Notitie: strings.Repeat("x", 1001)}, &e); s != http.StatusBadRequest {
		t.Errorf("a note of 1001 characters: %d %+v", s, e)
	}

	if s := b.Call(t, b.Admin, http.MethodPost, path+"/uit-handen", nil, &booked); s != http.StatusOK || booked.Data.Staat != "uit_handen" || booked.Message != betaling.MsgUitHanden {
		t.Fatalf("hand over: %d %+v", s, booked)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/uit-handen", nil, &e); s != http.StatusConflict || e.Error.Message == "" {
		t.Errorf("hand over twice: %d %+v", s, e)
	}
	// Handed over, it still takes a payment; paid, it is neither disputed nor handed over.
	if s := b.Call(t, b.Admin, http.MethodPost, bookPath(id), bookBody(1000, "bank"), &booked); s != http.StatusCreated || booked.Data.Staat != "uit_handen" || booked.Data.OpenCents != tot-1000 {
		t.Errorf("a part payment of a handed over invoice: %d %+v", s, booked)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, bookPath(id), bookBody(tot-1000, "bank"), &booked); s != http.StatusCreated || booked.Data.Staat != "betaald" {
		t.Errorf("the rest of a handed over invoice: %d %+v", s, booked)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/bespreking", betaling.DisputeRequest{Aan: true}, &e); s != http.StatusConflict {
		t.Errorf("dispute of a paid invoice: %d %+v", s, e)
	}
	counts := map[string]int{}
	for _, a := range b.Audit(t, id.String()) {
		counts[a.Action]++
	}
	if counts["bespreking_aan"] != 1 || counts["bespreking_uit"] != 1 || counts["uit_handen"] != 1 || counts["betaling_boeken"] != 2 {
		t.Errorf("audit: %v", counts)
	}
	var events int
	b.Query(t, &events, `SELECT count(*) FROM factuur_gebeurtenissen WHERE factuur_id = $1`, id)
	if events != 3 {
		t.Errorf("%d follow-up events, want 3", events)
	}
}
