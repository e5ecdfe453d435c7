package identity

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// fakeKratos stands in for Kratos's public API: it records what reaches it and answers 200, or,
// for Kratos's /admin/ paths, the 307 to its admin address that the real one sends.
type fakeKratos struct {
	*httptest.Server
	mu       sync.Mutex
	received []string // method, path and body of each request
}

func newFakeKratos(t testing.TB) (*fakeKratos, *Kratos) {
	t.Helper()
	f := &fakeKratos{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.received = append(f.received, r.Method+" "+r.URL.Path+" "+string(body))
		f.mu.Unlock()
		if strings.HasPrefix(r.URL.Path, "/admin/") || r.URL.Path == "/redirect-to-admin" {
			http.Redirect(w, r, "http://127.0.0.1:4434"+r.URL.Path, http.StatusTemporaryRedirect)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"state":"sent_email"}`))
	}))
	t.Cleanup(f.Close)
	k, err := NewKratos(f.URL, "http://127.0.0.1:4434")
	if err != nil {
		t.Fatal(err)
	}
	return f, k
}

func (f *fakeKratos) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.received)
}

type proxyResult struct {
	status int
	header http.Header
	err    httpapi.ErrorDetail
}

func send(h http.Handler, method, target, ip, contentType, body string) proxyResult {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if body == "" {
		r = httptest.NewRequest(method, target, nil)
	}
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	r.RemoteAddr = ip + ":5000"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var e httpapi.ErrorBody
	_ = json.Unmarshal(w.Body.Bytes(), &e)
	return proxyResult{w.Code, w.Header(), e.Error}
}

func generous() LoginLimits {
	return LoginLimits{PerIP: httpapi.NewLimiter(1000, time.Minute), PerAccount: httpapi.NewLimiter(1000, time.Minute),
		MailPerIP: httpapi.NewLimiter(1000, time.Minute), MailPerAccount: httpapi.NewLimiter(1000, time.Minute)}
}

// Kratos's admin paths, and anything else browsers do not need, answer 404 and never reach
// Kratos; a redirect to Kratos's own address never reaches the browser either.
func TestProxyHidesKratosAdmin(t *testing.T) {
	fake, k := newFakeKratos(t)
	h := NewProxy(k, nil, generous())
	for _, p := range []string{"/.ory/admin/identities", "/.ory/admin/courier/messages", "/.ory/identities", "/.ory/identities/x/credentials/password",
		"/.ory/recovery/code", "/.ory/sessions", "/.ory/schemas/klusmaat", "/.ory/health/ready", "/.ory//admin/identities",
		"/.ory/self-service/../admin/identities", "/.ory/self-service/login/", "/.ory/", "/.ory/Admin/identities"} {
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
			res := send(h, m, p, "10.0.0.1", "", "")
			if res.status != http.StatusNotFound || res.header.Get("Location") != "" || res.err.Message != "Deze pagina bestaat niet." {
				t.Errorf("%s %s: %d %v %+v", m, p, res.status, res.header, res.err)
			}
		}
	}
	if n := fake.count(); n != 0 {
		t.Fatalf("%d hidden requests reached Kratos: %v", n, fake.received)
	}
	// The flows pass.
	for _, p := range []string{"/.ory/self-service/login/browser", "/.ory/sessions/whoami", "/.ory/self-service/recovery/flows?id=x"} {
		if res := send(h, http.MethodGet, p, "10.0.0.1", "", ""); res.status != http.StatusOK {
			t.Errorf("GET %s: %d", p, res.status)
		}
	}
}

// Whatever path makes Kratos redirect to its own address, the browser gets our 404 instead.
func TestProxyNeverForwardsKratosAddresses(t *testing.T) {
	fake, k := newFakeKratos(t)
	h := NewProxy(k, nil, generous())
	// A path the allow-list lets through, answered by a redirect to the admin address.
	fake.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target := "http://127.0.0.1:4434/admin/identities"
		if r.URL.Query().Get("to") == "public" {
			target = fake.URL + "/self-service/login/browser"
		}
		if r.URL.Query().Get("to") == "site" {
			target = "http://localhost:8080/auth?flow=1"
		}
		http.Redirect(w, r, target, http.StatusSeeOther)
	})
	for to, want := range map[string]int{"admin": http.StatusNotFound, "public": http.StatusNotFound, "site": http.StatusSeeOther} {
		res := send(h, http.MethodGet, "/.ory/self-service/login/browser?to="+to, "10.0.0.1", "", "")
		if res.status != want || strings.Contains(res.header.Get("Location"), "127.0.0.1") {
			t.Errorf("redirect to %s: %d %v", to, res.status, res.header)
		}
	}
}

// The sign-in limit reads the account as Kratos will: whatever the spelling of the media type,
// from a form as well, and under password_identifier too; a second spelling of the field is
// refused rather than letting the limit and Kratos read different accounts.
func TestProxySignInLimitReadsTheAccountAsKratos(t *testing.T) {
	fake, k := newFakeKratos(t)
	limits := generous()
	limits.PerAccount = httpapi.NewLimiter(3, time.Minute)
	h := NewProxy(k, nil, limits)
	const victim = "slachtoffer@example.nl"
	attempts := []struct{ ct, body string }{
		{"Application/JSON", `{"method":"password","identifier":"` + victim + `","password":"gok-1"}`},
		{"application/x-www-form-urlencoded; charset=UTF-8", "method=password&identifier=" + url.QueryEscape(strings.ToUpper(victim)) + "&password=gok-2"},
		{"application/json", `{"method":"password","password_identifier":" ` + victim + `","password":"gok-3"}`},
	}
	for i, a := range attempts {
		if res := send(h, http.MethodPost, "/.ory/self-service/login?flow=f", "10.0.0.1", a.ct, a.body); res.status != http.StatusOK {
			t.Fatalf("attempt %d: %d %+v", i+1, res.status, res.err)
		}
	}
	res := send(h, http.MethodPost, "/.ory/self-service/login?flow=f", "10.0.0.2", "APPLICATION/JSON; charset=utf-8", `{"method":"password","identifier":"`+victim+`","password":"gok-4"}`)
	if res.status != http.StatusTooManyRequests || res.err.Message != tooManyLogins || res.header.Get("Retry-After") == "" {
		t.Fatalf("fourth attempt: %d %+v", res.status, res.err)
	}

	// Ways to make the limit and Kratos read two different accounts: refused, never forwarded.
	before := fake.count()
	for name, a := range map[string]struct{ ct, target, body string }{
		"case variant":                   {"application/json", "", `{"method":"password","identifier":"` + victim + `","IDENTIFIER":"ander@example.nl","password":"x"}`},
		"case variant alone":             {"application/json", "", `{"method":"password","Identifier":"` + victim + `","password":"x"}`},
		"key twice":                      {"application/json", "", `{"method":"password","identifier":"ander@example.nl","identifier":"` + victim + `","password":"x"}`},
		"escaped key twice":              {"application/json", "", `{"identifier":"ander@example.nl","\u0069dentifier":"` + victim + `","password":"x"}`},
		"form key twice":                 {"application/x-www-form-urlencoded", "", "identifier=ander%40example.nl&identifier=" + url.QueryEscape(victim) + "&password=x"},
		"form case variant":              {"application/x-www-form-urlencoded", "", "IDENTIFIER=ander%40example.nl&identifier=" + url.QueryEscape(victim)},
		"query and body":                 {"application/json", "&identifier=ander%40example.nl", `{"identifier":"` + victim + `","password":"x"}`},
		"both identifier fields":         {"application/json", "", `{"identifier":"ander@example.nl","password_identifier":"` + victim + `","password":"x"}`},
		"identifier as a number":         {"application/json", "", `{"identifier":31612345678,"password":"x"}`},
		"identifier as an object":        {"application/json", "", `{"identifier":{"a":"` + victim + `"},"password":"x"}`},
		"two media types":                {"text/plain, application/json", "", `{"identifier":"` + victim + `","password":"x"}`},
		"multipart":                      {"multipart/form-data; boundary=b", "", "--b\r\nContent-Disposition: form-data; name=\"identifier\"\r\n\r\n" + victim + "\r\n--b--\r\n"},
		"no media type":                  {"", "", `{"identifier":"` + victim + `"}`},
		"trailing data":                  {"application/json", "", `{"identifier":"ander@example.nl"} {"identifier":"` + victim + `"}`},
		"not an object":                  {"application/json", "", `["` + victim + `"]`},
		"U+0000 in the identifier":       {"application/json", "", `{"identifier":"` + victim + `\u0000","password":"x"}`},
		"U+0000 in another field":        {"application/json", "", `{"identifier":"a@b.nl","password":"x","transient_payload":{"a":"\u0000"}}`},
		"invalid UTF-8":                  {"application/json", "", "{\"identifier\":\"" + victim + "\xff\",\"password\":\"x\"}"},
		"control character in the query": {"application/json", "&x=%00", `{"identifier":"a@b.nl"}`},
	} {
		res := send(h, http.MethodPost, "/.ory/self-service/login?flow=f"+a.target, "10.0.0.3", a.ct, a.body)
		if res.status != http.StatusBadRequest && res.status != http.StatusUnsupportedMediaType || res.err.Message == "" {
			t.Errorf("%s: %d %+v", name, res.status, res.err)
		}
	}
	if n := fake.count(); n != before {
		t.Fatalf("%d refused submissions reached Kratos", n-before)
	}
	// Another account from the same address is not blocked by this one's limit.
	if res := send(h, http.MethodPost, "/.ory/self-service/login?flow=f", "10.0.0.2", "application/json", `{"method":"password","identifier":"ander@example.nl","password":"x"}`); res.status != http.StatusOK {
		t.Fatalf("other account: %d %+v", res.status, res.err)
	}
}

// Recovery, verification and sign-in code e-mails are limited per account (the address in the
// form) and per client address, with a Dutch message; entering the code is not counted.
func TestProxyLimitsCodeEmails(t *testing.T) {
	fake, k := newFakeKratos(t)
	limits := generous()
	limits.MailPerAccount = httpapi.NewLimiter(3, time.Hour)
	limits.MailPerIP = httpapi.NewLimiter(5, time.Hour)
	h := NewProxy(k, nil, limits)
	const victim = "slachtoffer@example.nl"
	asks := []struct{ path, ct, body string }{
		{"/.ory/self-service/recovery?flow=r", "application/json", `{"method":"code","email":"` + victim + `"}`},
		{"/.ory/self-service/verification?flow=v", "application/x-www-form-urlencoded", "method=code&email=" + url.QueryEscape(strings.ToUpper(victim))},
		{"/.ory/self-service/login?flow=l", "application/json", `{"method":"code","identifier":"` + victim + `"}`},
	}
	for i, a := range asks {
		if res := send(h, http.MethodPost, a.path, "10.0.0.1", a.ct, a.body); res.status != http.StatusOK {
			t.Fatalf("code e-mail %d: %d %+v", i+1, res.status, res.err)
		}
	}
	// From any address, by any flow or method, the account has had its three.
	for name, a := range map[string]struct{ method, path, ct, body string }{
		"recovery":                     {http.MethodPost, "/.ory/self-service/recovery?flow=r", "application/json", `{"method":"code","email":"` + victim + `"}`},
		"verification by GET":          {http.MethodGet, "/.ory/self-service/verification?flow=v&method=code&email=" + url.QueryEscape(victim), "", ""},
		"recovery, email in the query": {http.MethodPost, "/.ory/self-service/recovery?flow=r&email=" + url.QueryEscape(victim), "application/json", `{"method":"code"}`},
	} {
		res := send(h, a.method, a.path, "10.0.0.9", a.ct, a.body)
		if res.status != http.StatusTooManyRequests || res.err.Message != tooManyMails {
			t.Errorf("%s: %d %+v", name, res.status, res.err)
		}
	}
	// Entering the code from the e-mail is not an e-mail.
	if res := send(h, http.MethodPost, "/.ory/self-service/recovery?flow=r", "10.0.0.1", "application/json", `{"method":"code","code":"123456"}`); res.status != http.StatusOK {
		t.Fatalf("entering the code: %d %+v", res.status, res.err)
	}
	// One address asking codes for many accounts stops at its own limit.
	for i := range 4 {
		res := send(h, http.MethodPost, "/.ory/self-service/recovery?flow=r", "10.0.0.1", "application/json", `{"method":"code","email":"iemand-`+string(rune('a'+i))+`@example.nl"}`)
		want := http.StatusOK
		if i >= 2 { // the address already asked 3 of its 5
			want = http.StatusTooManyRequests
		}
		if res.status != want {
			t.Errorf("account %d from one address: %d %+v", i+1, res.status, res.err)
		}
	}
	if n := fake.count(); n != 3+1+2 {
		t.Fatalf("%d requests reached Kratos, want 6: %v", n, fake.received)
	}
}
