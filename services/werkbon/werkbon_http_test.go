package werkbon_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/pdftest"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The work order on site: the day of a klusser from a planned job to a paid invoice,
// the arithmetic of D7, the gapless numbers of D8 and the offline queue's exactly-once of D23.

func TestTheWorkOrderDayFromPlannedJobToPaidInvoice(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Files: true, Contact: "085 123 45 67"})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	klus, w := p.PlannedJob(t, piet, "Mevrouw Jansen", "")
	if w.Status != "running" || w.StartTijd != nil || w.Klant.Naam != "Mevrouw Jansen" || w.Klant.Telefoon == "" || w.UurtariefCents != 6500 {
		t.Fatalf("opened work order: %+v", w)
	}
	// Opening again finds the same work order.
	var again werkbon.Werkbon
	p.Call(t, piet, http.MethodPost, "/api/v1/klusser/klussen/"+klus.String()+"/werkbon", nil, &again)
	if again.ID != w.ID {
		t.Fatalf("second open made another work order: %s vs %s", again.ID, w.ID)
	}

	// Finishing before the timer started is refused with the spec's words.
	var e servertest.APIError
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &e); s != http.StatusConflict || e.Error.Message != "Start eerst de timer" {
		t.Fatalf("complete before start: %d %+v", s, e)
	}

	// The timer: the server stamps the start, the job goes bezig; a repeated start changes nothing.
	var started werkbon.Werkbon
	startID := uuid.New()
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/start"), werkbon.Start{ClientID: startID}, &started)
	if started.StartTijd == nil || started.StartBron != "server" || started.Klus.Status != "bezig" {
		t.Fatalf("started: %+v", started)
	}
	var repeated werkbon.Werkbon
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/start"), werkbon.Start{ClientID: startID}, &repeated)
	if !repeated.StartTijd.Equal(*started.StartTijd) {
		t.Fatalf("a repeated start moved the timer: %v -> %v", started.StartTijd, repeated.StartTijd)
	}

	// Materials: checked, added once per client id, removable.
	for _, bad := range []werkbon.MateriaalForm{{ClientID: uuid.New(), Omschrijving: " ", BedragCents: 100}, {ClientID: uuid.New(), Omschrijving: "Plug", BedragCents: 0}} {
		var e servertest.APIError
		if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), bad, &e); s != http.StatusBadRequest || e.Error.Message != "Vul materiaal naam en bedrag in" {
			t.Errorf("material %+v: %d %+v", bad, s, e)
		}
	}
	plug := werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Pluggen en schroeven", BedragCents: 1234}
	var withItems werkbon.Werkbon
	for i := 0; i < 3; i++ { // the offline queue resends: applied once
		p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), plug, &withItems)
	}
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Lampkap", BedragCents: 1}, &withItems)
	spare := werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Verkeerde lamp", BedragCents: 999}
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), spare, &withItems)
	if len(withItems.Materialen) != 3 || withItems.MateriaalCents != 1234+1+999 {
		t.Fatalf("materials: %+v", withItems.Materialen)
	}
	p.Call(t, piet, http.MethodDelete, servertest.WerkbonPath(w.ID, "/materialen/"+withItems.Materialen[2].ID.String()), nil, &withItems)
	if len(withItems.Materialen) != 2 || withItems.MateriaalCents != 1235 {
		t.Fatalf("after removing: %+v", withItems.Materialen)
	}

	// Notes and photos; a photo sent twice with one client id is stored once. Notes longer than
	// the API description's maxLength are refused with the field's message, and the saved ones stay.
	p.Call(t, piet, http.MethodPut, servertest.WerkbonPath(w.ID, "/notities"), werkbon.Notities{ClientID: uuid.New(), Opmerkingen: "Lamp hing scheef."}, nil)
	var tooLong servertest.APIError
	if s := p.Call(t, piet, http.MethodPut, servertest.WerkbonPath(w.ID, "/notities"), werkbon.Notities{ClientID: uuid.New(), Opmerkingen: strings.Repeat("é", werkbon.MaxOpmerkingen+1)}, &tooLong); s != http.StatusBadRequest ||
		tooLong.Error.Fields["opmerkingen"] != "De notities zijn te lang (hoogstens 5000 tekens)." {
		t.Fatalf("notes of %d characters: %d %+v", werkbon.MaxOpmerkingen+1, s, tooLong)
	}
	photoID := uuid.New()
	for i := 0; i < 2; i++ {
		if s, b := servertest.UploadPhoto(t, p, piet, w.ID, "before", photoID); s != http.StatusOK {
			t.Fatalf("photo: %d %s", s, b)
		}
	}
	servertest.UploadPhoto(t, p, piet, w.ID, "after", uuid.New())

	// Completion: ratings and a signature are required.
	bad := servertest.Afronden(t)
	bad.Beoordeling.Netheid = 0
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), bad, &e); s != http.StatusBadRequest || e.Error.Message != "Vul alle beoordelingen in" {
		t.Errorf("ratings missing: %d %+v", s, e)
	}
	bad = servertest.Afronden(t)
	bad.Handtekening = servertest.SignaturePNG(t, true)
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), bad, &e); s != http.StatusBadRequest || e.Error.Message != "Handtekening is verplicht" {
		t.Errorf("blank signature: %d %+v", s, e)
	}
	p.Exec(t, `UPDATE werkbonnen SET start_tijd = now() - interval '61 minutes' WHERE id = $1`, w.ID)
	done := servertest.Afronden(t)
	done.Opmerkingen = ""
	var a werkbon.Afronding
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), done, &a); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}
	if a.Werkbon.Status != "completed" || a.Werkbon.Uren == nil || *a.Werkbon.Uren != 2 || !a.Werkbon.Ondertekend ||
		a.Werkbon.Klus.Status != "afgerond" || len(a.Werkbon.Fotos) != 2 || a.Werkbon.Opmerkingen != "Lamp hing scheef." {
		t.Fatalf("completed: %+v", a.Werkbon)
	}
	// The completion sent again answers the same invoice.
	var a2 werkbon.Afronding
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), done, &a2)
	if a2.FactuurID != a.FactuurID {
		t.Fatalf("a repeated completion made invoice %s besides %s", a2.FactuurID, a.FactuurID)
	}

	// Locked: no material, note or photo changes.
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Nog iets", BedragCents: 100}, &e); s != http.StatusConflict {
		t.Errorf("material after completion: %d", s)
	}
	if s := p.Call(t, piet, http.MethodPut, servertest.WerkbonPath(w.ID, "/notities"), werkbon.Notities{ClientID: uuid.New(), Opmerkingen: "anders"}, &e); s != http.StatusConflict {
		t.Errorf("notes after completion: %d", s)
	}
	if s, _ := servertest.UploadPhoto(t, p, piet, w.ID, "after", uuid.New()); s != http.StatusConflict {
		t.Errorf("photo after completion: %d", s)
	}
	// A material queued before completion but arriving after it is the same material: accepted.
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), plug, nil); s != http.StatusOK {
		t.Errorf("known material after completion: %d", s)
	}

	// The invoice: 2 h x 65 + 12,35 materials = 142,35; VAT 29,89 (29,8935); total 172,24.
	var f factuur.Factuur
	p.Call(t, piet, http.MethodGet, "/api/v1/klusser/facturen/"+a.FactuurID.String(), nil, &f)
	year := calendar.System.InvoiceYear()
	if f.Factuurnummer != fmt.Sprintf("%d-0001", year) || f.Uren != 2 || f.ArbeidCents != 13000 || f.MateriaalCents != 1235 ||
		f.SubtotaalCents != 14235 || f.BTWCents != 2989 || f.TotaalCents != 17224 || f.BetaalMethode != nil || len(f.Materialen) != 2 {
		t.Fatalf("invoice: %+v", f)
	}

	// Payment: niet_betaald needs a note; pin is registered once; another method later is refused.
	if s := p.Call(t, piet, http.MethodPost, "/api/v1/klusser/facturen/"+f.ID.String()+"/betaling",
		factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "niet_betaald"}, &e); s != http.StatusBadRequest ||
		e.Error.Message != "Voeg een notitie toe waarom de klant niet kan betalen" {
		t.Errorf("unpaid without note: %d %+v", s, e)
	}
	for i := 0; i < 2; i++ {
		if s := p.Call(t, piet, http.MethodPost, "/api/v1/klusser/facturen/"+f.ID.String()+"/betaling",
			factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}, &f); s != http.StatusOK || f.BetaalMethode == nil || *f.BetaalMethode != "pin" {
			t.Fatalf("pin: %d %+v", s, f)
		}
	}
	if s := p.Call(t, piet, http.MethodPost, "/api/v1/klusser/facturen/"+f.ID.String()+"/betaling",
		factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "contant"}, &e); s != http.StatusConflict {
		t.Errorf("contant after pin: %d", s)
	}
	var betaald bool
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT betaald FROM klussen WHERE id = $1`, klus).Scan(&betaald)
	})
	if !betaald {
		t.Error("the job is not marked paid after pin")
	}
}

// The arithmetic of D7 at its edges, through the real completion.
func TestCompletionBillsTheServersHours(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Files: true})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	cases := []struct {
		worked    time.Duration
		materials []int
		uren      int
		vat       int
	}{
		{59 * time.Minute, nil, 1, 1365},            // 6500 * 0.21
		{61 * time.Minute, []int{1}, 2, 2730},       // 13001 * 0.21 = 2730.21
		{179 * time.Minute, []int{250, 2}, 3, 4148}, // 19752 * 0.21 = 4147.92 -> 4148
		{10 * time.Second, []int{1999, 1999, 2}, 1, 2205},
		{30 * time.Minute, []int{50}, 1, 1376},         // 6550 * 0.21 = 1375.5: halves round up // 10500 * 0.21 = 2205
		{2*time.Hour + time.Second, []int{3}, 3, 4096}, // 19503 * 0.21 = 4095.63 -> 4096
	}
	for _, c := range cases {
		_, w := p.PlannedJob(t, piet, "Meneer Pietersen", "")
		for _, m := range c.materials {
			p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Onderdeel", BedragCents: m}, nil)
		}
		p.StartedAgo(t, piet, w, c.worked)
		in := servertest.Afronden(t)
		// The phone's own sums are ignored (D7).
		ninetyNine, long := 99, time.Now().Add(-48*time.Hour)
		in.Uren, in.EindTijd = &ninetyNine, &long
		var a werkbon.Afronding
		if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), in, &a); s != http.StatusOK {
			t.Fatalf("%v: complete %d", c.worked, s)
		}
		var f factuur.Factuur
		p.Call(t, piet, http.MethodGet, "/api/v1/klusser/facturen/"+a.FactuurID.String(), nil, &f)
		materials := 0
		for _, m := range c.materials {
			materials += m
		}
		if f.Uren != c.uren || f.SubtotaalCents != c.uren*6500+materials || f.BTWCents != c.vat || f.TotaalCents != f.SubtotaalCents+c.vat {
			t.Errorf("%v worked, materials %v: invoice %d h, subtotal %d, VAT %d, total %d; want %d h, VAT %d",
				c.worked, c.materials, f.Uren, f.SubtotaalCents, f.BTWCents, f.TotaalCents, c.uren, c.vat)
		}
		if a.Werkbon.EindTijd == nil || time.Since(*a.Werkbon.EindTijd) > time.Minute || a.Werkbon.EindTijd.Before(time.Now().Add(-time.Hour)) {
			t.Errorf("end time is not the server's: %v", a.Werkbon.EindTijd)
		}
	}
}

// D8 and D28: 50 simultaneous completions in one year, in two regions with two issuers (den-haag
// its own business numbering DH..., utrecht the central one), take two gapless sequences; a
// completion that fails after taking a number gives it back.
func TestFiftySimultaneousCompletionsGaplessNumbers(t *testing.T) {
	clock := calendar.Fixed(time.Date(2031, 3, 4, 10, 0, 0, 0, calendar.Zone))
	p := servertest.NewPortal(t, servertest.Options{Files: true, Clock: clock})
	p.Exec(t, `INSERT INTO factuur_uitgevers (id, regio, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
		VALUES ('den-haag', 'den-haag', 'Klusmaat Den Haag B.V.', 'Prinsegracht 10', '2512 GA', 'Den Haag', '87654321',
		        'NL987654321B01', 'NL91ABNA0417164300', 'DH')`)

	// First a completion that fails after numbering: a server without a job queue cannot queue
	// the PDF, so the whole transaction rolls back.
	noQueue := servertest.NewAPIServer(t, serverDepsWithFiles(p, clock))
	loser := p.Klusser(t, "Kees de Vries", "06 11 11 11 11", "den-haag")
	_, lw := p.PlannedJob(t, loser, "Mevrouw Bos", "")
	p.StartedAgo(t, loser, lw, 30*time.Minute)
	body, _ := jsonBody(servertest.Afronden(t))
	if s, b, _ := noQueue.As(p.Actor(loser)).Do(http.MethodPost, servertest.WerkbonPath(lw.ID, "/afronden"), body); s != http.StatusInternalServerError {
		t.Fatalf("completion without queue: %d %s", s, b)
	}
	var counters int
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT count(*) FROM invoice_number_counters WHERE jaar = 2031`).Scan(&counters)
	})
	if counters != 0 {
		t.Fatal("a failed completion left the counter advanced")
	}

	const n = 50
	type todo struct {
		handle string
		w      werkbon.Werkbon
	}
	var work []todo
	for i := 0; i < n; i++ {
		where := []servertest.Job{{}, {Regio: "utrecht", Woonplaats: "Utrecht", Postcode: "3511 AA"}}[i%2]
		h := p.Klusser(t, fmt.Sprintf("Klusser %02d", i), "06 00 00 00 00", []string{"den-haag", "utrecht"}[i%2])
		_, w := p.PlannedJobIn(t, h, "Klant", "", where)
		p.StartedAgo(t, h, w, time.Duration(i+1)*time.Minute)
		work = append(work, todo{h, w})
	}
	var wg sync.WaitGroup
	statuses := make([]int, n)
	for i, x := range work {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = p.Call(t, x.handle, http.MethodPost, servertest.WerkbonPath(x.w.ID, "/afronden"), servertest.Afronden(t), nil)
		}()
	}
	wg.Wait()
	for i, s := range statuses {
		if s != http.StatusOK {
			t.Errorf("completion %d: %d", i, s)
		}
	}
	var numbers []string
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `SELECT regio || ' ' || factuurnummer || ' ' || (uitgever->>'naam') FROM facturen ORDER BY regio, factuurnummer`)
		if err != nil {
			return err
		}
		numbers, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if len(numbers) != n {
		t.Fatalf("%d invoices, want %d", len(numbers), n)
	}
	for i, got := range numbers {
		want := fmt.Sprintf("den-haag DH2031-%04d Klusmaat Den Haag B.V.", i+1)
		if i >= n/2 {
			want = fmt.Sprintf("utrecht 2031-%04d Klusmaat B.V.", i-n/2+1)
		}
		if got != want {
			t.Fatalf("invoice %d is %q, want %q (all: %v)", i, got, want, numbers)
		}
	}
}

