package identity

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// ProxyPrefix is where browsers reach Kratos's public API on the site's own origin (D13).
const ProxyPrefix = "/.ory"

// LoginLimits bound sign-in attempts per client address, and per account so that spreading
// guesses over many addresses does not help either.
type LoginLimits struct {
	PerIP, PerAccount *httpapi.Limiter
}

// DefaultLoginLimits: 30 attempts a minute from one address, 10 per quarter hour on one account.
func DefaultLoginLimits() LoginLimits {
	return LoginLimits{PerIP: httpapi.NewLimiter(30, time.Minute), PerAccount: httpapi.NewLimiter(10, 15*time.Minute)}
}

const tooManyLogins = "Te veel inlogpogingen. Wacht een paar minuten en probeer het dan opnieuw."

// NewProxy returns the /.ory/ reverse proxy to Kratos's public API. Sign-in attempts are counted
// and limited before they reach Kratos; a logout forgets the cached session at once.
func NewProxy(k *Kratos, sessions *Sessions, limits LoginLimits) http.Handler {
	target := k.Public
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.URL.Path = singleJoin(target.Path, strings.TrimPrefix(pr.In.URL.Path, ProxyPrefix))
			pr.Out.URL.RawPath = ""
			pr.SetXForwarded()
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			httpapi.WriteError(w, r, &httpapi.Error{Status: http.StatusBadGateway, Code: "identity_unavailable",
				Message: "Inloggen is op dit moment niet mogelijk. Probeer het over een paar minuten opnieuw.", Err: err})
		},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := strings.TrimPrefix(r.URL.Path, ProxyPrefix)
		if r.Method == http.MethodPost && strings.HasPrefix(path, "/self-service/login") {
			if err := limits.limitLogin(r); err != nil {
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

func singleJoin(a, b string) string {
	return strings.TrimSuffix(a, "/") + "/" + strings.TrimPrefix(b, "/")
}

// limitLogin counts a sign-in attempt against the client's address and the account named in the
// form, then puts the body back for Kratos.
func (l LoginLimits) limitLogin(r *http.Request) *httpapi.Error {
	if !l.PerIP.Allow(httpapi.ClientIP(r)) {
		return httpapi.TooManyRequests(tooManyLogins)
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, httpapi.MaxBodyBytes+1))
	if err != nil {
		return httpapi.BadRequest("invalid_body", "Het verzoek kon niet worden gelezen.", nil)
	}
	if len(body) > httpapi.MaxBodyBytes {
		return &httpapi.Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Message: "Het verzoek is te groot."}
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	if id := loginIdentifier(r.Header.Get("Content-Type"), body); id != "" {
		if !l.PerAccount.Allow(id) {
			return httpapi.TooManyRequests(tooManyLogins)
		}
	}
	return nil
}

func loginIdentifier(contentType string, body []byte) string {
	var id string
	if strings.HasPrefix(contentType, "application/json") {
		var form struct {
			Identifier string `json:"identifier"`
		}
		_ = json.Unmarshal(body, &form)
		id = form.Identifier
	} else if v, err := url.ParseQuery(string(body)); err == nil {
		id = v.Get("identifier")
	}
	return strings.ToLower(strings.TrimSpace(id))
}
