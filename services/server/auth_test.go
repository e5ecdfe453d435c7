package server_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pquerna/otp/totp"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

const password = "Lange-Test-Zin-2026"

type authServer struct {
	*httptest.Server
	kratos   *identity.Kratos
	accounts accounts.Service
	adminCtx context.Context
}

// newAuthServer runs the real server with the real test Kratos and a fresh database.
func newAuthServer(t *testing.T, limits *identity.LoginLimits) *authServer {
	t.Helper()
	d := dbtest.New(t)
	k := kratostest.Kratos(t)
	enf, err := policy.New()
	if err != nil {
		t.Fatal(err)
	}
	if limits == nil {
		limits = &identity.LoginLimits{PerIP: httpapi.NewLimiter(10000, time.Minute), PerAccount: httpapi.NewLimiter(10000, time.Minute)}
	}
	sessions := identity.NewSessions(k, d.DB, identity.DefaultCookie, identity.DefaultCacheTTL)
	h, _ := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: slog.Default(), Site: web.Site{Brand: "Klusmaat"},
		Kratos: k, Sessions: sessions, LoginLimits: limits})
	ts := httptest.NewServer(servertest.Checked(t, h))
	t.Cleanup(ts.Close)
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	return &authServer{Server: ts, kratos: k, accounts: accounts.NewService(k, d.DB), adminCtx: tenants.WithActor(context.Background(), admin)}
}

// newAuthServerFor gives the account helpers for an existing database and Kratos (benchmarks).
func newAuthServerFor(t testing.TB, d *dbtest.Database, k *identity.Kratos) *authServer {
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	return &authServer{kratos: k, accounts: accounts.NewService(k, d.DB), adminCtx: tenants.WithActor(context.Background(), admin)}
}

func uniqueEmail(prefix string) string {
	return prefix + "-" + strings.ReplaceAll(uuid.NewString()[:13], "-", "") + "@example.nl"
}

func (s *authServer) account(t testing.TB, role tenants.Role, regions ...string) (string, uuid.UUID) {
	t.Helper()
	email := uniqueEmail(string(role))
	id, err := s.accounts.Create(s.adminCtx, accounts.NewAccount{Email: email, Naam: "Test " + string(role), Password: password, Role: role, Regions: regions})
	if err != nil {
		t.Fatalf("create %s account: %v", role, err)
	}
	t.Cleanup(func() { _ = s.accounts.Delete(s.adminCtx, id) })
	return email, id
}

func TestPasswordLoginPerRole(t *testing.T) {
	s := newAuthServer(t, nil)
	cases := []struct {
		role    tenants.Role
		regions []string
	}{
		{tenants.Admin, nil},
		{tenants.Franchise, []string{"den-haag"}},
		{tenants.Klusser, []string{"utrecht"}},
	}
	for _, c := range cases {
		t.Run(string(c.role), func(t *testing.T) {
			email, id := s.account(t, c.role, c.regions...)
			b := kratostest.NewBrowser(t, s.URL)
			if status, body := b.Do(http.MethodGet, "/api/v1/me", nil); status != http.StatusUnauthorized {
				t.Fatalf("before sign-in: %d %v", status, body)
			}
			if status, flow := b.Login(email, password); status != http.StatusOK {
				t.Fatalf("login: %d %v", status, flow)
			}
			status, me := b.Do(http.MethodGet, "/api/v1/me", nil)
			if status != http.StatusOK {
				t.Fatalf("me: %d %v", status, me)
			}
			if me["id"] != id.String() || me["role"] != string(c.role) || me["email"] != email || me["aal"] != "aal1" || me["mfa_enrolled"] != false {
				t.Fatalf("me = %v", me)
			}
			var regions []string
			for _, r := range me["regions"].([]any) {
				regions = append(regions, r.(string))
			}
			if !slices.Equal(regions, c.regions) { // admins: none
				t.Fatalf("regions %v, want %v", regions, c.regions)
			}
		})
	}

	t.Run("signed in without a role", func(t *testing.T) {
		email := uniqueEmail("norole")
		id, err := s.accounts.EnsureIdentity(context.Background(), email, "Zonder Rol", password)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.accounts.Delete(s.adminCtx, id) })
		b := kratostest.NewBrowser(t, s.URL)
		b.Login(email, password)
		status, me := b.Do(http.MethodGet, "/api/v1/me", nil)
		if status != http.StatusOK || me["role"] != "authenticated" || len(me["roles"].([]any)) != 0 {
			t.Fatalf("me without role: %d %v", status, me)
		}
	})
}