// Another klusser learns nothing: 404 on the work order, its photos, the invoice and the PDF.
func TestAnotherKlusserGetsNotFoundEverywhere(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Files: true})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	kees := p.Klusser(t, "Kees de Vries", "06 11 11 11 11", "den-haag")
	klus, w := p.PlannedJob(t, piet, "Mevrouw Jansen", "")
	s, b := servertest.UploadPhoto(t, p, piet, w.ID, "before", uuid.New())
	var photo struct {
		URL string `json:"url"`
	}
	if err := json.Unmarshal(b, &photo); err != nil || s != http.StatusOK || photo.URL == "" {
		t.Fatalf("the photo to ask for: %d %s", s, b)
	}
	p.StartedAgo(t, piet, w, time.Hour)
	var a werkbon.Afronding
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a)

	for _, c := range []struct{ method, path string }{
		{http.MethodPost, "/api/v1/klusser/klussen/" + klus.String() + "/werkbon"},
		{http.MethodPost, servertest.WerkbonPath(w.ID, "/start")},
		{http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen")},
		{http.MethodPut, servertest.WerkbonPath(w.ID, "/notities")},
		{http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden")},
		{http.MethodGet, photo.URL},
		{http.MethodGet, "/api/v1/klusser/facturen/" + a.FactuurID.String()},
		{http.MethodPost, "/api/v1/klusser/facturen/" + a.FactuurID.String() + "/betaling"},
		{http.MethodGet, "/api/v1/facturen/" + a.FactuurID.String() + "/pdf"},
	} {
		var body any
		switch {
		case strings.HasSuffix(c.path, "/start"):
			body = werkbon.Start{ClientID: uuid.New()}
		case strings.HasSuffix(c.path, "/materialen"):
			body = werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "x", BedragCents: 1}
		case strings.HasSuffix(c.path, "/notities"):
			body = werkbon.Notities{ClientID: uuid.New(), Opmerkingen: "x"}
		case strings.HasSuffix(c.path, "/afronden"):
			body = servertest.Afronden(t)
		case strings.HasSuffix(c.path, "/betaling"):
			body = factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}
		}
		if s := p.Call(t, kees, c.method, c.path, body, nil); s != http.StatusNotFound {
			t.Errorf("%s %s as another klusser: %d, want 404", c.method, c.path, s)
		}
	}
	if s := p.Call(t, piet, http.MethodGet, "/api/v1/facturen/"+a.FactuurID.String()+"/pdf", nil, nil); s != http.StatusOK {
		t.Errorf("own PDF: %d", s)
	}
}

