package factuur_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The invoices of the back office (part): a page with its totals for the same filter,
// unpaid ones one filter away, and sending an invoice again (a River job with the PDF), refused
// in Dutch without an address; admins only.
func TestAdminInvoices(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Files: true})
	for i, mail := range []string{"jansen@example.nl", ""} {
		_, w := b.PlannedJob(t, b.Piet, "Mevrouw Jansen", mail)
		b.StartedAgo(t, b.Piet, w, time.Duration(i+1)*time.Hour)
		if s := b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), nil); s != http.StatusOK {
			t.Fatalf("afronden: %d", s)
		}
	}
	// The klusser registers the PIN payment at the door: a payment of the whole amount (D30).
	var pinned string
	b.Query(t, &pinned, `SELECT id::text FROM facturen WHERE klant_email = 'jansen@example.nl'`)
	if s := b.Call(t, b.Piet, http.MethodPost, "/api/v1/klusser/facturen/"+pinned+"/betaling",
		map[string]any{"betaal_methode": "pin"}, nil); s != http.StatusOK {
		t.Fatalf("pin at the door: %d", s)
	}

	var page list.Page[factuur.ListItem]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/facturen", nil, &page); s != http.StatusOK || page.Total != 2 {
		t.Fatalf("list: %d %+v", s, page)
	}
	var sum, btw, unpaidCents int
	for _, f := range page.Data {
		sum += f.TotaalBedragCents
		btw += f.BtwBedragCents
		if f.KlantEmail == "" {
			unpaidCents = f.TotaalBedragCents
		}
	}
	var totals factuur.TotalsAnswer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/facturen/totalen", nil, &totals); s != http.StatusOK ||
		totals.Data != (factuur.Totals{Aantal: 2, OmzetCents: sum, BtwCents: btw, Openstaand: 1, OpenCents: unpaidCents}) {
		t.Errorf("totals: %d %+v, want 2 invoices of %d cents with %d VAT, 1 open", s, totals.Data, sum, btw)
	}
	var open list.Page[factuur.ListItem]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/facturen?betaald=nee", nil, &open); s != http.StatusOK || open.Total != 1 || open.Data[0].KlantEmail != "" {
		t.Errorf("unpaid: %d %+v", s, open)
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/facturen/totalen?betaal_methode=pin", nil, &totals); s != http.StatusOK || totals.Data.Aantal != 1 || totals.Data.Openstaand != 0 {
		t.Errorf("totals of pin: %d %+v", s, totals.Data)
	}

	paid, unpaid := open.Data[0], open.Data[0]
	for _, f := range page.Data {
		if f.Betaald {
			paid = f
		}
	}
	var jobsBefore int
	b.Query(t, &jobsBefore, `SELECT count(*) FROM river.river_job WHERE kind = 'factuur_pdf' AND args->>'opnieuw' = 'true'`)
	var sent factuur.Sent
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/facturen/"+paid.ID.String()+"/verzenden", nil, &sent); s != http.StatusOK || sent.Message != "Factuur verzonden per e-mail" {
		t.Errorf("send: %d %+v", s, sent)
	}
	var jobs int
	b.Query(t, &jobs, `SELECT count(*) FROM river.river_job WHERE kind = 'factuur_pdf' AND args->>'opnieuw' = 'true'`)
	if jobs != jobsBefore+1 {
		t.Errorf("%d send jobs queued, want 1", jobs-jobsBefore)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/facturen/"+unpaid.ID.String()+"/verzenden", nil, &e); s != http.StatusConflict || e.Error.Message != "Geen e-mailadres beschikbaar" {
		t.Errorf("send without an address: %d %+v", s, e)
	}
	// The page's CSV: comma, every field quoted, dd-MM-yyyy, euros with a decimal comma, labels.
	req, _ := http.NewRequest(http.MethodGet, b.URL+"/api/v1/facturen/export.csv?betaal_methode=pin", nil)
	req.Header.Set("X-Test-User", b.Admin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	csv, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	lines := strings.Split(strings.TrimSuffix(string(csv), "\r\n"), "\r\n")
	want0 := `"Factuurnummer","Datum","Klant","E-mail","Omschrijving","Uren","Uurtarief","Materiaal","Subtotaal","BTW","Totaal","Betaalmethode","Betaald","Staat","Betaald bedrag","Open bedrag"`
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/csv; charset=utf-8" || len(lines) != 2 || lines[0] != want0 {
		t.Fatalf("export: %d %s\n%s", resp.StatusCode, resp.Header.Get("Content-Type"), csv)
	}
	d := paid.Datum
	wantRow := fmt.Sprintf(`"%s","%s-%s-%s","Mevrouw Jansen","jansen@example.nl","%s","%d","65,00","%s","%s","%s","%s","PIN","Ja","Betaald","%s","0,00"`,
		paid.Factuurnummer, d[8:10], d[5:7], d[0:4], paid.Omschrijving, paid.Uren, euroText(paid.MateriaalCents),
		euroText(paid.SubtotaalCents), euroText(paid.BtwBedragCents), euroText(paid.TotaalBedragCents), euroText(paid.TotaalBedragCents))
	if lines[1] != wantRow {
		t.Errorf("export row\n got %s\nwant %s", lines[1], wantRow)
	}
	// A customer's text that a spreadsheet would run as a formula is defused, as in every export.
	// (An issued invoice never changes, so the formula comes with a job of its own.)
	_, fw := b.PlannedJob(t, b.Piet, `=HYPERLINK("http://x")`, "formule@example.nl")
	b.StartedAgo(t, b.Piet, fw, time.Hour)
	if s := b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(fw.ID, "/afronden"), servertest.Afronden(t), nil); s != http.StatusOK {
		t.Fatalf("afronden: %d", s)
	}
	b.Exec(t, `UPDATE facturen SET betaal_methode = 'pin' WHERE klant_email = 'formule@example.nl'`)
	req, _ = http.NewRequest(http.MethodGet, b.URL+"/api/v1/facturen/export.csv?betaal_methode=pin", nil)
	req.Header.Set("X-Test-User", b.Admin)
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	csv, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(csv), `,"'=HYPERLINK(""http://x"")",`) {
		t.Errorf("export does not defuse a formula in the customer's name:\n%s", csv)
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/facturen/export.csv?q=niemand", nil, &e); s != http.StatusNotFound || e.Error.Message != "Geen facturen om te exporteren" {
		t.Errorf("empty export: %d %+v", s, e)
	}

	// A franchise owner reads its regions' invoices to follow them until paid (D30); a klusser
	// reads none; neither sends one.
	if s := b.Call(t, b.Piet, http.MethodGet, "/api/v1/facturen", nil, nil); s != http.StatusForbidden {
		t.Errorf("list as klusser: %d", s)
	}
	for _, who := range []string{b.Franchise, b.Piet} {
		if s := b.Call(t, who, http.MethodPost, "/api/v1/facturen/"+paid.ID.String()+"/verzenden", nil, nil); s != http.StatusForbidden {
			t.Errorf("send as %s: %d", b.Actor(who).Role, s)
		}
	}
}

// euroText is cents as the CSV writes them: "172,43".
func euroText(c int) string { return fmt.Sprintf("%d,%02d", c/100, c%100) }
