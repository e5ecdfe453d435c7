package betaling

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/services/aanmaning"
	"github.com/klusmaat/klusmaat/services/platform/sepa/camt"
	"github.com/klusmaat/klusmaat/services/platform/sepa/camt/camttest"
	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// The demo's bank statements (README, 'Watch matching happen'), one per business with its own
// account, read in by the office on the seeded demo.
var demoFiles = map[string]string{
	"den-haag": "../../infra/demo/bankafschrift-den-haag.xml",
	"centraal": "../../infra/demo/bankafschrift-centraal.xml",
}

// TestWriteDemoStatements writes the demo statements for the demo seeded today, naming the
// numbers and amounts the seed gives (they depend on the year): KLUSMAAT_WRITE_DEMO=1 make go-test
// GO_TEST_ARGS='./services/betaling -run WriteDemo'.
func TestWriteDemoStatements(t *testing.T) {
	if os.Getenv("KLUSMAAT_WRITE_DEMO") != "1" {
		t.Skip("set KLUSMAAT_WRITE_DEMO=1 to write infra/demo/bankafschrift-*.xml")
	}
	day := calendar.System.Today()
	d := seededDemo(t, day)
	n := readDemoNumbers(t, d)
	for _, key := range []string{"H1", "H2", "H3", "H4", "H5", "H6", "H7"} {
		t.Logf("%s %s: total %s, open %s", key, n.nummer[key], n.totaal[key], n.open[key])
	}
	files := demoStatements(day, n)
	for uitgever, path := range demoFiles {
		if err := os.WriteFile(path, files[uitgever], 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
	}
}

// demoNumbers are what the statements name: the issuers' accounts and the history invoices'
// numbers and amounts.
type demoNumbers struct {
	ibanDH, ibanCentraal string
	nummer, totaal, open map[string]string
	cents                map[string]int // open, in cents
}

func readDemoNumbers(t *testing.T, d *dbtest.Database) demoNumbers {
	t.Helper()
	n := demoNumbers{nummer: map[string]string{}, totaal: map[string]string{}, open: map[string]string{}, cents: map[string]int{}}
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		ctx := context.Background()
		if err := tx.QueryRow(ctx, `SELECT (SELECT iban FROM factuur_uitgevers WHERE id = 'den-haag'),
			(SELECT iban FROM factuur_uitgevers WHERE id = 'centraal')`).Scan(&n.ibanDH, &n.ibanCentraal); err != nil {
			return err
		}
		for _, key := range []string{"H1", "H2", "H3", "H4", "H5", "H6", "H7"} {
			var nummer string
			var totaal, open int
			if err := tx.QueryRow(ctx, `SELECT f.factuurnummer, f.totaal_bedrag_cents, s.open_cents
				FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id WHERE f.id = $1`, seed.HistorieID(key)).Scan(&nummer, &totaal, &open); err != nil {
				return fmt.Errorf("%s: %w", key, err)
			}
			n.nummer[key], n.totaal[key], n.open[key], n.cents[key] = nummer, euroDot(totaal), euroDot(open), open
		}
		return nil
	})
	return n
}

func euroDot(c int) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// everyday writes an invoice number as a customer types it: "DH2026-0003" as "dh 2026 0003".
func everyday(nummer string) string {
	prefix := strings.TrimRight(nummer, "0123456789-")
	rest := strings.Replace(strings.TrimPrefix(nummer, prefix), "-", " ", 1)
	return strings.TrimSpace(strings.ToLower(prefix) + " " + rest)
}

// oneHour is an hour of work with VAT (D7: 65 euro, 21 %): what the disputing customer leaves off.
const oneHour = 7865

