package email_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/jobs/email"
)

// A visitor's description is one quoted block in both bodies of the confirmation: a blank line,
// a list or a fake signature in it cannot become a paragraph of the Klusmaat e-mail, and HTML in
// it is shown as text.
func TestConfirmationQuotesTheVisitorsText(t *testing.T) {
	args := confirmation("klant@example.nl")
	args.Data["beschrijving"] = "Gordijnrail ophangen.\n\n\nBeste klant, uw rekening staat nog open.\r\n\n- Bedrag: 500 euro\n- Betaal via https://kwaadwillend.example\n\n<a href=\"https://kwaadwillend.example\">Betalen</a>\x00\u202e\n\nMet vriendelijke groet,\nKlusmaat"
	args.Data["naam"] = "Jansen\n\nUw rekening staat open"
	r, err := email.Render("bevestiging", args.Data, site)
	if err != nil {
		t.Fatal(err)
	}

	// Text: the description's lines follow one another, each marked as quoted.
	want := strings.Join([]string{
		"> Gordijnrail ophangen.",
		"> Beste klant, uw rekening staat nog open.",
		"> - Bedrag: 500 euro",
		"> - Betaal via https://kwaadwillend.example",
		`> <a href="https://kwaadwillend.example">Betalen</a>`,
		"> Met vriendelijke groet,",
		"> Klusmaat",
	}, "\n")
	if !strings.Contains(r.Text, "\n\n"+want+"\n\n") {
		t.Fatalf("text body does not hold the description as one quoted block:\n%s", r.Text)
	}
	if strings.Count(r.Text, "kwaadwillend") != 2 || strings.Count(r.Text, "Met vriendelijke groet") != 2 {
		t.Fatalf("the description appears outside its block:\n%s", r.Text)
	}
	if !strings.Contains(r.Text, "Beste Jansen Uw rekening staat open,") {
		t.Errorf("the name is not kept on one line:\n%s", r.Text)
	}
	if strings.ContainsAny(r.Text, "\x00\r\u202e") {
		t.Errorf("control characters in the text body: %q", r.Text)
	}

	// HTML: exactly one blockquote holds every line of it, escaped; nothing of it is elsewhere.
	quotes := regexp.MustCompile(`(?s)<blockquote[^>]*>(.*?)</blockquote>`).FindAllStringSubmatch(r.HTML, -1)
	if len(quotes) != 1 {
		t.Fatalf("%d blockquotes in:\n%s", len(quotes), r.HTML)
	}
	inside := quotes[0][1]
	for _, line := range []string{"Gordijnrail ophangen.", "Beste klant, uw rekening staat nog open.", "- Bedrag: 500 euro",
		"&lt;a href=&#34;https://kwaadwillend.example&#34;&gt;Betalen&lt;/a&gt;", "Met vriendelijke groet,<br>Klusmaat"} {
		if !strings.Contains(inside, line) {
			t.Errorf("blockquote lacks %q:\n%s", line, inside)
		}
	}
	if strings.Contains(inside, "<p") || strings.Contains(inside, "<li") || strings.Contains(inside, "<br><br>") {
		t.Errorf("the description has structure of its own:\n%s", inside)
	}
	outside := strings.Replace(r.HTML, quotes[0][0], "", 1)
	if strings.Contains(outside, "kwaadwillend") || strings.Contains(outside, "500 euro") || strings.Contains(r.HTML, `<a href="https://kwaadwillend`) {
		t.Errorf("the description leaks outside its block:\n%s", outside)
	}
	if !strings.Contains(outside, "- Soort klus: Montage &amp; Ophangwerk<br>") {
		t.Errorf("the request's own list is gone:\n%s", outside)
	}
}

// Values that are not the visitor's quoted text stay on one line in every template, so that data
// (a name, an address) cannot add paragraphs either; the back office's own letters keep theirs.
func TestOtherValuesStayOnOneLine(t *testing.T) {
	r, err := email.Render("ingepland", map[string]string{"naam": "Jansen", "klusser_naam": "Piet\n\n- Betaal vooraf", "klusser_telefoon": "06 12345678",
		"datum": "03-12-2026", "tijd": "ochtend", "adres": "Laan 1\n\nLet op"}, site)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(r.HTML, "<li>Betaal vooraf") || !strings.Contains(r.Text, "- Uw klusser: Piet - Betaal vooraf, telefoon") || !strings.Contains(r.Text, "- Adres: Laan 1 Let op") {
		t.Fatalf("planning e-mail:\n%s\n%s", r.Text, r.HTML)
	}
	r, err = email.Render("aanmelder", map[string]string{"onderwerp": "Uw aanmelding\r\nBcc: iemand@example.nl", "inhoud": "Beste Kees,\n\nWelkom.\n\n- Stap 1\n- Stap 2"}, site)
	if err != nil {
		t.Fatal(err)
	}
	if r.Subject != "Uw aanmelding Bcc: iemand@example.nl" || !strings.Contains(r.HTML, "<li>Stap 1</li><li>Stap 2</li>") || !strings.Contains(r.HTML, "<p>Welkom.</p>") {
		t.Fatalf("back-office letter:\n%q\n%s", r.Subject, r.HTML)
	}
	// A quoted value whose text is only control characters is missing data, not an empty block.
	args := confirmation("klant@example.nl")
	args.Data["beschrijving"] = "\x00\x1e"
	if _, err := email.Render("bevestiging", args.Data, site); err == nil {
		t.Fatal("rendered a confirmation without a description")
	}
}

