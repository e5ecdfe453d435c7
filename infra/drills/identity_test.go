// Package drills holds the failure drills of the operations issue: what the platform does when a
// dependency goes away, hangs, or comes back. Each runs against the real services of the test
// stack (PostgreSQL, Kratos), cut off or stalled by a TCP relay in between; `make drills` runs
// them alone, `make test` with everything else.
package drills

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// siteWithKratos is the server with identity, its Kratos's public API reached at publicURL (a
// relay's address), with a signed-up klusser whose e-mail and password it returns.
func siteWithKratos(t *testing.T, publicURL, adminURL string, ttl time.Duration) (*httptest.Server, string, string) {
	d := dbtest.New(t)
	k, err := identity.NewKratos(publicURL, adminURL)
	if err != nil {
		t.Fatal(err)
	}
	email, password := "drill-"+uuid.NewString()[:12]+"@example.nl", "Klusmaat-drill-2026!"
	acc := accounts.NewService(kratostest.Kratos(t), d.DB)
	admin := tenants.WithActor(context.Background(), tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	id, err := acc.Create(admin, accounts.NewAccount{Email: email, Naam: "Drill Klusser", Password: password, Role: tenants.Klusser, Regions: []string{"den-haag"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = acc.Delete(admin, id) })
	enf, _ := policy.New()
	sessions := identity.NewSessions(k, d.DB, identity.DefaultCookie, ttl)
	h, _ := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Site: web.Site{Brand: "Klusmaat"}, Kratos: k, Sessions: sessions})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, email, password
}

func kratosURLs(t *testing.T) (public, admin *url.URL) {
	pub, adm := os.Getenv("KLUSMAAT_TEST_KRATOS_PUBLIC_URL"), os.Getenv("KLUSMAAT_TEST_KRATOS_ADMIN_URL")
	if pub == "" || adm == "" {
		if os.Getenv("KLUSMAAT_REQUIRE_DB") != "" {
			t.Fatal("KLUSMAAT_TEST_KRATOS_PUBLIC_URL and KLUSMAAT_TEST_KRATOS_ADMIN_URL must be set")
		}
		t.Skip("no test Kratos")
	}
	public, _ = url.Parse(pub)
	admin, _ = url.Parse(adm)
	return public, admin
}

type apiError struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// get asks path with the browser's cookies and returns the status, the Dutch message and the time.
func get(t *testing.T, b *kratostest.Browser, path string) (int, string, time.Duration) {
	start := time.Now()
	req, _ := http.NewRequest(http.MethodGet, b.Base+path, nil)
	req.Header.Set("Accept", "application/json")
	resp, err := b.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e apiError
	_ = json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, e.Error.Message, time.Since(start)
}

// Kratos stopped: a signed-in user's API calls answer a clear 503 in Dutch (not a sign-out, not a
// 500) and are served again by themselves once Kratos is back, without restarting the server.
func TestKratosStoppedAndBack(t *testing.T) {
	pub, adm := kratosURLs(t)
	r := newRelay(t, pub.Host)
	ttl := 200 * time.Millisecond // the session cache (5 s in production) would hide a short outage
	srv, email, password := siteWithKratos(t, "http://"+r.addr, adm.String(), ttl)
	b := kratostest.NewBrowser(t, srv.URL)
	if status, flow := b.Login(email, password); status != http.StatusOK {
		t.Fatalf("login: %d %v", status, flow.MessageIDs())
	}
	if s, _, _ := get(t, b, "/api/v1/notifications/unread-count"); s != http.StatusOK {
		t.Fatalf("signed in: %d", s)
	}

	r.Stop()
	time.Sleep(2 * ttl)
	s, msg, took := get(t, b, "/api/v1/notifications/unread-count")
	if s != http.StatusServiceUnavailable || msg != identity.MsgIdentityUnavailable || took > 6*time.Second {
		t.Fatalf("Kratos stopped: %d %q after %v, want 503 %q within seconds", s, msg, took, identity.MsgIdentityUnavailable)
	}
	if s, msg, _ := get(t, b, "/.ory/self-service/login/browser"); s != http.StatusBadGateway || msg != identity.MsgIdentityUnavailable {
		t.Errorf("sign-in page while Kratos is stopped: %d %q", s, msg)
	}

	r.Start(false)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if s, _, _ := get(t, b, "/api/v1/notifications/unread-count"); s == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server did not recover by itself when Kratos returned")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Kratos that accepts connections but never answers: the /.ory/ proxy and the session check give
// up within a few seconds with the Dutch message, instead of holding the request for minutes.
func TestKratosThatNeverAnswers(t *testing.T) {
	pub, adm := kratosURLs(t)
	r := newRelay(t, pub.Host)
	srv, email, password := siteWithKratos(t, "http://"+r.addr, adm.String(), 100*time.Millisecond)
	b := kratostest.NewBrowser(t, srv.URL)
	if status, _ := b.Login(email, password); status != http.StatusOK {
		t.Fatalf("login: %d", status)
	}
	r.Stop()
	r.Start(true) // accepts, never answers
	time.Sleep(200 * time.Millisecond)

	s, msg, took := get(t, b, "/.ory/self-service/login/browser")
	if s != http.StatusBadGateway || msg != identity.MsgIdentityUnavailable || took > identity.ProxyTimeout+2*time.Second {
		t.Errorf("proxy: %d %q after %v", s, msg, took)
	}
	s, msg, took = get(t, b, "/api/v1/notifications/unread-count")
	if s != http.StatusServiceUnavailable || msg != identity.MsgIdentityUnavailable || took > 8*time.Second {
		t.Errorf("session check: %d %q after %v", s, msg, took)
	}
	if !strings.Contains(msg, "Probeer het over een paar minuten opnieuw") {
		t.Errorf("the message does not say what to do: %q", msg)
	}
}
