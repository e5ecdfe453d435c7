package httpapi

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Limiter allows at most Max events per key in each Window (a fixed window per key, starting at
// the key's first event). It guards sign-in, code e-mails, public forms and the status link
// against guessing and flooding.
//
// A limiter counts in this process until Share gives it a Counter that all servers use (the
// database, tenants.DB.Hit): then N servers admit what one does. If the shared count cannot be
// read, the limiter falls back to its own count for that event, so a database hiccup neither
// opens the limit nor locks everyone out.
type Limiter struct {
	Max    int
	Window time.Duration

	name    string  // the limit's name in the shared count
	counter Counter // nil: this process's count only

	mu      sync.Mutex
	windows map[string]*window
	swept   time.Time
	now     func() time.Time
}

// Counter counts an event of key under the limit name in a window of the given length and
// reports whether the events of that window so far, itself included, are at most max; the count is
// shared by every server and is not told.
type Counter interface {
	Hit(ctx context.Context, name, key string, max int, window time.Duration) (bool, error)
}

type window struct {
	start time.Time
	count int
}

// NewLimiter returns a limiter of max events per key per window, counted in this process.
func NewLimiter(max int, per time.Duration) *Limiter {
	return &Limiter{Max: max, Window: per, windows: map[string]*window{}, now: time.Now}
}

// Share makes the limiter count in c under name, which must be unique per limit (the same name on
// every server). It returns l, so that a limiter can be made and shared in one expression.
func (l *Limiter) Share(c Counter, name string) *Limiter {
	l.counter, l.name = c, name
	return l
}

// Allow counts an event for key and reports whether it is within the limit.
func (l *Limiter) Allow(ctx context.Context, key string) bool {
	if l.counter != nil {
		within, err := l.counter.Hit(ctx, l.name, key, l.Max, l.Window)
		if err == nil {
			return within
		}
		slog.WarnContext(ctx, "rate limit: shared count unavailable, counting in this process", "limit", l.name, "error", err)
	}
	return l.allowHere(key)
}

func (l *Limiter) allowHere(key string) bool {
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
		if !l.Allow(r.Context(), ClientIP(r)) {
			// A fixed window: the client can ask again at the latest when a window has passed.
			wait := strconv.Itoa(int(l.Window.Seconds()))
			w.Header().Set("Retry-After", wait)
			w.Header().Set("RateLimit-Limit", strconv.Itoa(l.Max))
			w.Header().Set("RateLimit-Reset", wait)
			WriteError(w, r, TooManyRequests(message))
			return
		}
		next.ServeHTTP(w, r)
	})
}