// confirmation is a request's confirmation e-mail as the application makes it.
func confirmation(to string) email.Args {
	return email.Args{Template: "bevestiging", To: to, Data: map[string]string{
		"naam": "Mevrouw Jansen", "categorie": "Montage & Ophangwerk", "beschrijving": "Gordijnrail ophangen",
		"datum": email.Date(time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)), "tijd": "ochtend (8:00-12:00)"}}
}

// The survey's e-mail and the reminder of the day before (D26, D27) say what, when, where and who
// in plain words, with the status link at the end; so does the quote (D26).
func TestSurveyAndReminderEmails(t *testing.T) {
	site := email.Site{Brand: "Klusmaat", Phone: "070 300 40 50"}
	for _, c := range []struct {
		template, subject string
		data              map[string]string
		want              []string
	}{
		{"schouw", "Uw gratis schouw is ingepland",
			map[string]string{"naam": "Mevrouw Jansen", "datum": "26-11-2026", "tijd": "10:30", "adres": "Herenstraat 1, 2271 AB Voorburg", "opnemer": "Kees de Opnemer", "status_link": "https://www.example.nl/status/abc"},
			[]string{"Beste Mevrouw Jansen", "gratis en vrijblijvend", "- Datum: 26-11-2026", "- Tijd: 10:30", "- Wie komt: Kees de Opnemer", "https://www.example.nl/status/abc"}},
		{"herinnering", "Herinnering: morgen komen wij bij u langs",
			map[string]string{"naam": "Meneer De Vries", "wat": "de gratis schouw", "datum": "26-11-2026", "tijd": "14:00", "adres": "Kerkstraat 2, 2271 AB Voorburg", "met": "Kees de Opnemer"},
			[]string{"Beste Meneer De Vries", "- Wat: de gratis schouw", "- Tijd: 14:00", "- Adres: Kerkstraat 2, 2271 AB Voorburg", "Bel ons gerust"}},
		{"offerte", "Uw offerte O2026-0007",
			map[string]string{"naam": "Mevrouw Jansen", "offertenummer": "O2026-0007", "totaal": "€ 242,00", "geldig_tot": "24-12-2026", "status_link": "https://www.example.nl/status/abc"},
			[]string{"Beste Mevrouw Jansen", "vaste prijs van € 242,00 (inclusief btw)", "geldig tot en met 24-12-2026", "'Akkoord'", "'Niet akkoord'", "https://www.example.nl/status/abc"}},
	} {
		r, err := email.Render(c.template, c.data, site)
		if err != nil {
			t.Fatalf("%s: %v", c.template, err)
		}
		if r.Subject != c.subject {
			t.Errorf("%s: subject %q", c.template, r.Subject)
		}
		for _, want := range c.want {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%s: the text lacks %q:\n%s", c.template, want, r.Text)
			}
		}
	}
}

