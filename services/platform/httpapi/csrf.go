package httpapi

import (
	"net/http"
	"net/url"
	"strings"
)

// CSRFHeader must accompany every state-changing API request. A cross-site page cannot set a custom
// header without a CORS preflight, which this server never grants, so a forged form or fetch from
// another site fails here even though the browser would send the session cookie.
const CSRFHeader = "X-Klusmaat-CSRF"

// RequireCSRF refuses unsafe API requests without the CSRF header, or whose Origin is another site.
func RequireCSRF(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		if r.Header.Get(CSRFHeader) != "1" || !sameOrigin(r) {
			WriteError(w, r, &Error{Status: http.StatusForbidden, Code: "csrf",
				Message: "Dit verzoek is geweigerd omdat het niet van deze website lijkt te komen. Vernieuw de pagina en probeer het opnieuw."})
			return
		}
		next.ServeHTTP(w, r)
	})
}

func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return r.Header.Get("Sec-Fetch-Site") == "" || r.Header.Get("Sec-Fetch-Site") == "same-origin"
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host == r.Host
}
