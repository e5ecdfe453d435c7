package identity

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// FuzzProxy drives the /.ory/ proxy (Kratos stood in for by a server that answers 200) with any
// method, path, media type and body: it answers no 5xx of its own and never panics.
func FuzzProxy(f *testing.F) {
	_, k := newFakeKratos(f)
	h := NewProxy(k, nil, generous())
	for _, s := range [][4]string{
		{"POST", "self-service/login?flow=x", "application/json", `{"method":"password","identifier":"a@b.nl","password":"x"}`},
		{"POST", "self-service/login?flow=x", "Application/JSON", `{"identifier":"a@b.nl","IDENTIFIER":"c@d.nl"}`},
		{"POST", "self-service/recovery?flow=x&email=a%40b.nl", "application/x-www-form-urlencoded", "method=code&email=c%40d.nl"},
		{"GET", "self-service/verification?flow=x&email=a%40b.nl&method=code", "", ""},
		{"GET", "admin/identities", "", ""},
		{"POST", "self-service/login?flow=%zz", "application/json", `{}`},
		{"POST", "self-service/LOGIN", "text/plain, application/json", `{"identifier":1}`},
		{"PATCH", "self-service/settings?flow=x", "application/json", `{"traits":{"email":"\u0000"}}`},
	} {
		f.Add(s[0], s[1], s[2], []byte(s[3]))
	}
	f.Fuzz(func(t *testing.T, method, target, contentType string, body []byte) {
		u, err := url.Parse(ProxyPrefix + "/" + target)
		if err != nil || !strings.HasPrefix(u.Path, ProxyPrefix+"/") {
			return
		}
		// net/http answers 400 itself to a header value with control characters; such a request
		// never reaches the proxy (and Go's client would not send it on to Kratos either).
		if strings.ContainsFunc(contentType, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
			return
		}
		r, err := http.NewRequest(method, u.String(), bytes.NewReader(body))
		if err != nil {
			return
		}
		r.RequestURI, r.RemoteAddr = u.RequestURI(), "10.0.0.1:5000"
		r.Header.Set("Content-Type", contentType)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("%s %s (%s, %q): %d %s", method, u, contentType, body, w.Code, w.Body.String())
		}
		if loc := w.Header().Get("Location"); strings.Contains(loc, "4434") {
			t.Fatalf("%s %s: Location %q", method, u, loc)
		}
	})
}

// FuzzReadFlowForm: whenever the limits accept a submission, the account they read is the one
// encoding/json or a form parser reads too, however the body spells it; so nothing can make the
// limit count one account while Kratos signs in another (the IDENTIFIER trick).
func FuzzReadFlowForm(f *testing.F) {
	for _, s := range [][3]string{
		{"application/json", "flow=x", `{"method":"password","identifier":"a@b.nl","password":"x"}`},
		{"application/json", "flow=x", `{"identifier":"a@b.nl","IDENTIFIER":"c@d.nl"}`},
		{"application/json", "flow=x", `{"identifier":"a@b.nl","\u0069dentifier":"c@d.nl"}`},
		{"application/json", "flow=x", `{"Identifier":"a@b.nl"}`},
		{"application/json", "flow=x", `{"password_identifier":"a@b.nl"}`},
		{"application/x-www-form-urlencoded", "flow=x", "identifier=a%40b.nl&IDENTIFIER=c%40d.nl"},
		{"application/x-www-form-urlencoded", "flow=x&identifier=c%40d.nl", "identifier=a%40b.nl"},
		{"Application/Json; charset=utf-8", "flow=x", `{"identifier":"A@B.NL "}`},
	} {
		f.Add(s[0], s[1], []byte(s[2]))
	}
	f.Fuzz(func(t *testing.T, contentType, query string, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/.ory/self-service/login", bytes.NewReader(body))
		r.URL.RawQuery = query
		r.Header.Set("Content-Type", contentType)
		form, err := readFlowForm(r)
		if err != nil {
			if err.Status >= 500 || err.Message == "" {
				t.Fatalf("refusal %+v", err)
			}
			return
		}
		// The body is put back whole for Kratos.
		var restored bytes.Buffer
		if _, _ = restored.ReadFrom(r.Body); !bytes.Equal(restored.Bytes(), body) {
			t.Fatalf("body not restored")
		}
		var viaJSON struct {
			Identifier         *string `json:"identifier"`
			PasswordIdentifier *string `json:"password_identifier"`
		}
		mt := strings.ToLower(strings.TrimSpace(strings.Split(contentType, ";")[0]))
		var other string
		switch mt {
		case "application/json":
			if json.Unmarshal(body, &viaJSON) != nil {
				t.Fatalf("accepted %q, which encoding/json cannot read", body)
			}
			if viaJSON.Identifier != nil {
				other = *viaJSON.Identifier
			} else if viaJSON.PasswordIdentifier != nil {
				other = *viaJSON.PasswordIdentifier
			}
		case "application/x-www-form-urlencoded":
			v, _ := url.ParseQuery(string(body))
			other = v.Get("identifier")
			if other == "" {
				other = v.Get("password_identifier")
			}
		}
		if q, _ := url.ParseQuery(query); q.Get("identifier") != "" {
			other = q.Get("identifier") // accepted only when the body names no account
		}
		if form.account("login") != strings.ToLower(strings.TrimSpace(other)) {
			t.Fatalf("limit reads %q, the body says %q (%s %q %q)", form.account("login"), other, contentType, query, body)
		}
		if !httpapi.TextOK(form.account("login"), false) {
			t.Fatalf("accepted account %q", form.account("login"))
		}
	})
}
