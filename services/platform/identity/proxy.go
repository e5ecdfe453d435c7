package identity

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// ProxyPrefix is where browsers reach Kratos's public API on the site's own origin (D13).
const ProxyPrefix = "/.ory"

// LoginLimits bound sign-in attempts per client address, and per account so that spreading
// guesses over many addresses does not help either; and likewise the e-mails with a code that
// anyone can make Kratos send (password recovery, address verification, sign-in by code), so that
// nobody can flood an inbox or the mail server. MailPerIP and MailPerAccount may be nil: then
// DefaultLoginLimits' apply.
type LoginLimits struct {
	PerIP, PerAccount         *httpapi.Limiter
	MailPerIP, MailPerAccount *httpapi.Limiter
}

// WithDefaults fills the limits left nil with DefaultLoginLimits' (tests set only the ones they
// exercise).
func (l LoginLimits) WithDefaults() LoginLimits {
	defaults := DefaultLoginLimits()
	for _, p := range []struct{ set, def **httpapi.Limiter }{
		{&l.PerIP, &defaults.PerIP}, {&l.PerAccount, &defaults.PerAccount},
		{&l.MailPerIP, &defaults.MailPerIP}, {&l.MailPerAccount, &defaults.MailPerAccount},
	} {
		if *p.set == nil {
			*p.set = *p.def
		}
	}
	return l
}

// DefaultLoginLimits: 30 attempts a minute from one address, 10 per quarter hour on one account;
// 20 code e-mails an hour from one address, 5 an hour to one account.
func DefaultLoginLimits() LoginLimits {
	return LoginLimits{PerIP: httpapi.NewLimiter(30, time.Minute), PerAccount: httpapi.NewLimiter(10, 15*time.Minute),
		MailPerIP: httpapi.NewLimiter(20, time.Hour), MailPerAccount: httpapi.NewLimiter(5, time.Hour)}
}

const (
	tooManyLogins = "Te veel inlogpogingen. Wacht een paar minuten en probeer het dan opnieuw."
	tooManyMails  = "Te veel e-mails met een code aangevraagd. Wacht een uur en probeer het dan opnieuw."
)

// NewProxy returns the /.ory/ reverse proxy to Kratos's public API. It forwards only what
// browsers need (the self-service flows and the session check); every other path, such as
// Kratos's /admin/ redirects, answers 404. Submissions of the sign-in, recovery and verification
// flows are read as Kratos will read them, and counted and limited before they reach Kratos (see
// readFlowForm); a logout forgets the cached session at once.
func NewProxy(k *Kratos, sessions *Sessions, limits LoginLimits) http.Handler {
	limits = limits.WithDefaults()
	target := k.Public
	rp := &httputil.ReverseProxy{
		// Deadlines: a Kratos that accepts connections but never answers must not hold a
		// visitor's request for minutes.
		Transport: proxyTransport,
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.URL.Path = singleJoin(target.Path, strings.TrimPrefix(pr.In.URL.Path, ProxyPrefix))
			pr.Out.URL.RawPath = ""
			pr.SetXForwarded()
		},
		ModifyResponse: func(resp *http.Response) error {
			// Kratos's own addresses never reach a browser, whatever Kratos answers. (The header
			// as written: resp.Location would resolve a relative path against Kratos's address.)
			if loc, err := url.Parse(resp.Header.Get("Location")); err == nil && k.internal(loc) {
				notFoundResponse(resp)
			}
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			httpapi.WriteError(w, r, &httpapi.Error{Status: http.StatusBadGateway, Code: "identity_unavailable",
				Message: MsgIdentityUnavailable, Err: err})
		},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := strings.TrimPrefix(r.URL.Path, ProxyPrefix)
		if !proxied(path) {
			httpapi.WriteError(w, r, notFound())
			return
		}
		if flow := submission(path); flow != "" {
			if err := limits.check(r, flow); err != nil {
				if err.Status == http.StatusTooManyRequests {
					w.Header().Set("Retry-After", "600")
				}
				httpapi.WriteError(w, r, err)
				return
			}
		}
		if strings.HasPrefix(path, "/self-service/logout") && sessions != nil {
			if c, err := r.Cookie(sessions.cookie); err == nil {
				sessions.Forget(c.Value)
			}
		}
		rp.ServeHTTP(w, r)
	})
}

