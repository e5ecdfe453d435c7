package offerte_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/offerte"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// decide answers a quote through the status link, as the customer's browser does.
func decide(t *testing.T, p *servertest.Portal, token string, versie int, besluit, reden string) (int, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(status.Besluit{Versie: versie, Besluit: besluit, Reden: reden})
	req, _ := http.NewRequest(http.MethodPost, p.URL+"/api/v1/status/"+token+"/offerte", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Klusmaat-CSRF", "1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// quoteOnPage is the quote the status page shows.
func quoteOnPage(t *testing.T, p *servertest.Portal, token string) map[string]any {
	t.Helper()
	_, body, _ := servertest.StatusOf(t, p, token)
	q, _ := body["offerte"].(map[string]any)
	return q
}

func errorCode(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

// The whole promise of D26 on a real stack: a request, the first contact logged, a survey planned,
// quote version 1 sent (PDF and status link by e-mail), changed into version 2 (version 1 can no
// longer be accepted), version 2 accepted through the link (the office notified), the job to the
// pool at the quoted price, claimed, worked with one extra material signed on the work order, and
// completed: the invoice bills the quote's lines plus that meerwerk.
func TestQuoteFromRequestToInvoice(t *testing.T) {
	links := servertest.StatusLinks()
	smtpURL, apiURL := jobstest.MailDev(t)
	b := servertest.NewBackOffice(t, servertest.Options{Links: links, Work: true, SMTP: smtpURL, Files: true})
	to := "offerte-" + uuid.NewString()[:8] + "@example.nl"
	klus := b.Job(t, servertest.Job{Email: to, Naam: "Mevrouw Jansen"})
	token := links.Token(klus)
	path := "/api/v1/klussen/" + klus.String() + "/offerte"
	today := calendar.System.Today()

	if s := b.Call(t, b.Franchise, http.MethodPost, "/api/v1/klussen/"+klus.String()+"/contacten", map[string]string{"wijze": "gebeld"}, nil); s != http.StatusCreated {
		t.Fatalf("contact logged: %d", s)
	}
	// The survey the day after tomorrow: its reminder is not due at any hour of today, so the
	// customer's e-mails are the same whenever the test runs.
	if s := b.Call(t, b.Franchise, http.MethodPut, "/api/v1/klussen/"+klus.String()+"/schouw",
		map[string]string{"datum": today.AddDays(2).String(), "tijd": "10:00", "opnemer": "Kees de Opnemer"}, nil); s != http.StatusOK {
		t.Fatalf("survey planned: %d", s)
	}

	// Version 1, a concept: fixed labour and one material line; the validity defaults to 30 days.
	var none offerte.One
	if s := b.Call(t, b.Franchise, http.MethodGet, path, nil, &none); s != http.StatusOK || none.Data != nil {
		t.Fatalf("no quote yet: %d %+v", s, none)
	}
	v1 := offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "Twee planken ophangen", ArbeidCents: 15000,
		Materialen: []offerte.Materiaal{{Omschrijving: "Plank eiken 80 cm", Aantal: 2, PrijsCents: 1250}}}
	var saved offerte.Answer
	if s := b.Call(t, b.Franchise, http.MethodPut, path, v1, &saved); s != http.StatusOK || saved.Message != offerte.MsgOpgeslagen {
		t.Fatalf("save v1: %d %+v", s, saved)
	}
	q := saved.Data
	nummer := q.Nummer
	if !regexp.MustCompile(`^O`+regexp.QuoteMeta(fmt.Sprint(today.Year))+`-\d{4}$`).MatchString(nummer) ||
		q.Versie != 1 || q.Status != offerte.Concept || q.GeldigTot != today.AddDays(30).String() ||
		q.SubtotaalCents != 17500 || q.BTWCents != 3675 || q.TotaalCents != 21175 || len(q.Regels) != 2 {
		t.Fatalf("v1: %+v", q)
	}
	if quoteOnPage(t, b.Portal, token) != nil {
		t.Error("a concept shows on the customer's page")
	}
	if s, body := decide(t, b.Portal, token, 1, status.Akkoord, ""); s != http.StatusNotFound && s != http.StatusConflict {
		t.Errorf("accepting a concept: %d %v", s, body)
	}

	// Sent: the e-mail carries the PDF and the status link; the page shows the lines and the total.
	var sent offerte.Answer
	if s := b.Call(t, b.Franchise, http.MethodPost, path+"/versturen", nil, &sent); s != http.StatusOK ||
		sent.Data.Status != offerte.Verstuurd || sent.Message != offerte.MsgVerstuurd {
		t.Fatalf("send v1: %d %+v", s, sent)
	}
	if s := b.Call(t, b.Franchise, http.MethodPost, path+"/versturen", nil, nil); s != http.StatusConflict {
		t.Errorf("sending a sent version again: %d, want 409", s)
	}
	quoteMail := jobstest.WaitForSubject(t, apiURL, to, "Uw offerte "+nummer, 30*time.Second)
	if quoteMail == nil {
		t.Fatalf("no quote e-mail among %+v", jobstest.MailsTo(t, apiURL, to))
	}
	servertest.WantIn(t, "the quote e-mail", quoteMail.Text, "Beste Mevrouw Jansen", "€ 211,75", today.AddDays(30).Dutch(), "https://www.example.nl/status/", "Akkoord")
	if len(quoteMail.Attachments) != 1 || quoteMail.Attachments[0].FileName != "offerte-"+nummer+"-v1.pdf" ||
		quoteMail.Attachments[0].ContentType != "application/pdf" || quoteMail.Attachments[0].Length < 1000 {
		t.Errorf("the quote's attachment: %+v", quoteMail.Attachments)
	}
	page := quoteOnPage(t, b.Portal, token)
	if page["nummer"] != nummer || page["versie"] != 1.0 || page["totaal_cents"] != 21175.0 || page["beslisbaar"] != true {
		t.Fatalf("the page's quote: %v", page)
	}

	// Changed after sending: version 2 (hours at the job's rate); version 1 can no longer be accepted.
	v2 := offerte.Form{ArbeidWijze: "uren", ArbeidOmschrijving: "Planken ophangen", ArbeidUren: 2.5,
		Materialen: []offerte.Materiaal{{Omschrijving: "Plank eiken 80 cm", Aantal: 3, PrijsCents: 1250}}}
	if s := b.Call(t, b.Admin, http.MethodPut, path, v2, &saved); s != http.StatusOK || saved.Message != offerte.MsgNieuweVersie ||
		saved.Data.Versie != 2 || saved.Data.Nummer != nummer || saved.Data.ArbeidCents != 16250 || saved.Data.SubtotaalCents != 20000 ||
		saved.Data.TotaalCents != 24200 || len(saved.Data.Eerdere) != 1 || saved.Data.Eerdere[0].Status != offerte.Verstuurd {
		t.Fatalf("save v2: %d %+v", s, saved)
	}
	if page := quoteOnPage(t, b.Portal, token); page["versie"] != 1.0 || page["in_bewerking"] != true || page["beslisbaar"] != false {
		t.Errorf("the page while v2 is written: %v", page)
	}
	if s, body := decide(t, b.Portal, token, 1, status.Akkoord, ""); s != http.StatusConflict || errorCode(body) != "offerte_changed" {
		t.Errorf("accepting v1 after the change: %d %v", s, body)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/versturen", nil, nil); s != http.StatusOK {
		t.Fatalf("send v2: %d", s)
	}
	if s, body := decide(t, b.Portal, token, 1, status.Akkoord, ""); s != http.StatusConflict || errorCode(body) != "offerte_changed" {
		t.Errorf("accepting v1 after v2 was sent: %d %v", s, body)
	}
	if s, body := decide(t, b.Portal, token, 2, "misschien", ""); s != http.StatusBadRequest {
		t.Errorf("an unknown answer: %d %v", s, body)
	}
	b.Exec(t, `INSERT INTO profiles (id, naam, email, regio) VALUES ($1, 'Frank Franchise', 'frank@example.nl', '{den-haag}')`, b.ID(b.Franchise))
	s, body := decide(t, b.Portal, token, 2, status.Akkoord, "")
	if q, _ := body["offerte"].(map[string]any); s != http.StatusOK || q["status"] != offerte.Akkoord || q["beslisbaar"] != false || q["beslist_op"] == nil {
		t.Fatalf("accepting v2: %d %v", s, body)
	}
	if s, body := decide(t, b.Portal, token, 2, status.NietAkkoord, "toch niet"); s != http.StatusConflict || errorCode(body) != "offerte_decided" {
		t.Errorf("answering twice: %d %v", s, body)
	}
	if s := b.Call(t, b.Admin, http.MethodPut, path, v1, nil); s != http.StatusConflict {
		t.Errorf("changing an accepted quote: %d, want 409", s)
	}
	var accepted offerte.One
	b.Call(t, b.Franchise, http.MethodGet, path, nil, &accepted)
	if accepted.Data == nil || accepted.Data.Status != offerte.Akkoord || accepted.Data.BeslistOp == nil {
		t.Errorf("the office's view after acceptance: %+v", accepted.Data)
	}

	// The office is told: every admin and the region's franchise owner (its regions on its profile,
	// made before the acceptance: the worker may tell the office before this test looks), once.
	deadline := time.Now().Add(20 * time.Second)
	var told int
	for time.Now().Before(deadline) {
		b.Query(t, &told, `SELECT count(*) FROM notifications WHERE klus_id = $1 AND type = 'offerte_akkoord'
			AND message = 'Offerte ' || $2 || ' geaccepteerd door de klant' AND user_id = ANY ($3)`,
			klus, nummer, []uuid.UUID{b.ID(b.Admin), b.ID(b.Franchise)})
		if told == 2 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if told != 2 {
		t.Errorf("notifications of the acceptance: %d, want the admin's and the franchise owner's", told)
	}

	// To the pool; the klusser sees the fixed price instead of the estimate.
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+klus.String()+"/pool", nil, nil); s != http.StatusOK {
		t.Fatalf("to the pool: %d", s)
	}
	var pool struct {
		Data []struct {
			ID              uuid.UUID `json:"id"`
			VastePrijsCents *int      `json:"vaste_prijs_cents"`
		} `json:"data"`
	}
	b.Call(t, b.Piet, http.MethodGet, "/api/v1/klusser/pool", nil, &pool)
	found := false
	for _, k := range pool.Data {
		if k.ID == klus {
			found = k.VastePrijsCents != nil && *k.VastePrijsCents == 24200
		}
	}
	if !found {
		t.Fatalf("the pool shows the job at its fixed price: %+v", pool.Data)
	}
	if s := b.Call(t, b.Piet, http.MethodPost, servertest.ClaimPath(klus), nil, nil); s != http.StatusOK {
		t.Fatalf("claim: %d", s)
	}
	if s := b.Call(t, b.Piet, http.MethodPut, servertest.PlanPath(klus), map[string]string{"datum": today.String(), "tijd": "08:00"}, nil); s != http.StatusOK {
		t.Fatalf("plan: %d", s)
	}
	var w werkbon.Werkbon
	if s := b.Call(t, b.Piet, http.MethodPost, "/api/v1/klusser/klussen/"+klus.String()+"/werkbon", nil, &w); s != http.StatusOK {
		t.Fatalf("open work order: %d", s)
	}
	b.StartedAgo(t, b.Piet, w, 90*time.Minute)
	b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Extra plankdragers", BedragCents: 1234}, nil)
	var done werkbon.Afronding
	if s := b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &done); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}

	// The invoice bills the quote's lines plus the signed meerwerk.
	var f factuur.Factuur
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/facturen/"+done.FactuurID.String(), nil, &f); s != http.StatusOK {
		t.Fatalf("invoice: %d", s)
	}
	if f.Offerte == nil || *f.Offerte != nummer || f.SubtotaalCents != 20000+1234 || f.BTWCents != 4459 || f.TotaalCents != 21234+4459 ||
		f.Uren != 1 || f.UurtariefCents != 20000 || f.MateriaalCents != 1234 {
		t.Errorf("the invoice's amounts: offerte %v, subtotal %d, btw %d, total %d, %d × %d, materials %d",
			f.Offerte, f.SubtotaalCents, f.BTWCents, f.TotaalCents, f.Uren, f.UurtariefCents, f.MateriaalCents)
	}
	var lines []string
	for _, r := range f.Regels {
		lines = append(lines, r.Omschrijving)
	}
	if strings.Join(lines, " | ") != "Planken ophangen | Plank eiken 80 cm | Meerwerk: Extra plankdragers" ||
		f.Regels[0].Eenheid != "uur" || f.Regels[0].BedragCents != 16250 || f.Regels[1].BedragCents != 3750 {
		t.Errorf("the invoice's lines: %+v", f.Regels)
	}
	servertest.WantIn(t, "the invoice PDF", servertest.PDFText(t, b.Portal, b.Admin, f.ID), "Planken ophangen", "Meerwerk: Extra plankdragers", "€ 256,93")
}