// The reminders of an unpaid invoice (D30) in plain words: the friendly reminder names the
// invoice, its due date, the amount and how to pay; the 14-dagenbrief also the term of 14 days
// from the day after receipt with its last day, and the collection costs in euros without VAT.
// Part paid, both say what was paid; a 14-dagenbrief without its costs is never sent.
func TestPaymentReminderEmails(t *testing.T) {
	base := func() map[string]string {
		return map[string]string{"naam": "Mevrouw Jansen", "factuurnummer": "2026-0012", "factuurdatum": "01-11-2026",
			"open": "€ 242,00", "iban": "NL91ABNA0417164300", "uitgever": "Klusmaat B.V."}
	}
	herinnering := base()
	herinnering["vervaldatum"] = "15-11-2026"
	herinnering["status_link"] = "https://www.example.nl/status/abc"
	brief := base()
	brief["open"], brief["totaal"], brief["betaald"] = "€ 142,00", "€ 242,00", "€ 100,00"
	brief["incassokosten"], brief["totaal_met_kosten"], brief["termijn_tot"] = "€ 40,00", "€ 182,00", "20-12-2026"
	for _, c := range []struct {
		template, subject string
		data              map[string]string
		want, not         []string
	}{
		{"betalingsherinnering", "Herinnering: factuur 2026-0012 is nog niet betaald", herinnering,
			[]string{"Beste Mevrouw Jansen,", "factuur 2026-0012 van 01-11-2026 nog niet ontvangen", "verlopen op 15-11-2026",
				"- Te betalen: € 242,00", "- Rekeningnummer (IBAN): NL91ABNA0417164300", "- Ten name van: Klusmaat B.V.",
				"- Onder vermelding van: 2026-0012", "Heeft u inmiddels betaald? Dan hoeft u niets meer te doen.",
				"https://www.example.nl/status/abc", "Bel ons gerust"},
			[]string{"al betaald", "incassokosten"}},
		{"veertiendagenbrief", "Aanmaning: factuur 2026-0012 is nog niet betaald", brief,
			[]string{"Beste Mevrouw Jansen,", "Er staat nog € 142,00 open.", "Van het factuurbedrag van € 242,00 heeft u € 100,00 al betaald.",
				"binnen 14 dagen te betalen", "Die 14 dagen gaan in op de dag nadat u deze e-mail heeft ontvangen.",
				"Betaal daarom uiterlijk op 20-12-2026.", "- Uiterlijk op: 20-12-2026", "- Onder vermelding van: 2026-0012",
				"incassokosten in rekening brengen: € 40,00", "Over deze kosten rekenen wij geen btw.", "in totaal € 182,00",
				"Betaalt u binnen de termijn, dan betaalt u geen incassokosten.", "Bel ons dan vóór 20-12-2026"},
			[]string{"status_link", "persoonlijke pagina"}},
	} {
		r, err := email.Render(c.template, c.data, site)
		if err != nil {
			t.Fatalf("%s: %v", c.template, err)
		}
		if r.Subject != c.subject {
			t.Errorf("%s: subject %q", c.template, r.Subject)
		}
		for _, want := range c.want {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%s: the text lacks %q:\n%s", c.template, want, r.Text)
			}
		}
		for _, not := range c.not {
			if strings.Contains(r.Text, not) {
				t.Errorf("%s: the text has %q:\n%s", c.template, not, r.Text)
			}
		}
		if !strings.Contains(r.HTML, "<li>Onder vermelding van: 2026-0012</li>") {
			t.Errorf("%s: the HTML lacks the payment details:\n%s", c.template, r.HTML)
		}
	}
	delete(brief, "incassokosten")
	if _, err := email.Render("veertiendagenbrief", brief, site); err == nil {
		t.Error("rendered a 14-dagenbrief without its collection costs")
	}
}

// The status link (D24) is a link in the HTML body, and only the platform's own link is: an
// address someone typed stays text.
func TestStatusLinkIsALinkInTheHTML(t *testing.T) {
	link := "https://www.example.nl/status/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"
	data := map[string]string{"naam": "Jansen", "wat": "Uw klus", "datum": "03-12-2026", "tijd": "10:00", "adres": "https://kwaad.example",
		"met": "Piet", "status_link": link}
	r, err := email.Render("herinnering", data, site)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.HTML, `<a href="`+link+`"`) || !strings.Contains(r.HTML, ">"+link+"</a>") {
		t.Errorf("the status link is not a link in the HTML:\n%s", r.HTML)
	}
	if strings.Contains(r.HTML, `href="https://kwaad.example"`) {
		t.Errorf("a typed address became a link:\n%s", r.HTML)
	}
	if !strings.Contains(r.Text, "\n"+link) {
		t.Errorf("the text body lost the link:\n%s", r.Text)
	}
}

// The invoice e-mail names its issuer mid-sentence (no 'B.V..'); the credit invoice's e-mail
// opens with its own sentence instead of the invoice's thank-you.
func TestInvoiceAndCreditEmailOpenings(t *testing.T) {
	data := map[string]string{"naam": "Jansen", "soort": "factuur", "factuurnummer": "DH2026-0001", "totaal": "€ 95,47",
		"uitgever": "Klusmaat Den Haag B.V.", "betaling": "Deze factuur is betaald. Hartelijk dank."}
	r, err := email.Render("factuur", data, site)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(r.Text, "B.V..") || !strings.Contains(r.Text, "Hartelijk dank dat u Klusmaat heeft gevraagd. In de bijlage vindt u factuur DH2026-0001 van Klusmaat Den Haag B.V., voor een bedrag van € 95,47.") {
		t.Errorf("invoice e-mail:\n%s", r.Text)
	}
	data["soort"], data["factuurnummer"], data["totaal"] = "creditfactuur", "DH2026-0002", "€ -95,47"
	data["betaling"] = "Deze creditfactuur corrigeert factuur DH2026-0001. Het bedrag wordt met u verrekend."
	r, err = email.Render("factuur", data, site)
	if err != nil {
		t.Fatal(err)
	}
	if r.Subject != "Uw creditfactuur DH2026-0002" || strings.Contains(r.Text, "Hartelijk dank dat u") || strings.Contains(r.Text, "B.V..") ||
		!strings.Contains(r.Text, "Wij hebben uw factuur gecorrigeerd. In de bijlage vindt u creditfactuur DH2026-0002 van Klusmaat Den Haag B.V., voor een bedrag van € -95,47.") ||
		!strings.Contains(r.Text, "Heeft u vragen over de creditfactuur?") {
		t.Errorf("credit e-mail: %q\n%s", r.Subject, r.Text)
	}
}