// proxied reports whether a browser may reach path on Kratos's public API: the self-service
// flows and the session check, spelled plainly (no //, /./, /../ or trailing slash, which Kratos
// would answer with a redirect of its own).
func proxied(p string) bool {
	if p != path.Clean(p) {
		return false
	}
	return strings.HasPrefix(p, "/self-service/") || p == "/sessions/whoami"
}

// submission names the flow whose submission path is p ("" for any other path). Kratos takes
// submissions by GET as well as POST, so every method is checked. Settings are read too, for
// control characters only: Kratos stores the traits, and PostgreSQL refuses U+0000 with an error
// that Kratos would show.
func submission(p string) string {
	for _, flow := range []string{"login", "recovery", "verification", "registration", "settings"} {
		if strings.EqualFold(p, "/self-service/"+flow) {
			return flow
		}
	}
	return ""
}

func notFound() *httpapi.Error {
	return httpapi.NotFound("not_found", "Deze pagina bestaat niet.")
}

// notFoundResponse turns Kratos's answer into our 404.
func notFoundResponse(resp *http.Response) {
	var body bytes.Buffer
	e := notFound()
	_ = json.NewEncoder(&body).Encode(httpapi.ErrorBody{Error: httpapi.ErrorDetail{Code: e.Code, Message: e.Message}})
	_ = resp.Body.Close()
	resp.StatusCode, resp.Status = http.StatusNotFound, "404 Not Found"
	resp.Header = http.Header{"Content-Type": {"application/json; charset=utf-8"}, "Cache-Control": {"no-store"}}
	resp.Body = io.NopCloser(&body)
	resp.ContentLength = int64(body.Len())
}

func singleJoin(a, b string) string {
	return strings.TrimSuffix(a, "/") + "/" + strings.TrimPrefix(b, "/")
}

// check counts a submission of flow against the client's address and the account it names, as
// a sign-in attempt (login) and as a code e-mail (when it asks for one); the body is put back for
// Kratos.
func (l LoginLimits) check(r *http.Request, flow string) *httpapi.Error {
	ip := httpapi.ClientIP(r)
	if flow == "login" && !l.PerIP.Allow(r.Context(), ip) {
		return httpapi.TooManyRequests(tooManyLogins)
	}
	form, err := readFlowForm(r)
	if err != nil {
		return err
	}
	account := form.account(flow)
	if flow == "login" && account != "" && !l.PerAccount.Allow(r.Context(), account) {
		return httpapi.TooManyRequests(tooManyLogins)
	}
	if form.sendsCode(flow) {
		if !l.MailPerIP.Allow(r.Context(), ip) || account != "" && !l.MailPerAccount.Allow(r.Context(), account) {
			return httpapi.TooManyRequests(tooManyMails)
		}
	}
	return nil
}

// MsgIdentityUnavailable is what a user reads when Kratos is down or does not answer in time.
const MsgIdentityUnavailable = "Inloggen is op dit moment niet mogelijk. Probeer het over een paar minuten opnieuw."

// ProxyTimeout bounds how long the proxy waits for Kratos's answer headers.
const ProxyTimeout = 5 * time.Second

var proxyTransport = &http.Transport{
	Proxy:                 nil, // Kratos is on the internal network: never through a proxy
	DialContext:           (&net.Dialer{Timeout: 3 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
	ResponseHeaderTimeout: ProxyTimeout,
	TLSHandshakeTimeout:   5 * time.Second,
	IdleConnTimeout:       90 * time.Second,
	MaxIdleConnsPerHost:   32,
}
