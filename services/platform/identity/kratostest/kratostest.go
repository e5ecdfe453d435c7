// Package kratostest drives a real Ory Kratos (the test instance `make test` starts) the way a
// browser does: self-service flows through the server's /.ory/ proxy, with a cookie jar. Set
// KLUSMAAT_TEST_KRATOS_PUBLIC_URL and KLUSMAAT_TEST_KRATOS_ADMIN_URL; without them the tests skip,
// unless KLUSMAAT_REQUIRE_DB=1 makes that a failure.
package kratostest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/identity"
)

// Kratos returns clients for the test Kratos.
func Kratos(t testing.TB) *identity.Kratos {
	t.Helper()
	pub, adm := os.Getenv("KLUSMAAT_TEST_KRATOS_PUBLIC_URL"), os.Getenv("KLUSMAAT_TEST_KRATOS_ADMIN_URL")
	if pub == "" || adm == "" {
		if os.Getenv("KLUSMAAT_REQUIRE_DB") == "1" {
			t.Fatal("kratostest: KLUSMAAT_TEST_KRATOS_PUBLIC_URL and _ADMIN_URL must be set")
		}
		t.Skip("kratostest: no test Kratos configured (run make test)")
	}
	k, err := identity.NewKratos(pub, adm)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Browser is a cookie-keeping client of one site (the server under test).
type Browser struct {
	t    testing.TB
	Base string
	HTTP *http.Client
}

// NewBrowser returns a browser with an empty cookie jar.
func NewBrowser(t testing.TB, base string) *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{t: t, Base: base, HTTP: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// Do sends a JSON request (body may be nil) and returns the status and decoded JSON answer.
func (b *Browser) Do(method, path string, body any, header ...string) (int, map[string]any) {
	b.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, b.Base+path, rd)
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := b.HTTP.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := map[string]any{}
	_ = json.Unmarshal(raw, &out)
	return resp.StatusCode, out
}

// Flow is a Kratos self-service flow as JSON.
type Flow map[string]any

// ID is the flow's id.
func (f Flow) ID() string { s, _ := f["id"].(string); return s }

// Nodes are the flow's UI nodes.
func (f Flow) Nodes() []map[string]any {
	ui, _ := f["ui"].(map[string]any)
	raw, _ := ui["nodes"].([]any)
	var out []map[string]any
	for _, n := range raw {
		if m, ok := n.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// Attr returns the attributes of the node whose name (input) or id (text, img) is key.
func (f Flow) Attr(key string) map[string]any {
	for _, n := range f.Nodes() {
		a, _ := n["attributes"].(map[string]any)
		if a["name"] == key || a["id"] == key {
			return a
		}
	}
	return nil
}

// CSRF is the flow's CSRF token.
func (f Flow) CSRF() string {
	v, _ := f.Attr("csrf_token")["value"].(string)
	return v
}

// MessageIDs lists the ids of the flow's messages, global and per node.
func (f Flow) MessageIDs() []float64 {
	var ids []float64
	collect := func(list any) {
		items, _ := list.([]any)
		for _, m := range items {
			if mm, ok := m.(map[string]any); ok {
				if id, ok := mm["id"].(float64); ok {
					ids = append(ids, id)
				}
			}
		}
	}
	ui, _ := f["ui"].(map[string]any)
	collect(ui["messages"])
	for _, n := range f.Nodes() {
		collect(n["messages"])
	}
	return ids
}

// StartFlow begins a browser flow (login, settings, recovery, ...) through the proxy.
func (b *Browser) StartFlow(kind, query string) Flow {
	b.t.Helper()
	status, body := b.Do(http.MethodGet, "/.ory/self-service/"+kind+"/browser"+query, nil)
	if status != http.StatusOK {
		b.t.Fatalf("start %s flow: %d %v", kind, status, body)
	}
	return Flow(body)
}

// Submit posts a flow's form; the CSRF token is added. It returns the status and answer.
func (b *Browser) Submit(kind string, f Flow, form map[string]any) (int, map[string]any) {
	b.t.Helper()
	form["csrf_token"] = f.CSRF()
	return b.Do(http.MethodPost, "/.ory/self-service/"+kind+"?flow="+f.ID(), form)
}

// Login signs in with a password and returns the status of the submission.
func (b *Browser) Login(email, password string) (int, Flow) {
	b.t.Helper()
	f := b.StartFlow("login", "")
	status, body := b.Submit("login", f, map[string]any{"method": "password", "identifier": email, "password": password})
	return status, Flow(body)
}

// SecondFactor completes an aal2 login with method totp (value: code) or lookup_secret.
func (b *Browser) SecondFactor(method, value string) (int, Flow) {
	b.t.Helper()
	f := b.StartFlow("login", "?aal=aal2")
	field := map[string]string{"totp": "totp_code", "lookup_secret": "lookup_secret"}[method]
	status, body := b.Submit("login", f, map[string]any{"method": method, field: value})
	return status, Flow(body)
}

// Logout ends the session the way the front ends do.
func (b *Browser) Logout() int {
	b.t.Helper()
	status, body := b.Do(http.MethodGet, "/.ory/self-service/logout/browser", nil)
	if status != http.StatusOK {
		return status
	}
	token, _ := body["logout_token"].(string)
	status, _ = b.Do(http.MethodGet, "/.ory/self-service/logout?token="+token, nil)
	return status
}

// Text returns the text of a text node (such as totp_secret_key or lookup_secret_codes).
func (f Flow) Text(id string) string {
	a := f.Attr(id)
	text, _ := a["text"].(map[string]any)
	if ctx, ok := text["context"].(map[string]any); ok {
		if secrets, ok := ctx["secrets"].([]any); ok {
			var codes []string
			for _, s := range secrets {
				if m, ok := s.(map[string]any); ok {
					if c, ok := m["text"].(string); ok {
						codes = append(codes, c)
					}
				}
			}
			if len(codes) > 0 {
				return strings.Join(codes, ",")
			}
		}
		if secret, ok := ctx["secret"].(string); ok {
			return secret
		}
	}
	s, _ := text["text"].(string)
	return s
}