// A quote answered after its validity date is refused; a customer who declines may give a reason,
// which the office reads; and only the office of the job's region writes or reads its quote.
func TestQuoteExpiryDeclineAndPermissions(t *testing.T) {
	links := servertest.StatusLinks()
	var days atomic.Int64
	// Whole Dutch days ahead (not 24-hour steps, which miss a day across the change of clocks).
	clock := calendar.Clock(func() time.Time { return time.Now().In(calendar.Zone).AddDate(0, 0, int(days.Load())) })
	b := servertest.NewBackOffice(t, servertest.Options{Links: links, Work: true, Files: true, Clock: clock})
	today := calendar.System.Today()
	send := func(klus uuid.UUID, geldig calendar.Date) {
		t.Helper()
		path := "/api/v1/klussen/" + klus.String() + "/offerte"
		in := offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "Kraan vervangen", ArbeidCents: 9000, GeldigTot: geldig.String()}
		if s := b.Call(t, b.Admin, http.MethodPut, path, in, nil); s != http.StatusOK {
			t.Fatalf("save: %d", s)
		}
		if s := b.Call(t, b.Admin, http.MethodPost, path+"/versturen", nil, nil); s != http.StatusOK {
			t.Fatalf("send: %d", s)
		}
	}

	expiring := b.Job(t, servertest.Job{Email: "verloopt@example.nl"})
	declined := b.Job(t, servertest.Job{Email: "nee@example.nl"})
	send(expiring, today.AddDays(1))
	send(declined, today.AddDays(30))
	days.Store(2) // two days later: the first quote's date has passed
	if page := quoteOnPage(t, b.Portal, links.Token(expiring)); page["status"] != offerte.Verlopen || page["beslisbaar"] != false {
		t.Errorf("an expired quote on the page: %v", page)
	}
	if s, body := decide(t, b.Portal, links.Token(expiring), 1, status.Akkoord, ""); s != http.StatusConflict || errorCode(body) != "offerte_expired" {
		t.Errorf("accepting an expired quote: %d %v", s, body)
	}
	var office offerte.One
	b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussen/"+expiring.String()+"/offerte", nil, &office)
	if office.Data == nil || office.Data.Status != offerte.Verlopen {
		t.Errorf("the office sees the expiry: %+v", office.Data)
	}

	if s, body := decide(t, b.Portal, links.Token(declined), 1, status.NietAkkoord, "  Te duur voor mij.  "); s != http.StatusOK {
		t.Fatalf("declining: %d %v", s, body)
	}
	b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussen/"+declined.String()+"/offerte", nil, &office)
	if office.Data == nil || office.Data.Status != offerte.NietAkkoord || office.Data.Reden != "Te duur voor mij." {
		t.Errorf("the office reads the decline: %+v", office.Data)
	}
	// After a decline the office may write a new version.
	var again offerte.Answer
	if s := b.Call(t, b.Franchise, http.MethodPut, "/api/v1/klussen/"+declined.String()+"/offerte",
		offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "Kraan vervangen", ArbeidCents: 7500}, &again); s != http.StatusOK || again.Data.Versie != 2 {
		t.Errorf("a new version after a decline: %d %+v", s, again)
	}

	// Another region's franchise owner finds nothing; a klusser may not; a visitor without the link neither.
	utrecht := b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Email: "zeist@example.nl"})
	other := "/api/v1/klussen/" + utrecht.String() + "/offerte"
	in := offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "Kraan", ArbeidCents: 9000}
	if s := b.Call(t, b.Franchise, http.MethodPut, other, in, nil); s != http.StatusNotFound {
		t.Errorf("franchise owner of another region writes a quote: %d, want 404", s)
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, other, nil, nil); s != http.StatusNotFound {
		t.Errorf("franchise owner of another region reads a quote: %d, want 404", s)
	}
	if s := b.Call(t, b.Piet, http.MethodPut, other, in, nil); s != http.StatusForbidden {
		t.Errorf("a klusser writes a quote: %d, want 403", s)
	}
	if s, _ := decide(t, b.Portal, "not-a-token", 1, status.Akkoord, ""); s != http.StatusNotFound {
		t.Errorf("answering without a valid link: %d, want 404", s)
	}

	// The editor's rules, with Dutch messages under the fields.
	for _, c := range []struct {
		in    offerte.Form
		field string
		msg   string
	}{
		{offerte.Form{ArbeidWijze: "gratis", ArbeidOmschrijving: "x"}, "arbeid_wijze", offerte.MsgWijze},
		{offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: " ", ArbeidCents: 100}, "arbeid_omschrijving", offerte.MsgArbeid},
		{offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "x", ArbeidCents: 0}, "arbeid_cents", offerte.MsgVast},
		{offerte.Form{ArbeidWijze: "uren", ArbeidOmschrijving: "x", ArbeidUren: 1.25}, "arbeid_uren", offerte.MsgUren},
		{offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "x", ArbeidCents: 100, Materialen: []offerte.Materiaal{{Omschrijving: "Plug", Aantal: 0, PrijsCents: 10}}}, "materialen.0.aantal", offerte.MsgAantal},
		{offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "x", ArbeidCents: 100, Materialen: []offerte.Materiaal{{Omschrijving: "", Aantal: 1, PrijsCents: 10}}}, "materialen.0.omschrijving", offerte.MsgMateriaal},
		{offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "x", ArbeidCents: 100, GeldigTot: today.String()}, "geldig_tot", offerte.MsgGeldig}, // today in the shifted clock is two days on
	} {
		var e servertest.APIError
		if s := b.Call(t, b.Admin, http.MethodPut, other, c.in, &e); s != http.StatusBadRequest || e.Error.Fields[c.field] != c.msg {
			t.Errorf("%+v: %d %v, want %s: %s", c.in, s, e.Error.Fields, c.field, c.msg)
		}
	}
}

// The demo data (make run) shows a quote in each state the office sees, the accepted one in a
// den-haag pool (where the demo klusser Piet sees its fixed price), and seeding twice adds none.
func TestDemoDataHasAQuoteInEachState(t *testing.T) {
	s := servertest.NewDemo(t)
	if err := seed.Run(context.Background(), s.DB.DB, calendar.System.Today(), seed.FixedIDs()); err != nil {
		t.Fatalf("seeding again: %v", err)
	}
	var states string
	var pooled bool
	s.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `
			SELECT string_agg(CASE WHEN o.status = 'verstuurd' AND o.geldig_tot < (now() AT TIME ZONE 'Europe/Amsterdam')::date
			                       THEN 'verlopen' ELSE o.status END, ',' ORDER BY o.nummer),
			       bool_or(o.status = 'akkoord' AND k.assignment_type = 'pool' AND k.regio = 'den-haag')
			FROM offertes o JOIN klussen k ON k.id = o.klus_id`).Scan(&states, &pooled)
	})
	if states != "concept,akkoord,verstuurd,niet_akkoord,verlopen" || !pooled {
		t.Errorf("the demo's quotes: %s (accepted one in the pool: %v)", states, pooled)
	}
}
