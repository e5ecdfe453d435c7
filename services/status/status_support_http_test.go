package status_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Issue 39 item 10 (D24): the status answer names the klusser, first name and photo and nothing
// else, as soon as the job has one planned: also a job the office assigned without a start time
// yet, and a finished job, which shows who did it.
func TestStatusNamesTheKlusserOfAnAssignedAndAFinishedJob(t *testing.T) {
	links := servertest.StatusLinks()
	p := servertest.NewPortal(t, servertest.Options{Links: links})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	p.Exec(t, `UPDATE profiles SET profiel_foto_url = 'piet/foto.jpg' WHERE id = $1`, p.Actor(piet).UserID)
	klus := p.Job(t, servertest.Job{Assignment: "pool"})
	token := links.Token(klus)
	want := map[string]any{"voornaam": "Piet", "foto": "/files/public/piet/foto.jpg"}
	klusser := func(when string) {
		t.Helper()
		s, body, raw := servertest.StatusOf(t, p, token)
		k, ok := body["klusser"].(map[string]any)
		if s != http.StatusOK || !ok || len(k) != len(want) || k["voornaam"] != want["voornaam"] || k["foto"] != want["foto"] {
			t.Errorf("%s: the status answer's klusser is not Piet's first name and photo only: %d %s", when, s, raw)
		}
		if strings.Contains(raw, "Bakker") || strings.Contains(raw, "06 12 34 56 01") {
			t.Errorf("%s: the status answer shows more of the klusser than D5 allows: %s", when, raw)
		}
	}

	// The office assigns it: ingepland, a klusser, no start time yet (the console's 'Toewijzen').
	p.Exec(t, `UPDATE klussen SET klusser_id = $2, status = 'ingepland', geplande_start_tijd = NULL WHERE id = $1`,
		klus, p.Actor(piet).UserID)
	klusser("assigned without a start time")

	// Done: the page still says who did it.
	p.Exec(t, `UPDATE klussen SET status = 'afgerond', geplande_start_tijd = now() - interval '2 hours' WHERE id = $1`, klus)
	klusser("finished")

	// Not yet assigned: no one.
	open := p.Job(t, servertest.Job{Assignment: "pool"})
	if _, body, raw := servertest.StatusOf(t, p, links.Token(open)); body["klusser"] != nil {
		t.Errorf("an open job names a klusser: %s", raw)
	}
}

// Issue 39 item 11 (D33): one support number. A job of a region with its own support phone gets
// that number in its invoice e-mail (text and HTML), in the invoice PDF and on the status page,
// never the configured default; the invoice e-mail names the issuer without a double full stop;
// the credit invoice's e-mail opens with its own sentence, not the invoice's thank-you.
func TestOneSupportNumberInTheInvoiceEmailsPDFAndStatusPage(t *testing.T) {
	smtpURL, apiURL := jobstest.MailDev(t)
	links := servertest.StatusLinks()
	p := servertest.NewPortal(t, servertest.Options{Files: true, Work: true, SMTP: smtpURL, Contact: "085 123 45 67", Links: links})
	p.Exec(t, `INSERT INTO factuur_uitgevers (id, regio, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
		VALUES ('den-haag', 'den-haag', 'Klusmaat Den Haag B.V.', 'Prinsegracht 10', '2512 GA', 'Den Haag', '87654321',
		        'NL987654321B01', 'NL91ABNA0417164300', 'DH')`)
	p.Exec(t, `UPDATE franchise_settings SET support_phone = '070 300 40 50', support_email = 'denhaag@klusmaat.nl' WHERE regio = 'den-haag'`)
	admin := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	to := "klant-" + uuid.NewString()[:8] + "@example.nl"
	klus, w := p.PlannedJob(t, piet, "Mevrouw Jansen", to)
	p.StartedAgo(t, piet, w, 60*time.Minute)
	var a werkbon.Afronding
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}
	if s := p.Call(t, piet, http.MethodPost, "/api/v1/klusser/facturen/"+a.FactuurID.String()+"/betaling",
		factuur.Betaling{ClientID: uuid.New(), BetaalMethode: "pin"}, nil); s != http.StatusOK {
		t.Fatalf("pin at the door: %d", s)
	}
	nummer := fmt.Sprintf("DH%d-0001", calendar.System.InvoiceYear())
	m := jobstest.WaitForMails(t, apiURL, to, 1, 30*time.Second)[0]
	if !strings.Contains(m.Text, "Telefoon: 070 300 40 50") || !strings.Contains(m.Text, "E-mail: denhaag@klusmaat.nl") ||
		!strings.Contains(m.HTML, `href="tel:0703004050"`) || strings.Contains(m.Text+m.HTML, "085 123 45 67") {
		t.Errorf("the invoice e-mail does not give the region's support contact:\n%s\n%s", m.Text, m.HTML)
	}
	if strings.Contains(m.Text, "B.V..") || !strings.Contains(m.Text, "factuur "+nummer+" van Klusmaat Den Haag B.V., voor een bedrag van") {
		t.Errorf("the invoice e-mail names its issuer badly:\n%s", m.Text)
	}

	pdf := servertest.PDFText(t, p, admin, a.FactuurID)
	if !strings.Contains(pdf, "070 300 40 50") || strings.Contains(pdf, "085 123 45 67") {
		t.Errorf("the invoice PDF does not give the region's support phone:\n%s", pdf)
	}
	if !regexp.MustCompile(`Betaalwijze:\s+PIN`).MatchString(pdf) || strings.Contains(pdf, "(pin)") {
		t.Errorf("the PDF names the payment method otherwise than the screens (PIN):\n%s", pdf)
	}
	if _, body, raw := servertest.StatusOf(t, p, links.Token(klus)); body["support_telefoon"] != "070 300 40 50" {
		t.Errorf("the status page's support phone: %s", raw)
	}

	// The credit invoice: its own opening, the amount as the screens write it (€ -…).
	if s := p.Call(t, admin, http.MethodPost, "/api/v1/facturen/"+a.FactuurID.String()+"/crediteren", map[string]string{"reden": "Dubbel gefactureerd"}, nil); s != http.StatusCreated {
		t.Fatalf("credit: %d", s)
	}
	mails := jobstest.WaitForMails(t, apiURL, to, 2, 30*time.Second)
	c := mails[len(mails)-1]
	if !strings.HasPrefix(c.Subject, "Uw creditfactuur") || strings.Contains(c.Text, "Hartelijk dank dat u") ||
		!strings.Contains(c.Text, "Wij hebben uw factuur gecorrigeerd.") || strings.Contains(c.Text, "B.V..") ||
		!regexp.MustCompile(`€ -\d+,\d\d`).MatchString(c.Text) || !strings.Contains(c.Text, "Telefoon: 070 300 40 50") {
		t.Errorf("the credit e-mail:\n%s", c.Text)
	}
}
