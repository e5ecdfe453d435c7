package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// Behind trusted proxies the rate limits see the visitor's address, never one a client wrote
// into X-Forwarded-For itself, and without trusted proxies nothing changes.
func TestRealClient(t *testing.T) {
	trusted, err := ParseTrustedProxies("10.0.0.0/8, 192.168.1.5")
	if err != nil {
		t.Fatal(err)
	}
	seen := ""
	h := trusted.RealClient(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = ClientIP(r) }))
	for _, c := range []struct {
		name, remote, xff, want string
	}{
		{"direct visitor", "203.0.113.7:5000", "", "203.0.113.7"},
		{"direct visitor forging the header", "203.0.113.7:5000", "1.2.3.4", "203.0.113.7"},
		{"through the ingress", "10.1.2.3:4000", "198.51.100.9", "198.51.100.9"},
		{"through two proxies", "10.1.2.3:4000", "198.51.100.9, 192.168.1.5", "198.51.100.9"},
		{"client-written prefix ignored", "10.1.2.3:4000", "1.2.3.4, 198.51.100.9", "198.51.100.9"},
		{"only trusted hops", "10.1.2.3:4000", "10.9.9.9", "10.9.9.9"},
		{"garbage keeps the proxy", "10.1.2.3:4000", "not-an-ip", "10.1.2.3"},
		{"proxy without the header", "10.1.2.3:4000", "", "10.1.2.3"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.remote
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		if seen != c.want {
			t.Errorf("%s: client %q, want %q", c.name, seen, c.want)
		}
	}
	var none TrustedProxies
	h = none.RealClient(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = ClientIP(r) }))
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "10.1.2.3:4000"
	r.Header.Set("X-Forwarded-For", "198.51.100.9")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if seen != "10.1.2.3" {
		t.Errorf("without trusted proxies the header counted: %q", seen)
	}
	if _, err := ParseTrustedProxies("10.0.0.0/33"); err == nil {
		t.Error("a bad CIDR was accepted")
	}
}