func TestWrongPasswordAndUnknownUser(t *testing.T) {
	s := newAuthServer(t, nil)
	email, _ := s.account(t, tenants.Klusser, "den-haag")
	for _, c := range []struct{ email, pw string }{{email, "Helemaal-Fout-123"}, {uniqueEmail("niemand"), password}} {
		b := kratostest.NewBrowser(t, s.URL)
		status, flow := b.Login(c.email, c.pw)
		// Kratos answers 400 with message 4000006 (invalid credentials), the same for both, so the
		// answer does not tell whether an account exists.
		if status != http.StatusBadRequest || !slices.Contains(flow.MessageIDs(), 4000006) {
			t.Fatalf("login %s: %d %v", c.email, status, flow.MessageIDs())
		}
		if status, _ := b.Do(http.MethodGet, "/api/v1/me", nil); status != http.StatusUnauthorized {
			t.Fatalf("me after failed login: %d", status)
		}
	}
}

// D15: TOTP enrolment, a sign-in that needs the code, and a recovery code instead of the code.
func TestTOTPAndRecoveryCodes(t *testing.T) {
	s := newAuthServer(t, nil)
	email, _ := s.account(t, tenants.Admin)
	b := kratostest.NewBrowser(t, s.URL)
	if status, _ := b.Login(email, password); status != http.StatusOK {
		t.Fatalf("login: %d", status)
	}

	// Enrol TOTP with a code generated here from the secret Kratos shows.
	settings := b.StartFlow("settings", "")
	secret := settings.Text("totp_secret_key")
	if secret == "" {
		t.Fatalf("no TOTP secret in the settings flow")
	}
	code, _ := totp.GenerateCode(secret, time.Now())
	if status, body := b.Submit("settings", settings, map[string]any{"method": "totp", "totp_code": code}); status != http.StatusOK {
		t.Fatalf("enrol totp: %d %v", status, body)
	}
	// Recovery codes: generate, then confirm.
	settings = b.StartFlow("settings", "")
	status, body := b.Submit("settings", settings, map[string]any{"method": "lookup_secret", "lookup_secret_regenerate": true})
	if status != http.StatusOK {
		t.Fatalf("regenerate recovery codes: %d %v", status, body)
	}
	codes := strings.Split(kratostest.Flow(body).Text("lookup_secret_codes"), ",")
	if len(codes) < 5 {
		t.Fatalf("recovery codes %v", codes)
	}
	if status, body := b.Submit("settings", kratostest.Flow(body), map[string]any{"method": "lookup_secret", "lookup_secret_confirm": true}); status != http.StatusOK {
		t.Fatalf("confirm recovery codes: %d %v", status, body)
	}
	if status := b.Logout(); status != http.StatusNoContent {
		t.Fatalf("logout: %d", status)
	}

	// Password alone is no longer enough: Kratos sends the browser on to the second factor ...
	if status, flow := b.Login(email, password); status != http.StatusUnprocessableEntity ||
		!strings.Contains(flow["redirect_browser_to"].(string), "aal=aal2") {
		t.Fatalf("password step: %d %v", status, flow)
	}
	// ... and the API refuses the aal1 session meanwhile.
	status, me := b.Do(http.MethodGet, "/api/v1/me", nil)
	if status != http.StatusForbidden || me["error"].(map[string]any)["code"] != "mfa_required" {
		t.Fatalf("me with password only: %d %v", status, me)
	}
	// A wrong code is refused, a right one lets the user in at aal2.
	if status, flow := b.SecondFactor("totp", "000000"); status != http.StatusBadRequest || !slices.Contains(flow.MessageIDs(), 4000008) {
		t.Fatalf("wrong totp: %d %v", status, flow.MessageIDs())
	}
	code, _ = totp.GenerateCode(secret, time.Now())
	if status, flow := b.SecondFactor("totp", code); status != http.StatusOK {
		t.Fatalf("totp: %d %v", status, flow)
	}
	status, me = b.Do(http.MethodGet, "/api/v1/me", nil)
	if status != http.StatusOK || me["aal"] != "aal2" || me["mfa_enrolled"] != true {
		t.Fatalf("me at aal2: %d %v", status, me)
	}

	// A recovery code works once instead of the app's code.
	b2 := kratostest.NewBrowser(t, s.URL)
	b2.Login(email, password)
	if status, flow := b2.SecondFactor("lookup_secret", codes[0]); status != http.StatusOK {
		t.Fatalf("recovery code: %d %v", status, flow)
	}
	if status, me := b2.Do(http.MethodGet, "/api/v1/me", nil); status != http.StatusOK || me["aal"] != "aal2" {
		t.Fatalf("me after recovery code: %d %v", status, me)
	}
	b3 := kratostest.NewBrowser(t, s.URL)
	b3.Login(email, password)
	if status, _ := b3.SecondFactor("lookup_secret", codes[0]); status == http.StatusOK {
		t.Fatal("a used recovery code worked twice")
	}
}

