package httpapi

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// TrustedProxies are the addresses of the load balancers and ingress controllers in front of
// the server. Behind them every request's RemoteAddr is the proxy's own, so rate limits per client
// address (public forms, sign-in) would throw all visitors together; RealClient restores the
// visitor's address from X-Forwarded-For, believing only what trusted proxies appended.
type TrustedProxies []netip.Prefix

// ParseTrustedProxies reads a comma-separated list of CIDRs or addresses (TRUSTED_PROXIES).
func ParseTrustedProxies(s string) (TrustedProxies, error) {
	var out TrustedProxies
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("httpapi: trusted proxy %q: %w", f, err)
			}
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("httpapi: trusted proxy %q: %w", f, err)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func (t TrustedProxies) trusts(addr string) bool {
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range t {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// RealClient sets RemoteAddr to the visitor's address when the request came through trusted
// proxies: X-Forwarded-For read from the right, skipping trusted hops; the first address that is
// not a trusted proxy is the client (anything left of it the client could have written itself).
// Without trusted proxies it changes nothing.
func (t TrustedProxies) RealClient(next http.Handler) http.Handler {
	if len(t) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		peer, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil || !t.trusts(peer) {
			next.ServeHTTP(w, r)
			return
		}
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop := strings.TrimSpace(hops[i])
			if hop == "" {
				continue
			}
			if _, err := netip.ParseAddr(hop); err != nil {
				break // garbage: keep the proxy's address rather than guess
			}
			if !t.trusts(hop) || i == 0 {
				r2 := r.Clone(r.Context())
				r2.RemoteAddr = net.JoinHostPort(hop, "0")
				next.ServeHTTP(w, r2)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