// demoStatements are the two statements of day, booked in its month (the last days before it):
//
//	den-haag: H3's open amount naming its number as typed (booked at import); 50.00 naming no
//	          invoice from a W. van Dijk, like the customer of an open invoice (a proposal); the
//	          rent of a van (a debit, skipped)
//	centraal: H2's open amount without the collection costs, naming it (booked); H6's rest with its
//	          number (booked); H4 less an hour 'as discussed' (a proposal: no invoice has that
//	          amount); a payment to a klusser returned by the bank (RvslInd, skipped)
func demoStatements(day calendar.Date, n demoNumbers) map[string][]byte {
	booked := func(back int) string {
		d := day.AddDays(-back)
		if d.Before(day.MonthStart()) {
			d = day.MonthStart()
		}
		return d.String()
	}
	entry := func(ref string, back int, amount, name, iban, ustrd string) camttest.Entry {
		e := camttest.Payment(amount, name, iban, ustrd)
		e.AcctSvcrRef, e.BookingDate, e.ValueDate = ref, booked(back), booked(back)
		return e
	}
	van := entry("DEMO-DH-0003", 1, "385.00", "Autoverhuur Haaglanden B.V.", "NL94ASNB0707123456", "Huur bedrijfsbus")
	van.Debit = true
	returned := entry("DEMO-KM-0004", 1, "420.00", "J. de Groot", "NL22SNSB0912345678", "Retour uitbetaling klusser: rekening opgeheven")
	returned.Reversal = true
	h4 := n.cents["H4"] - oneHour
	return map[string][]byte{
		"den-haag": build(day, "DEMO-DH-"+day.String(), n.ibanDH,
			entry("DEMO-DH-0001", 3, n.open["H3"], "Mevr. J. de Wit", "NL36INGB0007654321", "factuur "+everyday(n.nummer["H3"])),
			entry("DEMO-DH-0002", 2, "50.00", "W. van Dijk", "NL81RABO0312345678", "Eerste deel voor de klusser, de rest volgt"),
			van),
		"centraal": build(day, "DEMO-KM-"+day.String(), n.ibanCentraal,
			entry("DEMO-KM-0001", 4, n.open["H2"], "J.P. Willems", "NL49TRIO0390123456",
				"Factuur "+strings.Replace(n.nummer["H2"], "-", "/", 1)+" zonder de incassokosten"),
			entry("DEMO-KM-0002", 3, n.open["H6"], "Koster", "NL83ABNA0561234567", "restant factuur "+n.nummer["H6"]),
			entry("DEMO-KM-0003", 2, euroDot(h4), "G. Janssen", "NL55INGB0003456789",
				"fact. "+n.nummer["H4"]+", een uur minder zoals besproken"),
			returned),
	}
}

// build is camttest's statement with the header dated day (the kit dates it in 2024).
func build(day calendar.Date, id, iban string, entries ...camttest.Entry) []byte {
	s := string(camttest.Build("02", camttest.Statement{ID: id, IBAN: iban, Entries: entries}))
	s = strings.ReplaceAll(s, "MSG-20240302", "KLUSMAAT-"+id)
	s = strings.ReplaceAll(s, "2024-03-02T06:00:00", day.String()+"T06:00:00")
	s = strings.ReplaceAll(s, "2024-03-01", day.String()) // the closing balance
	if strings.Contains(s, "2024-") {
		panic("camttest dates the statement differently now: update build")
	}
	return []byte(s)
}

// seededDemo is a fresh database with the demo seed of day and its history.
func seededDemo(t *testing.T, day calendar.Date) *dbtest.Database {
	t.Helper()
	d := dbtest.New(t)
	if err := seed.Run(context.Background(), d.DB, day, seed.FixedIDs()); err != nil {
		t.Fatal(err)
	}
	if err := Demo(context.Background(), d.DB, day); err != nil {
		t.Fatal(err)
	}
	return d
}

var statementDay = regexp.MustCompile(`<CreDtTm>([0-9]{4}-[0-9]{2}-[0-9]{2})T`)

// readDemoFile is a committed statement and the day it was made for (its creation date).
func readDemoFile(t *testing.T, uitgever string) ([]byte, calendar.Date) {
	t.Helper()
	data, err := os.ReadFile(demoFiles[uitgever])
	if err != nil {
		t.Fatal(err)
	}
	m := statementDay.FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s: no creation date", demoFiles[uitgever])
	}
	day, err := calendar.ParseDate(string(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	return data, day
}

// The committed statements pass the official schema, as a bank's would.
func TestDemoStatementsAreSchemaValid(t *testing.T) {
	dir, err := xsd.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Fatal("xmllint is missing (Debian package libxml2-utils)")
	}
	for _, path := range demoFiles {
		out, err := exec.Command("xmllint", "--noout", "--nonet", "--schema", filepath.Join(dir, "camt.053.001.02.xsd"), path).CombinedOutput()
		if err != nil {
			t.Errorf("%s is not schema-valid: %v\n%s", path, err, out)
		}
	}
}

// demoStand is a history invoice's state as factuur_stand derives it.
type demoStand struct {
	nummer, staat, email                 string
	datum                                calendar.Date
	totaal, betaald, open                int
	herinnering, brief, voorstel, credit bool
	gecrediteerdDoor                     *string
}

