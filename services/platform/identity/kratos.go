// Package identity connects the platform to Ory Kratos, its identity provider (D12-D15):
//   - proxy.go: Kratos's self-service flows on the site's own origin under /.ory/, so the session
//     cookie is first-party and HttpOnly (D13), with rate limits on sign-in and on code e-mails;
//     flowform.go reads a submission's account exactly as Kratos will, for those limits;
//   - sessions.go: the middleware that turns a Kratos session into the request's actor, with the
//     user's roles and regions from the database (tenants.Actor);
//   - service.go, endpoint.go, transport.go: GET /api/v1/me, who the signed-in user is.
//
// Kratos's admin API is used by the server only (accounts package); it is never proxied.
package identity

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	ory "github.com/ory/kratos-client-go"
)

// Kratos holds the clients of the public and the admin API.
type Kratos struct {
	Public   *url.URL
	Frontend ory.FrontendAPI
	Admin    ory.IdentityAPI
	// adminURL is kept so that the proxy can recognise Kratos's internal addresses.
	adminURL *url.URL
}

// internal reports whether u points at Kratos itself (its public or admin listener) rather than
// at the site: such an address must never reach a browser.
func (k *Kratos) internal(u *url.URL) bool {
	if u.Host == "" {
		return false
	}
	for _, own := range []*url.URL{k.Public, k.adminURL} {
		if own != nil && strings.EqualFold(u.Host, own.Host) {
			return true
		}
	}
	return false
}

// NewKratos returns clients for Kratos at publicURL and adminURL.
func NewKratos(publicURL, adminURL string) (*Kratos, error) {
	pub, err := url.Parse(publicURL)
	if err != nil || pub.Host == "" {
		return nil, fmt.Errorf("identity: bad Kratos public URL %q", publicURL)
	}
	adm, err := url.Parse(adminURL)
	if err != nil {
		return nil, fmt.Errorf("identity: bad Kratos admin URL %q", adminURL)
	}
	client := &http.Client{Timeout: 5 * time.Second}
	newClient := func(u string) *ory.APIClient {
		cfg := ory.NewConfiguration()
		cfg.Servers = ory.ServerConfigurations{{URL: u}}
		cfg.HTTPClient = client
		return ory.NewAPIClient(cfg)
	}
	return &Kratos{
		Public:   pub,
		Frontend: newClient(publicURL).FrontendAPI,
		Admin:    newClient(adminURL).IdentityAPI,
		adminURL: adm,
	}, nil
}

// Ready asks Kratos's own readiness endpoint, with ctx's deadline (readiness gives it 2 seconds).
func (k *Kratos) Ready(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, k.Public.JoinPath("/health/ready").String(), nil)
	if err != nil {
		return err
	}
	resp, err := readyClient.Do(req)
	if err != nil {
		return fmt.Errorf("kratos: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("kratos: /health/ready answered %d", resp.StatusCode)
	}
	return nil
}

var readyClient = &http.Client{Timeout: 3 * time.Second}
