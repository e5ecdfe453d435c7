package httpapi

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Limiter allows at most Max events per key in each Window (a fixed window per key). It guards
// sign-in and public forms against guessing and flooding. It lives in one process: with several
// servers each keeps its own count, which still bounds an attacker by the number of servers.
type Limiter struct {
	Max    int
	Window time.Duration

	mu      sync.Mutex
	windows map[string]*window
	swept   time.Time
	now     func() time.Time
}

type window struct {
	start time.Time
	count int
}

// NewLimiter returns a limiter of max events per key per window.
func NewLimiter(max int, per time.Duration) *Limiter {
	return &Limiter{Max: max, Window: per, windows: map[string]*window{}, now: time.Now}
}

// Allow counts an event for key and reports whether it is within the limit.
func (l *Limiter) Allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) > l.Window {
		for k, w := range l.windows { // forget keys whose window has passed, so memory stays bounded
			if now.Sub(w.start) >= l.Window {
				delete(l.windows, k)
			}
		}
		l.swept = now
	}
	w := l.windows[key]
	if w == nil || now.Sub(w.start) >= l.Window {
		w = &window{start: now}
		l.windows[key] = w
	}
	w.count++
	return w.count <= l.Max
}

// ClientIP is the address a request came from: RemoteAddr, which TrustedProxies.RealClient sets to
// the visitor's when the server runs behind load balancers (TRUSTED_PROXIES).
func ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// TooManyRequests is the answer when a limit is reached.
func TooManyRequests(message string) *Error {
	return &Error{Status: http.StatusTooManyRequests, Code: "rate_limited", Message: message}
}

// LimitByIP refuses a client address's requests beyond the limiter's allowance with a Dutch
// message, before the handler reads anything.
func LimitByIP(l *Limiter, message string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !l.Allow(ClientIP(r)) {
			w.Header().Set("Retry-After", "600")
			WriteError(w, r, TooManyRequests(message))
			return
		}
		next.ServeHTTP(w, r)
	})
}
