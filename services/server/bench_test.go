package server_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// BenchmarkSessionCache measures an authenticated API call (the unread count) with the session cache
// and with it switched off (a Kratos round trip on every request), in the same run, and prints the
// ratio. Run it with `make bench`.
func BenchmarkSessionCache(b *testing.B) {
	perOp := map[string]time.Duration{} // the last (largest) run of each sub-benchmark
	d := dbtest.New(b)
	k := kratostest.Kratos(b)
	enf, _ := policy.New()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	slog.SetDefault(quiet)
	limits := &identity.LoginLimits{PerIP: httpapi.NewLimiter(1e6, time.Minute), PerAccount: httpapi.NewLimiter(1e6, time.Minute)}
	serve := func(ttl time.Duration) *httptest.Server {
		h, _ := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: quiet, Site: web.Site{Brand: "Klusmaat"},
			Kratos: k, Sessions: identity.NewSessions(k, d.DB, identity.DefaultCookie, ttl), LoginLimits: limits})
		ts := httptest.NewServer(h)
		b.Cleanup(ts.Close)
		return ts
	}
	cached, uncached := serve(identity.DefaultCacheTTL), serve(0)

	srv := newAuthServerFor(b, d, k)
	email, _ := srv.account(b, tenants.Franchise, "den-haag")
	browser := kratostest.NewBrowser(b, cached.URL)
	if status, _ := browser.Login(email, password); status != http.StatusOK {
		b.Fatalf("login: %d", status)
	}
	call := func(b *testing.B, base string) {
		req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/notifications/unread-count", nil)
		for _, c := range browser.HTTP.Jar.Cookies(req.URL) {
			req.AddCookie(c)
		}
		start := time.Now()
		for range b.N {
			resp, err := http.DefaultClient.Do(req)
			if err != nil || resp.StatusCode != http.StatusOK {
				b.Fatalf("unread count: %v %v", err, resp)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		perOp[base] = time.Since(start) / time.Duration(b.N)
	}
	b.Run("cache=on", func(b *testing.B) { call(b, cached.URL) })
	b.Run("cache=off", func(b *testing.B) { call(b, uncached.URL) })
	on, off := perOp[cached.URL], perOp[uncached.URL]
	fmt.Printf("GET /api/v1/notifications/unread-count with a session: cache on %v/op, cache off (a Kratos round trip each time) %v/op: %.1fx faster with the cache\n",
		on, off, float64(off)/float64(on))
}