// The invoice PDF: made by the background job, stored, mailed to the customer with the PDF
// attached, and its text (pdftotext) has the number, the customer, every amount and the total.
func TestInvoicePDFIsMadeStoredAndMailed(t *testing.T) {
	smtpURL, apiURL := jobstest.MailDev(t)
	p := servertest.NewPortal(t, servertest.Options{Files: true, Work: true, SMTP: smtpURL, Contact: "085 123 45 67"})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	to := "klant-" + uuid.NewString()[:8] + "@example.nl"
	_, w := p.PlannedJob(t, piet, "Mevrouw Jansen-Óskarsdóttir", to)
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Muurplug", BedragCents: 1234}, nil)
	p.StartedAgo(t, piet, w, 90*time.Minute)
	var a werkbon.Afronding
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}
	// The e-mail carries the invoice as it stands when sent (D30): it waits for the klusser's
	// registration at the door, here that the customer pays later, and then goes at once.
	if s := p.Call(t, piet, http.MethodPost, "/api/v1/klusser/facturen/"+a.FactuurID.String()+"/betaling",
		factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "niet_betaald", BetaalNotitie: "Betaalt per bank"}, nil); s != http.StatusOK {
		t.Fatalf("register at the door: %d", s)
	}
	mails := jobstest.WaitForMails(t, apiURL, to, 1, 30*time.Second)
	year := calendar.System.InvoiceYear()
	nummer := fmt.Sprintf("%d-0001", year)
	m := mails[0]
	if m.Subject != "Uw factuur "+nummer || len(m.Attachments) != 1 || m.Attachments[0].FileName != "factuur-"+nummer+".pdf" ||
		m.Attachments[0].ContentType != "application/pdf" {
		t.Fatalf("invoice e-mail: %q %+v", m.Subject, m.Attachments)
	}
	if !strings.Contains(m.Text, "€ 172,23") || !strings.Contains(m.Text, "van Klusmaat B.V., voor een bedrag van € 172,23.") ||
		!strings.Contains(m.Text, "Te betalen binnen 14 dagen") || !strings.Contains(m.Text, "o.v.v. "+nummer) {
		t.Errorf("e-mail lacks the total, the issuer or the payment term: %s", m.Text)
	}
	// A credit invoice (D28) goes to the customer as such, with its own PDF.
	admin := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	if s := p.Call(t, admin, http.MethodPost, "/api/v1/facturen/"+a.FactuurID.String()+"/crediteren", map[string]string{"reden": "Verkeerde klant"}, nil); s != http.StatusCreated {
		t.Fatalf("credit: %d", s)
	}
	credit := fmt.Sprintf("%d-0002", year)
	if cm := jobstest.WaitForMails(t, apiURL, to, 2, 30*time.Second); len(cm) < 2 || cm[1].Subject != "Uw creditfactuur "+credit ||
		len(cm[1].Attachments) != 1 || cm[1].Attachments[0].FileName != "factuur-"+credit+".pdf" || !strings.Contains(cm[1].Text, "€ -172,23") {
		t.Errorf("credit e-mail: %+v", cm)
	}
	var stored bool
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT pdf_url IS NOT NULL FROM facturen WHERE id = $1`, a.FactuurID).Scan(&stored)
	})
	if !stored {
		t.Fatal("the PDF is not stored with the invoice")
	}

	req, _ := http.NewRequest(http.MethodGet, p.URL+"/api/v1/facturen/"+a.FactuurID.String()+"/pdf", nil)
	req.Header.Set("X-Test-User", piet)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	pdf, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("PDF download: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	text := pdftest.Text(t, pdf)
	// 2 h x 65 = 130,00; materials 12,34; subtotal 142,34; VAT 29,89 (29,8914); total 172,23.
	for _, want := range []string{"Klusmaat", "085 123 45 67", nummer, "Mevrouw Jansen-Óskarsdóttir", "Herenstraat 1", "2271 AB Voorburg",
		"Lamp ophangen", "2 uur", "€ 65,00", "€ 130,00", "Muurplug", "€ 12,34", "€ 142,34", "Btw 21%", "€ 29,89", "€ 172,23", "Openstaand"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, text)
		}
	}
	// The download is in the audit log (D22).
	var audited int
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT count(*) FROM audit_log WHERE entity = 'factuur_pdf' AND entity_id = $1`, a.FactuurID.String()).Scan(&audited)
	})
	if audited != 1 {
		t.Errorf("%d audit entries for the download, want 1", audited)
	}
}

