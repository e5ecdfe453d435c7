package drills

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// Three `klusmaat serve` processes on one database admit, for each rate limit, what one server
// admits: the attempts of one visitor spread over the three (as a load balancer spreads them) are
// counted together, for the public forms, the status link (page and API), sign-in per account and
// per address, and recovery-code e-mails per account.
func TestLimitsHoldAcrossThreeServers(t *testing.T) {
	pub, adm := kratosURLs(t)
	d := dbtest.New(t)
	bin := klusmaatBinary(t)
	portal, admin := minimalBuilds(t)
	const formLimit, loginLimit = 4, 3 // per address per 10 minutes; per account per quarter hour (3x per address per minute)
	common := []string{"DATABASE_URL=" + d.AppURL, "DATABASE_QUEUE_URL=" + d.QueueURL, "DATABASE_OWNER_URL=",
		"KLUSMAAT_ACTOR_KEY=" + dbtest.ActorKey, "KRATOS_PUBLIC_URL=" + pub.String(), "KRATOS_ADMIN_URL=" + adm.String(),
		"SMTP_URL=smtp://127.0.0.1:9", "METRICS_ADDR=", "LOG_LEVEL=warn", "BLOB_URL=file://" + t.TempDir(),
		"KLUSMAAT_RUN_WORKERS=false", fmt.Sprintf("KLUSMAAT_FORM_LIMIT=%d", formLimit), fmt.Sprintf("KLUSMAAT_LOGIN_LIMIT=%d", loginLimit),
		"KLUSMAAT_PORTAL_DIST=" + portal, "KLUSMAAT_ADMIN_DIST=" + admin}
	servers := make([]string, 3)
	for i := range servers {
		port := freePort(t)
		servers[i] = "http://127.0.0.1:" + port
		process(t, bin, append(common, "KLUSMAAT_LISTEN=127.0.0.1:"+port, "KLUSMAAT_PUBLIC_URL="+servers[i]), "serve")
	}
	for _, s := range servers {
		waitReady(t, s)
	}

	// attempts sends n requests, the i-th to server i mod 3, and returns how many were admitted
	// (answered with anything but 429); each refusal must say when to try again.
	// Kratos answers a browser's sign-in with a redirect, which is an answer all the same.
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	attempts := func(t *testing.T, n int, request func(base string, i int) *http.Request) (admitted int) {
		t.Helper()
		for i := range n {
			req := request(servers[i%len(servers)], i)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusTooManyRequests {
				admitted++
				continue
			}
			if resp.Header.Get("Retry-After") == "" {
				t.Errorf("429 from %s without Retry-After", req.URL)
			}
		}
		return admitted
	}
	post := func(target, contentType, body string) *http.Request {
		r, _ := http.NewRequest(http.MethodPost, target, bytes.NewBufferString(body))
		r.Header.Set("Content-Type", contentType)
		r.Header.Set(httpapi.CSRFHeader, "1")
		return r
	}

	t.Run("public forms", func(t *testing.T) {
		for _, path := range []string{"/api/v1/public/aanvragen", "/api/v1/public/aanmeldingen"} {
			// Empty submissions: counted before they are read, then refused as incomplete (422).
			got := attempts(t, 3*formLimit, func(base string, _ int) *http.Request { return post(base+path, "application/json", `{}`) })
			if got != formLimit {
				t.Errorf("%s: three servers admitted %d submissions from one address, want %d (one server's limit)", path, got, formLimit)
			}
		}
	})

	t.Run("status link, page and API together", func(t *testing.T) {
		got := attempts(t, status.PerMinute+15, func(base string, i int) *http.Request {
			path := "/status/"
			if i%2 == 1 {
				path = "/api/v1/status/"
			}
			r, _ := http.NewRequest(http.MethodGet, base+path+"geen-geldige-link-"+fmt.Sprint(i), nil)
			return r
		})
		if got != status.PerMinute {
			t.Errorf("three servers admitted %d status-link tries from one address, want %d", got, status.PerMinute)
		}
	})

	login := func(account string) func(base string, _ int) *http.Request {
		return func(base string, _ int) *http.Request {
			form := url.Values{"method": {"password"}, "identifier": {account}, "password": {"fout-wachtwoord-123"}}
			return post(base+"/.ory/self-service/login?flow="+uuid.NewString(), "application/x-www-form-urlencoded", form.Encode())
		}
	}
	t.Run("sign-in per account and per address", func(t *testing.T) {
		if got := attempts(t, loginLimit+3, login("drie-servers@example.nl")); got != loginLimit {
			t.Errorf("one account: three servers admitted %d sign-in attempts, want %d", got, loginLimit)
		}
		// The address has used loginLimit+3 of its 3*loginLimit a minute; other accounts get the rest.
		left := 3*loginLimit - (loginLimit + 3)
		got := 0
		for i := range left + 4 {
			got += attempts(t, 1, login(fmt.Sprintf("ander-%d@example.nl", i)))
		}
		if got != left {
			t.Errorf("one address: three servers admitted %d more sign-in attempts, want %d", got, left)
		}
	})

	t.Run("recovery codes per account", func(t *testing.T) {
		const perAccount = 5 // identity.DefaultLoginLimits: code e-mails an hour to one account
		got := attempts(t, perAccount+4, func(base string, _ int) *http.Request {
			form := url.Values{"method": {"code"}, "email": {"herstel-" + strings.ToLower(t.Name()[:4]) + "@example.nl"}}
			return post(base+"/.ory/self-service/recovery?flow="+uuid.NewString(), "application/x-www-form-urlencoded", form.Encode())
		})
		if got != perAccount {
			t.Errorf("three servers admitted %d recovery e-mails to one account, want %d", got, perAccount)
		}
	})
}