func readStand(t *testing.T, d *dbtest.Database, key string) demoStand {
	t.Helper()
	var s demoStand
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `
			SELECT f.factuurnummer, s.staat, f.klant_email, f.datum, f.totaal_bedrag_cents, s.betaald_cents, s.open_cents,
			       s.herinnering_at IS NOT NULL, s.brief_at IS NOT NULL, s.uit_handen_voorstel_at IS NOT NULL,
			       EXISTS (SELECT 1 FROM facturen c WHERE c.credit_van = f.id), s.gecrediteerd_door
			FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id WHERE f.id = $1 AND f.klus_id IS NULL`, seed.HistorieID(key)).
			Scan(&s.nummer, &s.staat, &s.email, &s.datum, &s.totaal, &s.betaald, &s.open, &s.herinnering, &s.brief, &s.voorstel,
				&s.credit, &s.gecrediteerdDoor)
	})
	return s
}

// gegevens is an event's data.
func gegevens(t *testing.T, d *dbtest.Database, key, soort string) map[string]any {
	t.Helper()
	var g map[string]any
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT gegevens FROM factuur_gebeurtenissen WHERE factuur_id = $1 AND soort = $2`,
			seed.HistorieID(key), soort).Scan(&g)
	})
	return g
}

// counts are the rows the demo writes, to see that a second run writes none.
func counts(t *testing.T, d *dbtest.Database) string {
	t.Helper()
	var s string
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT format('facturen %s, betalingen %s, gebeurtenissen %s, nummers %s, klussen %s',
			(SELECT count(*) FROM facturen), (SELECT count(*) FROM betalingen), (SELECT count(*) FROM factuur_gebeurtenissen),
			(SELECT sum(laatste) FROM invoice_number_counters), (SELECT count(*) FROM klussen))`).Scan(&s)
	})
	return s
}