// D23: a start and a completion queued offline carry the phone's time, accepted after the claim
// and not in the future, and recorded as the phone's.
func TestOfflinePhoneTimes(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Files: true})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	_, w := p.PlannedJob(t, piet, "Mevrouw Jansen", "")
	p.Exec(t, `UPDATE klussen SET claimed_at = now() - interval '1 day' WHERE id = $1`, w.KlusID)
	var e servertest.APIError
	tooEarly := time.Now().Add(-48 * time.Hour)
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/start"), werkbon.Start{ClientID: uuid.New(), TelefoonTijd: &tooEarly}, &e); s != http.StatusBadRequest || e.Error.Fields["telefoon_tijd"] == "" {
		t.Errorf("a start before the claim: %d %+v", s, e)
	}
	future := time.Now().Add(time.Hour)
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/start"), werkbon.Start{ClientID: uuid.New(), TelefoonTijd: &future}, &e); s != http.StatusBadRequest {
		t.Errorf("a start in the future: %d", s)
	}
	phoneStart := time.Now().Add(-150 * time.Minute).Truncate(time.Second)
	var started werkbon.Werkbon
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/start"), werkbon.Start{ClientID: uuid.New(), TelefoonTijd: &phoneStart}, &started)
	if started.StartTijd == nil || !started.StartTijd.Equal(phoneStart) || started.StartBron != "telefoon" {
		t.Fatalf("offline start: %+v", started)
	}
	phoneEnd := phoneStart.Add(70 * time.Minute)
	in := servertest.Afronden(t)
	in.TelefoonTijd = &phoneEnd
	var a werkbon.Afronding
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), in, &a); s != http.StatusOK {
		t.Fatalf("offline completion: %d", s)
	}
	if a.Werkbon.EindTijd == nil || !a.Werkbon.EindTijd.Equal(phoneEnd) || *a.Werkbon.Uren != 2 {
		t.Fatalf("offline completion: %+v", a.Werkbon)
	}
	var bron string
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT eind_bron FROM werkbonnen WHERE id = $1`, w.ID).Scan(&bron)
	})
	if bron != "telefoon" {
		t.Errorf("end source %q, want telefoon", bron)
	}
}

func jsonBody(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// serverDepsWithFiles is the portal's database and files on the portal's clock, without a job
// queue: a completion there takes an invoice number of the clock's year and then fails.
func serverDepsWithFiles(p *servertest.Portal, clock calendar.Clock) server.Deps {
	return server.Deps{DB: p.DB.DB, Files: files.MemoryStorage(), Clock: clock, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// A job paid at the door is mailed after the payment is registered, as paid (D30): the e-mail
// and its PDF say so, and nothing in them asks for money.
func TestInvoiceMailedAsPaidAfterTheDoor(t *testing.T) {
	smtpURL, apiURL := jobstest.MailDev(t)
	p := servertest.NewPortal(t, servertest.Options{Files: true, Work: true, SMTP: smtpURL, Contact: "085 123 45 67"})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	to := "klant-" + uuid.NewString()[:8] + "@example.nl"
	_, w := p.PlannedJob(t, piet, "Mevrouw De Wit", to)
	p.StartedAgo(t, piet, w, 60*time.Minute)
	var a werkbon.Afronding
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}
	if s := p.Call(t, piet, http.MethodPost, "/api/v1/klusser/facturen/"+a.FactuurID.String()+"/betaling",
		factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}, nil); s != http.StatusOK {
		t.Fatalf("pin at the door: %d", s)
	}
	mails := jobstest.WaitForMails(t, apiURL, to, 1, 30*time.Second)
	m := mails[0]
	if !strings.Contains(m.Text, "Deze factuur is betaald") || strings.Contains(m.Text, "Te betalen binnen") {
		t.Errorf("the e-mail of an invoice paid at the door does not say it is paid:\n%s", m.Text)
	}
	if len(m.Attachments) != 1 {
		t.Fatalf("attachments: %+v", m.Attachments)
	}
	if text := pdftest.Text(t, jobstest.Attachment(t, apiURL, m, 0)); !strings.Contains(text, "Betaald") || !regexp.MustCompile(`Betaalwijze:\s+PIN`).MatchString(text) || strings.Contains(text, "Openstaand") {
		t.Errorf("the attached PDF does not read 'Betaald' and 'Betaalwijze: PIN':\n%s", text)
	}
}
