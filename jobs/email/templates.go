// Package email sends the platform's e-mails over SMTP as River jobs: Dutch templates, the brand
// and contact details from configuration (D19), retries with backoff, and a permanent failure kept
// on the job for admins to see (D16).
package email

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"regexp"
	"slices"
	"strings"
	texttemplate "text/template"
	"time"
	"unicode"
)

//go:embed templates/*.tmpl
var templateFiles embed.FS

// Site is the sender's identity in every e-mail (D19).
type Site struct {
	Brand, Phone, Email string
}

// Template names, with the data keys each needs.
var Templates = map[string][]string{
	"bevestiging": {"naam", "categorie", "beschrijving", "datum", "tijd"},                 // request received (document 000 section 7)
	"ingepland":   {"naam", "klusser_naam", "klusser_telefoon", "datum", "tijd", "adres"}, // first planning
	"gewijzigd":   {"naam", "klusser_naam", "klusser_telefoon", "datum", "tijd", "adres"}, // planning changed
	"aanmelder":   {"onderwerp", "inhoud"},                                                // back office to an applicant
	"factuur":     {"naam", "soort", "factuurnummer", "totaal", "uitgever", "betaling"},   // invoice, with the PDF attached (factuur.Worker)
	"schouw":      {"naam", "datum", "tijd", "adres", "opnemer"},                          // the free survey on site (D26)
	"herinnering": {"naam", "wat", "datum", "tijd", "adres", "met"},                       // the day before an appointment (D27)
	"offerte":     {"naam", "offertenummer", "totaal", "geldig_tot"},                      // a quote, with the PDF attached (offerte.Worker, D26)

	// D33: the reminder on the appointment's own day (planned after 18:00 the day before), and the
	// survey cancelled by the office (its "reden" optional).
	"herinnering_vandaag": {"naam", "wat", "datum", "tijd", "adres", "met"},
	"schouw_geannuleerd":  {"naam", "datum", "tijd", "adres"},

	// An unpaid invoice (D30, aanmaning.Worker): the friendly reminder 7 days past the due date,
	// and the 14-dagenbrief with the term and the collection costs. Part paid, both add "totaal"
	// and "betaald".
	"betalingsherinnering": {"naam", "factuurnummer", "factuurdatum", "vervaldatum", "open", "iban", "uitgever"},
	"veertiendagenbrief":   {"naam", "factuurnummer", "factuurdatum", "open", "incassokosten", "totaal_met_kosten", "termijn_tot", "iban", "uitgever"},
}

// Quoted names the data that a visitor wrote and that an e-mail repeats (the description of a
// request, sent to whatever address the visitor typed). A template shows it only as
// {{quote "key"}}, on a paragraph of its own: one escaped block, visibly set apart as the
// visitor's words ("> " before each line in the text, a blockquote in the HTML), whose blank
// lines are dropped so that it cannot make paragraphs, lists or a signature of its own.
var Quoted = map[string][]string{"bevestiging": {"beschrijving"}}

// structured names the data written by the back office that may hold paragraphs and lists.
// Every other value is one line: its line breaks become spaces.
var structured = map[string][]string{"aanmelder": {"inhoud"}}

// Rendered is an e-mail ready to send.
type Rendered struct {
	Subject, Text, HTML string
	Attachments         []File
}

// File is an attachment as sent.
type File struct {
	Name, ContentType string
	Data              []byte
}

// ErrTemplate means the e-mail can never be rendered (unknown template, missing data): retrying
// would not help.
type ErrTemplate struct{ msg string }

func (e ErrTemplate) Error() string { return "email: " + e.msg }

// quoteMark stands for a quoted block in a template's output until the block is laid out. It is
// made of control characters, which clean removes from every value, so data cannot forge one.
func quoteMark(key string) string { return "\x1equote:" + key + "\x1e" }

// Render fills template name with data and the site's details.
func Render(name string, data map[string]string, site Site) (Rendered, error) {
	keys, ok := Templates[name]
	if !ok {
		return Rendered{}, ErrTemplate{fmt.Sprintf("unknown template %q", name)}
	}
	for _, k := range keys {
		if oneLine(data[k]) == "" {
			return Rendered{}, ErrTemplate{fmt.Sprintf("template %q needs %q", name, k)}
		}
	}
	vars := map[string]string{"Brand": site.Brand, "Phone": site.Phone, "Email": site.Email}
	quotes := map[string][]string{}
	for k, v := range data {
		switch {
		case slices.Contains(Quoted[name], k):
			quotes[quoteMark(k)] = quoteLines(v)
			vars[k] = oneLine(v)
		case slices.Contains(structured[name], k):
			vars[k] = clean(v, true)
		default:
			vars[k] = oneLine(v)
		}
	}
	src, err := templateFiles.ReadFile("templates/" + name + ".tmpl")
	if err != nil {
		return Rendered{}, ErrTemplate{err.Error()}
	}
	funcs := texttemplate.FuncMap{"quote": func(key string) (string, error) {
		if !slices.Contains(Quoted[name], key) {
			return "", fmt.Errorf("%q is not quoted data of %q", key, name)
		}
		return quoteMark(key), nil
	}}
	t, err := texttemplate.New(name).Option("missingkey=error").Funcs(funcs).Parse(string(src))
	if err != nil {
		return Rendered{}, ErrTemplate{err.Error()}
	}
	var subject, body bytes.Buffer
	if err := t.ExecuteTemplate(&subject, "subject", vars); err != nil {
		return Rendered{}, ErrTemplate{err.Error()}
	}
	if err := t.ExecuteTemplate(&body, "body", vars); err != nil {
		return Rendered{}, ErrTemplate{err.Error()}
	}
	blocks, err := layOut(strings.TrimSpace(body.String()), quotes)
	if err != nil {
		return Rendered{}, ErrTemplate{err.Error()}
	}
	var links []string
	for _, k := range LinkKeys {
		if v := vars[k]; v != "" {
			links = append(links, v)
		}
	}
	html, err := toHTML(blocks, site, links)
	if err != nil {
		return Rendered{}, ErrTemplate{err.Error()}
	}
	return Rendered{Subject: oneLine(subject.String()), Text: toText(blocks) + "\n\n" + signature(site), HTML: html}, nil
}