// The demo seed holds an invoice in every state of D30, numbered in date order in each issuer's
// sequence, consistent with the reminder rules (nothing is due on the seed day), and a second run
// changes nothing. The committed statements, read in on it, book and propose as the README says;
// reading them again books nothing twice.
func TestDemoHistoryAndStatements(t *testing.T) {
	ctx := context.Background()
	fileDH, day := readDemoFile(t, "den-haag")
	fileKM, dayKM := readDemoFile(t, "centraal")
	if day != dayKM {
		t.Fatalf("the statements were made for %s and %s", day, dayKM)
	}
	d := seededDemo(t, day)

	s := map[string]demoStand{}
	for _, key := range []string{"H1", "H2", "H3", "H4", "H5", "H6", "H7"} {
		s[key] = readStand(t, d, key)
	}
	want := map[string]struct {
		staat, prefix                        string
		age                                  int
		herinnering, brief, voorstel, credit bool
	}{
		"H1": {"betaald", "DH", 60, false, false, false, false},
		"H2": {"open", "", 45, true, true, false, false},
		"H3": {"open", "DH", 25, true, false, false, false},
		"H4": {"in_bespreking", "", 40, false, false, false, false},
		"H5": {"gecrediteerd", "DH", 35, false, false, false, true},
		"H6": {"deels_betaald", "", 30, true, false, false, false},
		"H7": {"open", "", 70, true, true, true, false},
	}
	for key, w := range want {
		g := s[key]
		if g.staat != w.staat || g.datum != day.AddDays(-w.age) || !strings.HasPrefix(g.nummer, fmt.Sprintf("%s%d-", w.prefix, g.datum.Year)) ||
			g.herinnering != w.herinnering || g.brief != w.brief || g.voorstel != w.voorstel || g.credit != w.credit {
			t.Errorf("%s: %+v, want %+v", key, g, w)
		}
	}
	if s["H1"].betaald != s["H1"].totaal || s["H6"].betaald != s["H6"].totaal/2 || s["H6"].open != s["H6"].totaal-s["H6"].totaal/2 {
		t.Errorf("payments: H1 %+v, H6 %+v", s["H1"], s["H6"])
	}
	if s["H7"].email != "" {
		t.Errorf("H7 has an e-mail address: %q", s["H7"].email)
	}
	for key, soort := range map[string]string{"H2": aanmaning.SoortHerinnering, "H3": aanmaning.SoortHerinnering, "H6": aanmaning.SoortHerinnering} {
		if g := gegevens(t, d, key, soort); g["per_post"] != false || g["verzonden"] == nil {
			t.Errorf("%s %s: %v", key, soort, g)
		}
	}
	h2 := gegevens(t, d, "H2", aanmaning.SoortBrief)
	if h2["verzonden"] != day.AddDays(-10).String() || h2["termijn_tot"] != day.AddDays(4).String() ||
		h2["incassokosten_cents"] != float64(aanmaning.Incassokosten(int64(s["H2"].totaal))) || h2["per_post"] != false {
		t.Errorf("H2's 14-dagenbrief: %v", h2)
	}
	if g := gegevens(t, d, "H7", aanmaning.SoortBrief); g["per_post"] != true ||
		g["termijn_tot"] != aanmaning.TermijnTot(day.AddDays(-35), true).String() {
		t.Errorf("H7's 14-dagenbrief: %v", g)
	}
	if g := gegevens(t, d, "H4", "bespreking_aan"); g["notitie"] != "Klant vindt het aantal uren te hoog; wij bellen terug." {
		t.Errorf("H4's dispute: %v", g)
	}

	// In each issuer's sequence the history invoices come first, in date order and older than
	// every job's invoice; the credit (dated today) comes last in Den Haag's.
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT uitgever_id, factuurnummer, datum, klus_id IS NULL AND credit_van IS NULL, credit_van IS NOT NULL, credit_reden
			FROM facturen ORDER BY uitgever_id, length(factuurnummer), factuurnummer`)
		if err != nil {
			return err
		}
		last := map[string]calendar.Date{}
		jobs := map[string]bool{}
		var lastDH string
		var credits int
		for rows.Next() {
			var uitgever, nummer string
			var datum calendar.Date
			var historie, credit bool
			var reden *string
			if err := rows.Scan(&uitgever, &nummer, &datum, &historie, &credit, &reden); err != nil {
				return err
			}
			switch {
			case historie && (jobs[uitgever] || datum.Before(last[uitgever])):
				t.Errorf("history invoice %s of %s is numbered after a later invoice", nummer, datum)
			case !historie && !credit && !datum.After(last[uitgever]):
				t.Errorf("the job's invoice %s of %s is not later than the history before it (%s)", nummer, datum, last[uitgever])
			}
			if historie {
				last[uitgever] = datum
			} else {
				jobs[uitgever] = true
			}
			if uitgever == "den-haag" {
				lastDH = nummer
			}
			if credit {
				credits++
				if reden == nil || s["H5"].gecrediteerdDoor == nil || nummer != *s["H5"].gecrediteerdDoor || datum != day {
					t.Errorf("the credit invoice %s of %s, reason %v", nummer, datum, reden)
				}
			}
		}
		if credits != 1 || s["H5"].gecrediteerdDoor == nil || lastDH != *s["H5"].gecrediteerdDoor {
			t.Errorf("%d credit invoices; Den Haag's last number %s", credits, lastDH)
		}
		return rows.Err()
	})

	// Seeding again, the next day, changes nothing.
	before := counts(t, d)
	if err := seed.Run(ctx, d.DB, day.AddDays(1), seed.FixedIDs()); err != nil {
		t.Fatal(err)
	}
	if err := Demo(ctx, d.DB, day.AddDays(1)); err != nil {
		t.Fatal(err)
	}
	if after := counts(t, d); after != before {
		t.Errorf("a second seed changed the data:\n%s\n%s", before, after)
	}

	// The reminder run finds nothing due on the seed day: the demo's reminders are where it would
	// have put them.
	w := aanmaning.NewWorker(d.DB, calendar.Fixed(day.At(12, 0)))
	res, err := w.Run(ctx, func(context.Context, pgx.Tx, river.JobArgs) error { return nil })
	if err != nil || res != (aanmaning.Result{}) {
		t.Errorf("the reminder run on the seed day: %+v, %v", res, err)
	}

	// Read in: Den Haag's by its franchise owner, the central business's by the admin.
	ids := seed.FixedIDs()
	im := &Importer{db: d.DB}
	franchise := tenants.WithActor(ctx, tenants.Actor{UserID: ids["franchise.denhaag@klusmaat.nl"], Role: tenants.Franchise, Regions: []string{"den-haag"}})
	admin := tenants.WithActor(ctx, tenants.Actor{UserID: ids["admin@klusmaat.nl"], Role: tenants.Admin})
	dh, err := im.Import(franchise, ImportRequest{Uitgever: "den-haag", Bestandsnaam: "bankafschrift-den-haag.xml", Data: fileDH})
	if err != nil {
		t.Fatal(err)
	}
	if i := dh.Data; i.Posten != 3 || i.Nieuw != 3 || i.Geboekt != 1 || i.Voorstellen != 1 || i.Overgeslagen != 1 {
		t.Errorf("den-haag import: %+v", i)
	}
	km, err := im.Import(admin, ImportRequest{Uitgever: "centraal", Bestandsnaam: "bankafschrift-centraal.xml", Data: fileKM})
	if err != nil {
		t.Fatal(err)
	}
	if i := km.Data; i.Posten != 4 || i.Nieuw != 4 || i.Geboekt != 2 || i.Voorstellen != 1 || i.Overgeslagen != 1 {
		t.Errorf("centraal import: %+v", i)
	}
	for _, key := range []string{"H2", "H3", "H6"} {
		if g := readStand(t, d, key); g.staat != "betaald" || g.open != 0 {
			t.Errorf("%s after the import: %+v", key, g)
		}
	}
	posts := func(actor context.Context, id uuid.UUID) map[string]Post {
		a, err := im.Afschrift(actor, id)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]Post{}
		for _, p := range a.Data.Entries {
			out[p.Status+" "+euroDot(p.BedragCents)] = p
		}
		return out
	}
	pd := posts(franchise, dh.Data.ID)
	if p, ok := pd["geboekt "+euroDot(s["H3"].open)]; !ok || len(p.GeboektOp) != 1 || p.GeboektOp[0].FactuurID != seed.HistorieID("H3") {
		t.Errorf("den-haag, H3's payment: %+v", pd)
	}
	if p, ok := pd["voorstel 50.00"]; !ok || p.Tegenpartij != "W. van Dijk" || !slices.ContainsFunc(openDH(t, d), func(n string) bool { return strings.Contains(n, "Van Dijk") }) {
		t.Errorf("den-haag, the 50.00 proposal (from a name like an open invoice's customer): %+v", pd)
	}
	if p, ok := pd["overgeslagen 385.00"]; !ok || p.Reden != camt.SkipDebit {
		t.Errorf("den-haag, the debit: %+v", pd)
	}
	pk := posts(admin, km.Data.ID)
	for _, key := range []string{"H2", "H6"} {
		if p, ok := pk["geboekt "+euroDot(s[key].open)]; !ok || len(p.GeboektOp) != 1 || p.GeboektOp[0].FactuurID != seed.HistorieID(key) {
			t.Errorf("centraal, %s's payment: %+v", key, pk)
		}
	}
	if p, ok := pk["voorstel "+euroDot(s["H4"].open-oneHour)]; !ok || len(p.Voorstellen) != 1 || p.Voorstellen[0].FactuurID != seed.HistorieID("H4") {
		t.Errorf("centraal, H4 less an hour: %+v", pk)
	}
	if p, ok := pk["overgeslagen 420.00"]; !ok || p.Reden != camt.SkipReversal {
		t.Errorf("centraal, the returned payment: %+v", pk)
	}

	// Reading them in again books nothing twice.
	again, err := im.Import(admin, ImportRequest{Uitgever: "centraal", Data: fileKM})
	if err != nil || again.Data.Dubbel != 4 || again.Data.Nieuw != 0 || again.Data.Geboekt != 0 {
		t.Errorf("centraal again: %+v, %v", again, err)
	}
}

// openDH are the customers of Den Haag's open invoices.
func openDH(t *testing.T, d *dbtest.Database) []string {
	t.Helper()
	var names []string
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `SELECT f.klant_naam FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
			WHERE f.uitgever_id = 'den-haag' AND s.open_cents > 0`)
		if err != nil {
			return err
		}
		names, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	return names
}

// Seeded in another year, the invoices have other numbers: the statements' entries become
// proposals, each offering the invoice with exactly its amount (README).
func TestDemoStatementsInAnotherYear(t *testing.T) {
	ctx := context.Background()
	fileDH, day := readDemoFile(t, "den-haag")
	fileKM, _ := readDemoFile(t, "centraal")
	d := seededDemo(t, day.AddYears(1))
	im := &Importer{db: d.DB}
	admin := tenants.WithActor(ctx, tenants.Actor{UserID: seed.FixedIDs()["admin@klusmaat.nl"], Role: tenants.Admin})
	for _, c := range []struct {
		uitgever  string
		data      []byte
		proposals int
		offered   []string
	}{
		{"den-haag", fileDH, 2, []string{"H3"}},
		{"centraal", fileKM, 3, []string{"H2", "H6"}},
	} {
		out, err := im.Import(admin, ImportRequest{Uitgever: c.uitgever, Data: c.data})
		if err != nil {
			t.Fatal(err)
		}
		if out.Data.Geboekt != 0 || out.Data.Voorstellen != c.proposals {
			t.Errorf("%s in another year: %+v", c.uitgever, out.Data)
		}
		a, err := im.Afschrift(admin, out.Data.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range c.offered {
			found := false
			for _, p := range a.Data.Entries {
				found = found || (p.Status == "voorstel" && len(p.Voorstellen) > 0 && p.Voorstellen[0].FactuurID == seed.HistorieID(key))
			}
			if !found {
				t.Errorf("%s in another year: no proposal offers %s first: %+v", c.uitgever, key, a.Data.Entries)
			}
		}
	}
}