// Revoking a session takes effect within the session cache window.
func TestRevokedSessionStopsWithinSeconds(t *testing.T) {
	s := newAuthServer(t, nil)
	email, id := s.account(t, tenants.Franchise, "utrecht")
	b := kratostest.NewBrowser(t, s.URL)
	b.Login(email, password)
	if status, _ := b.Do(http.MethodGet, "/api/v1/me", nil); status != http.StatusOK {
		t.Fatalf("me: %d", status)
	}
	resp, err := s.kratos.Admin.DeleteIdentitySessions(context.Background(), id.String()).Execute()
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	revoked := time.Now()
	for {
		status, _ := b.Do(http.MethodGet, "/api/v1/me", nil)
		if status == http.StatusUnauthorized {
			break
		}
		if time.Since(revoked) > identity.DefaultCacheTTL+2*time.Second {
			t.Fatalf("revoked session still accepted after %s", time.Since(revoked))
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Logf("revoked session refused after %s (cache window %s)", time.Since(revoked).Round(time.Millisecond), identity.DefaultCacheTTL)
}

// Logging out through the proxy ends access at once, not after the cache window.
func TestLogoutIsImmediate(t *testing.T) {
	s := newAuthServer(t, nil)
	email, _ := s.account(t, tenants.Klusser, "den-haag")
	b := kratostest.NewBrowser(t, s.URL)
	b.Login(email, password)
	if status, _ := b.Do(http.MethodGet, "/api/v1/me", nil); status != http.StatusOK {
		t.Fatalf("me: %d", status)
	}
	if status := b.Logout(); status != http.StatusNoContent {
		t.Fatalf("logout %d", status)
	}
	if status, _ := b.Do(http.MethodGet, "/api/v1/me", nil); status != http.StatusUnauthorized {
		t.Fatalf("me right after logout: %d", status)
	}
}

// D14: when the profile cannot be stored, the identity is removed again; duplicates are refused.
func TestAccountCreationRollsBackAndRefusesDuplicates(t *testing.T) {
	s := newAuthServer(t, nil)
	email := uniqueEmail("rollback")
	_, err := s.accounts.Create(s.adminCtx, accounts.NewAccount{Email: email, Naam: "Half Account", Password: password,
		Role: tenants.Klusser, Regions: []string{"atlantis"}}) // no such region: the profile insert fails
	if err == nil {
		t.Fatal("account with an unknown region was created")
	}
	found, resp, err := s.kratos.Admin.ListIdentities(context.Background()).CredentialsIdentifier(email).Execute()
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(found) != 0 {
		t.Fatalf("identity %s left behind after the failed profile insert", found[0].Id)
	}
	b := kratostest.NewBrowser(t, s.URL)
	if status, _ := b.Login(email, password); status == http.StatusOK {
		t.Fatal("the rolled-back account can sign in")
	}

	email2, _ := s.account(t, tenants.Klusser, "den-haag")
	_, err = s.accounts.Create(s.adminCtx, accounts.NewAccount{Email: strings.ToUpper(email2), Naam: "Dubbel", Password: password,
		Role: tenants.Klusser, Regions: []string{"den-haag"}})
	if !errors.Is(err, accounts.ErrDuplicate) {
		t.Fatalf("duplicate e-mail: %v", err)
	}
	_, err = s.accounts.Create(s.adminCtx, accounts.NewAccount{Email: "geen-adres", Naam: "", Password: "kort", Role: "baas"})
	var e *domainerr.Error
	if !errors.As(err, &e) || e.Message != "Vul alle verplichte velden in" || len(e.Fields) != 4 {
		t.Fatalf("invalid account: %v", err)
	}
}

// Sign-in attempts are limited per account (and per address) with a Dutch message.
func TestLoginRateLimit(t *testing.T) {
	limits := &identity.LoginLimits{PerIP: httpapi.NewLimiter(100, time.Minute), PerAccount: httpapi.NewLimiter(3, time.Minute)}
	s := newAuthServer(t, limits)
	email, _ := s.account(t, tenants.Klusser, "den-haag")
	b := kratostest.NewBrowser(t, s.URL)
	for i := range 3 {
		if status, _ := b.Login(email, "Verkeerd-Wachtwoord-1"); status != http.StatusBadRequest {
			t.Fatalf("attempt %d: %d", i+1, status)
		}
	}
	f := b.StartFlow("login", "")
	status, body := b.Submit("login", f, map[string]any{"method": "password", "identifier": strings.ToUpper(email), "password": password})
	if status != http.StatusTooManyRequests || !strings.Contains(body["error"].(map[string]any)["message"].(string), "Te veel inlogpogingen") {
		t.Fatalf("fourth attempt: %d %v", status, body)
	}
	// Another account from the same address is not blocked by this one's limit.
	other, _ := s.account(t, tenants.Klusser, "utrecht")
	if status, _ := b.Login(other, password); status != http.StatusOK {
		t.Fatalf("other account: %d", status)
	}
}

// Cookie-authenticated writes need the CSRF header and a same-site origin.
func TestCSRFDefenceOnWrites(t *testing.T) {
	s := newAuthServer(t, nil)
	email, _ := s.account(t, tenants.Admin)
	b := kratostest.NewBrowser(t, s.URL)
	b.Login(email, password)
	if status, body := b.Do(http.MethodPost, "/api/v1/me", map[string]any{}); status != http.StatusForbidden || body["error"].(map[string]any)["code"] != "csrf" {
		t.Fatalf("write without header: %d %v", status, body)
	}
	if status, _ := b.Do(http.MethodPost, "/api/v1/me", map[string]any{}, httpapi.CSRFHeader, "1", "Origin", "https://kwaadwillend.example"); status != http.StatusForbidden {
		t.Fatalf("write from another origin: %d", status)
	}
	// With the header from the site itself the request reaches routing (and is refused there: GET only).
	if status, _ := b.Do(http.MethodPost, "/api/v1/me", map[string]any{}, httpapi.CSRFHeader, "1"); status != http.StatusMethodNotAllowed {
		t.Fatalf("write with header: %d", status)
	}
}

// Password recovery by e-mailed code (issue: 'Wachtwoord vergeten?'): Kratos's courier mails a
// Dutch code to the catcher; the code signs the user in to set a new password, which then works.
func TestPasswordRecoveryByEmailedCode(t *testing.T) {
	_, api := jobstest.MailDev(t)
	s := newAuthServer(t, nil)
	email, _ := s.account(t, tenants.Klusser, "den-haag")
	b := kratostest.NewBrowser(t, s.URL)

	flow := b.StartFlow("recovery", "")
	status, body := b.Submit("recovery", flow, map[string]any{"method": "code", "email": email})
	if status != http.StatusOK || body["state"] != "sent_email" {
		t.Fatalf("ask for a code: %d %v", status, body)
	}
	mails := jobstest.WaitForMails(t, api, email, 1, 20*time.Second)
	if len(mails) != 1 || mails[0].Subject != "Uw code om uw wachtwoord opnieuw in te stellen" {
		t.Fatalf("recovery e-mail: %+v", mails)
	}
	code := regexp.MustCompile(`\b\d{6}\b`).FindString(mails[0].Text)
	if code == "" {
		t.Fatalf("no code in the e-mail:\n%s", mails[0].Text)
	}

	// A wrong code is refused; the right one leads on to setting a new password.
	if status, _ := b.Submit("recovery", kratostest.Flow(body), map[string]any{"method": "code", "code": "000000"}); status != http.StatusOK {
		t.Fatalf("wrong code: %d", status)
	}
	status, body = b.Submit("recovery", kratostest.Flow(body), map[string]any{"method": "code", "code": code})
	redirect, _ := body["redirect_browser_to"].(string)
	if status != http.StatusUnprocessableEntity || !strings.Contains(redirect, "flow=") {
		t.Fatalf("right code: %d %v", status, body)
	}
	settingsID := redirect[strings.Index(redirect, "flow=")+5:]
	status, settings := b.Do(http.MethodGet, "/.ory/self-service/settings/flows?id="+settingsID, nil)
	if status != http.StatusOK {
		t.Fatalf("settings flow: %d %v", status, settings)
	}
	const newPassword = "Nieuw-Wachtwoord-2026"
	if status, body := b.Submit("settings", kratostest.Flow(settings), map[string]any{"method": "password", "password": newPassword}); status != http.StatusOK {
		t.Fatalf("set new password: %d %v", status, body)
	}
	fresh := kratostest.NewBrowser(t, s.URL)
	if status, _ := fresh.Login(email, password); status == http.StatusOK {
		t.Fatal("the old password still works")
	}
	if status, _ := fresh.Login(email, newPassword); status != http.StatusOK {
		t.Fatalf("new password: %d", status)
	}
}
