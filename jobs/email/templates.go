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
	"strings"
	texttemplate "text/template"
	"time"
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
	"factuur":     {"naam", "factuurnummer", "totaal"},                                    // invoice; the PDF attachment comes with invoicing
}

// Rendered is an e-mail ready to send.
type Rendered struct {
	Subject, Text, HTML string
}

// ErrTemplate means the e-mail can never be rendered (unknown template, missing data): retrying
// would not help.
type ErrTemplate struct{ msg string }

func (e ErrTemplate) Error() string { return "email: " + e.msg }

// Render fills template name with data and the site's details.
func Render(name string, data map[string]string, site Site) (Rendered, error) {
	keys, ok := Templates[name]
	if !ok {
		return Rendered{}, ErrTemplate{fmt.Sprintf("unknown template %q", name)}
	}
	for _, k := range keys {
		if strings.TrimSpace(data[k]) == "" {
			return Rendered{}, ErrTemplate{fmt.Sprintf("template %q needs %q", name, k)}
		}
	}
	vars := map[string]string{"Brand": site.Brand, "Phone": site.Phone, "Email": site.Email}
	for k, v := range data {
		vars[k] = v
	}
	src, err := templateFiles.ReadFile("templates/" + name + ".tmpl")
	if err != nil {
		return Rendered{}, ErrTemplate{err.Error()}
	}
	t, err := texttemplate.New(name).Option("missingkey=error").Parse(string(src))
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
	text := strings.TrimSpace(body.String()) + "\n\n" + signature(site)
	html, err := toHTML(strings.TrimSpace(body.String()), site)
	if err != nil {
		return Rendered{}, ErrTemplate{err.Error()}
	}
	return Rendered{Subject: strings.TrimSpace(subject.String()), Text: text, HTML: html}, nil
}

func signature(s Site) string {
	return fmt.Sprintf("Met vriendelijke groet,\n%s\nTelefoon: %s\nE-mail: %s", s.Brand, s.Phone, s.Email)
}

var listItem = regexp.MustCompile(`^- `)

// layout is the HTML frame: large, plain text that reads well for seniors, and the contact details.
var layout = htmltemplate.Must(htmltemplate.New("layout").Parse(`<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>{{.Brand}}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;font-size:18px;line-height:1.6;color:#1b1b1b">
<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="font-size:22px;font-weight:bold;color:#1d4e89;margin-top:0">{{.Brand}}</p>
{{range .Blocks}}{{if .List}}<ul>{{range .Lines}}<li>{{.}}</li>{{end}}</ul>{{else}}<p>{{range $i, $l := .Lines}}{{if $i}}<br>{{end}}{{$l}}{{end}}</p>{{end}}{{end}}
<p>Met vriendelijke groet,<br>{{.Brand}}</p>
<p style="font-size:16px;color:#444">Telefoon: <a href="tel:{{.Tel}}">{{.Phone}}</a><br>E-mail: <a href="mailto:{{.Email}}">{{.Email}}</a></p>
</div></body></html>`))

type block struct {
	List  bool
	Lines []string
}

// toHTML turns the plain-text body into paragraphs and lists; html/template escapes every value.
func toHTML(body string, s Site) (string, error) {
	var blocks []block
	for _, para := range strings.Split(body, "\n\n") {
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
	var out bytes.Buffer
	err := layout.Execute(&out, map[string]any{"Brand": s.Brand, "Phone": s.Phone, "Email": s.Email,
		"Tel": strings.ReplaceAll(s.Phone, " ", ""), "Blocks": blocks})
	return out.String(), err
}

// Date formats a date as the e-mails and exports show it: dd-MM-yyyy.
func Date(t time.Time) string { return t.Format("02-01-2006") }