func signature(s Site) string {
	return fmt.Sprintf("Met vriendelijke groet,\n%s\nTelefoon: %s\nE-mail: %s", s.Brand, s.Phone, s.Email)
}

// clean removes the characters that are not text (control characters, and the invisible ones
// that turn text around) and, unless multiline, makes one line of s.
func clean(s string, multiline bool) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return r
		case unicode.Is(unicode.Cc, r), r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069':
			return -1
		case r == '\u2028' || r == '\u2029':
			return '\n'
		}
		return r
	}, strings.ReplaceAll(s, "\r\n", "\n"))
	if !multiline {
		s = strings.Join(strings.Fields(s), " ")
	}
	return s
}

func oneLine(s string) string { return clean(s, false) }

// quoteLines is the visitor's text as the lines of one block: no blank lines, no indentation.
func quoteLines(s string) []string {
	var out []string
	for _, l := range strings.Split(clean(s, true), "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return out
}

var listItem = regexp.MustCompile(`^- `)

// layout is the HTML frame: large, plain text that reads well for seniors, and the contact details.
var layout = htmltemplate.Must(htmltemplate.New("layout").Parse(`<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>{{.Brand}}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;font-size:18px;line-height:1.6;color:#1b1b1b">
<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="font-size:22px;font-weight:bold;color:#1d4e89;margin-top:0">{{.Brand}}</p>
{{range .Blocks}}{{if .List}}<ul>{{range .Lines}}<li>{{.Text}}</li>{{end}}</ul>{{else if .Quote}}<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #1d4e89;background:#f0f4f9;color:#333;font-style:italic">{{range $i, $l := .Lines}}{{if $i}}<br>{{end}}{{$l.Text}}{{end}}</blockquote>{{else}}<p>{{range $i, $l := .Lines}}{{if $i}}<br>{{end}}{{if $l.Href}}<a href="{{$l.Href}}" style="color:#1d4e89;word-break:break-all">{{$l.Text}}</a>{{else}}{{$l.Text}}{{end}}{{end}}</p>{{end}}{{end}}
<p>Met vriendelijke groet,<br>{{.Brand}}</p>
<p style="font-size:16px;color:#444">Telefoon: <a href="tel:{{.Tel}}">{{.Phone}}</a><br>E-mail: <a href="mailto:{{.Email}}">{{.Email}}</a></p>
</div></body></html>`))

type block struct {
	List, Quote bool
	Lines       []string
}

// layOut splits the template's text into paragraphs and lists, and puts each quoted block where
// its mark stands alone as a paragraph.
func layOut(body string, quotes map[string][]string) ([]block, error) {
	var blocks []block
	for _, para := range strings.Split(body, "\n\n") {
		if lines, ok := quotes[para]; ok {
			blocks = append(blocks, block{Quote: true, Lines: lines})
			continue
		}
		if strings.Contains(para, "\x1e") {
			return nil, fmt.Errorf("a quoted block must be a paragraph of its own")
		}
		lines := strings.Split(para, "\n")
		b := block{List: len(lines) > 0 && listItem.MatchString(lines[0])}
		for _, l := range lines {
			if b.List {
				l = listItem.ReplaceAllString(l, "")
			}
			b.Lines = append(b.Lines, l)
		}
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// toText writes the blocks as the plain-text body: quoted lines start with "> ".
func toText(blocks []block) string {
	paras := make([]string, 0, len(blocks))
	for _, b := range blocks {
		prefix := ""
		switch {
		case b.List:
			prefix = "- "
		case b.Quote:
			prefix = "> "
		}
		lines := make([]string, len(b.Lines))
		for i, l := range b.Lines {
			lines[i] = prefix + l
		}
		paras = append(paras, strings.Join(lines, "\n"))
	}
	return strings.Join(paras, "\n\n")
}

// htmlLine is a line of the HTML body: its text, and the address it links to when the line is
// one of the e-mail's own links (the status link, D24).
type htmlLine struct{ Text, Href string }

type htmlBlock struct {
	List, Quote bool
	Lines       []htmlLine
}

// toHTML lays the blocks out in the frame; html/template escapes every value. A line of a
// paragraph that is exactly one of links (and an http(s) address) is a link.
func toHTML(blocks []block, s Site, links []string) (string, error) {
	view := make([]htmlBlock, len(blocks))
	for i, b := range blocks {
		view[i] = htmlBlock{List: b.List, Quote: b.Quote}
		for _, l := range b.Lines {
			hl := htmlLine{Text: l}
			if !b.List && !b.Quote && slices.Contains(links, l) && (strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://")) {
				hl.Href = l
			}
			view[i].Lines = append(view[i].Lines, hl)
		}
	}
	var out bytes.Buffer
	err := layout.Execute(&out, map[string]any{"Brand": s.Brand, "Phone": s.Phone, "Email": s.Email,
		"Tel": strings.ReplaceAll(s.Phone, " ", ""), "Blocks": view})
	return out.String(), err
}

// LinkKeys name the data that are addresses of the platform's own, shown as links in the HTML.
var LinkKeys = []string{"status_link"}

// Date formats a date as the e-mails and exports show it: dd-MM-yyyy.
func Date(t time.Time) string { return t.Format("02-01-2006") }
