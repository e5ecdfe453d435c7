package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/tenants"
)

func errorMessage(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

// Kratos's public API redirects /admin/* (and /identities) to its admin address; through the
// proxy those paths answer 404, and the internal address never reaches the browser.
func TestKratosAdminPathsAreHidden(t *testing.T) {
	s := newAuthServer(t, nil)
	b := kratostest.NewBrowser(t, s.URL)
	for _, p := range []string{"/.ory/admin/identities", "/.ory/admin/courier/messages", "/.ory/identities", "/.ory/admin/identities/00000000-0000-0000-0000-000000000000"} {
		req, _ := http.NewRequest(http.MethodGet, s.URL+p, nil)
		resp, err := b.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || resp.Header.Get("Location") != "" {
			t.Errorf("%s: %d, Location %q", p, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	// The flows still work.
	b.StartFlow("login", "")
}

// The per-account sign-in limit holds against the real Kratos whichever way the request spells
// its media type or names the account, and a second spelling of the field is refused: the limit
// and Kratos always read the same account.
func TestSignInLimitCannotBeSidestepped(t *testing.T) {
	limits := &identity.LoginLimits{PerIP: httpapi.NewLimiter(100, time.Minute), PerAccount: httpapi.NewLimiter(3, time.Minute)}
	s := newAuthServer(t, limits)
	email, _ := s.account(t, tenants.Klusser, "den-haag")
	b := kratostest.NewBrowser(t, s.URL)
	guess := func(contentType string, form func(csrf string) string) (int, map[string]any) {
		f := b.StartFlow("login", "")
		return b.Do(http.MethodPost, "/.ory/self-service/login?flow="+f.ID(), json.RawMessage(form(f.CSRF())), "Content-Type", contentType)
	}
	// Three wrong guesses, each spelled differently, all reach Kratos and all count.
	for i, g := range []struct {
		ct   string
		form func(csrf string) string
	}{
		{"Application/JSON", func(c string) string {
			return `{"method":"password","identifier":"` + email + `","password":"Verkeerd-1","csrf_token":"` + c + `"}`
		}},
		{"APPLICATION/JSON; charset=UTF-8", func(c string) string {
			return `{"method":"password","identifier":"` + strings.ToUpper(email) + `","password":"Verkeerd-2","csrf_token":"` + c + `"}`
		}},
		{"application/json", func(c string) string {
			return `{"method":"password","password_identifier":"` + email + `","password":"Verkeerd-3","csrf_token":"` + c + `"}`
		}},
	} {
		if status, body := guess(g.ct, g.form); status != http.StatusBadRequest || errorMessage(body) != "" {
			t.Fatalf("guess %d should reach Kratos and fail there: %d %v", i+1, status, body)
		}
	}
	// The right password now: the account has had its three attempts.
	status, body := guess("application/json", func(c string) string {
		return `{"method":"password","identifier":"` + email + `","password":"` + password + `","csrf_token":"` + c + `"}`
	})
	if status != http.StatusTooManyRequests || !strings.Contains(errorMessage(body), "Te veel inlogpogingen") {
		t.Fatalf("fourth attempt: %d %v", status, body)
	}
	// Naming another account to the limit and this one to Kratos is refused before Kratos.
	other, _ := s.account(t, tenants.Klusser, "utrecht")
	for name, form := range map[string]string{
		"IDENTIFIER beside identifier": `{"method":"password","identifier":"` + email + `","IDENTIFIER":"` + other + `","password":"` + password + `","csrf_token":"%s"}`,
		"identifier twice":             `{"method":"password","identifier":"` + email + `","identifier":"` + other + `","password":"` + password + `","csrf_token":"%s"}`,
		"both identifier fields":       `{"method":"password","identifier":"` + other + `","password_identifier":"` + email + `","password":"` + password + `","csrf_token":"%s"}`,
	} {
		status, body := guess("application/json", func(c string) string { return strings.Replace(form, "%s", c, 1) })
		if status != http.StatusBadRequest || !strings.Contains(errorMessage(body), "meer dan één keer") && !strings.Contains(errorMessage(body), "twee keer") {
			t.Errorf("%s: %d %v", name, status, body)
		}
	}
	// The other account itself signs in normally.
	if status, _ := b.Login(other, password); status != http.StatusOK {
		t.Fatalf("other account: %d", status)
	}
}

// Recovery codes to one account are limited: after the allowance the answer is 429 with a Dutch
// message and no further e-mail is sent (it used to send a code for every request).
func TestRecoveryEmailsAreLimitedPerAccount(t *testing.T) {
	_, api := jobstest.MailDev(t)
	limits := &identity.LoginLimits{PerIP: httpapi.NewLimiter(100, time.Minute), PerAccount: httpapi.NewLimiter(100, time.Minute),
		MailPerIP: httpapi.NewLimiter(100, time.Hour), MailPerAccount: httpapi.NewLimiter(2, time.Hour)}
	s := newAuthServer(t, limits)
	email, _ := s.account(t, tenants.Klusser, "den-haag")
	for i := range 4 {
		b := kratostest.NewBrowser(t, s.URL) // a fresh browser each time, as a script would be
		f := b.StartFlow("recovery", "")
		addr := email
		if i%2 == 1 {
			addr = " " + strings.ToUpper(email) // Kratos finds the same account
		}
		status, body := b.Submit("recovery", f, map[string]any{"method": "code", "email": addr})
		switch {
		case i < 2 && (status != http.StatusOK || body["state"] != "sent_email"):
			t.Fatalf("code %d: %d %v", i+1, status, body)
		case i >= 2 && (status != http.StatusTooManyRequests || !strings.Contains(errorMessage(body), "Te veel e-mails met een code")):
			t.Fatalf("code %d: %d %v", i+1, status, body)
		}
	}
	jobstest.WaitForMails(t, api, email, 2, 20*time.Second)
	time.Sleep(2 * time.Second) // a third e-mail, if one were sent, would have arrived by now
	if mails := jobstest.MailsTo(t, api, email); len(mails) != 2 {
		t.Fatalf("%d recovery e-mails sent, want 2", len(mails))
	}
}

// A control character in a settings form is refused by the proxy with a Dutch field message;
// Kratos used to pass U+0000 on to PostgreSQL and show its internal error.
func TestSettingsRefuseControlCharacters(t *testing.T) {
	s := newAuthServer(t, nil)
	email, _ := s.account(t, tenants.Admin)
	b := kratostest.NewBrowser(t, s.URL)
	if status, _ := b.Login(email, password); status != http.StatusOK {
		t.Fatalf("login: %d", status)
	}
	f := b.StartFlow("settings", "")
	status, body := b.Do(http.MethodPost, "/.ory/self-service/settings?flow="+f.ID(),
		json.RawMessage(`{"method":"profile","csrf_token":"`+f.CSRF()+`","traits":{"email":"`+email+`","name":"Jan\u0000"}}`))
	if status != http.StatusBadRequest || !strings.Contains(errorMessage(body), "teken dat niet is toegestaan") {
		t.Fatalf("NUL in the name: %d %v", status, body)
	}
	// A plain name is still saved.
	status, body = b.Do(http.MethodPost, "/.ory/self-service/settings?flow="+f.ID(),
		json.RawMessage(`{"method":"profile","csrf_token":"`+f.CSRF()+`","traits":{"email":"`+email+`","name":"Jan Jansen"}}`))
	if status != http.StatusOK {
		t.Fatalf("plain name: %d %v", status, body)
	}
}
