package identity

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	ory "github.com/ory/kratos-client-go"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// DefaultCookie is the name of Kratos's session cookie (infra/kratos/kratos.yml.tmpl).
const DefaultCookie = "klusmaat_session"

// DefaultCacheTTL is how long a resolved session is trusted without asking Kratos again: short,
// so that a logout or a revoked session stops working within seconds.
const DefaultCacheTTL = 5 * time.Second

// Session is the signed-in user of a request.
type Session struct {
	IdentityID uuid.UUID
	Email      string
	Name       string
	AAL        string // aal1 (password) or aal2 (with a second factor)
	Roles      []tenants.Role
	Regions    []string
}

// Sessions resolves Kratos sessions into actors.
type Sessions struct {
	kratos *Kratos
	db     *tenants.DB
	cookie string
	ttl    time.Duration
	now    func() time.Time

	mu       sync.Mutex
	cache    map[[32]byte]cached
	inflight map[[32]byte]*lookupCall // the one lookup under way per cookie
	forgets  uint64                   // Forget and ForgetUser calls: a lookup begun before one is not cached
}

// lookupCall is a lookup under way; the requests that wait for it share its answer. gen is the
// forgets count when it began: after a Forget or ForgetUser no request joins it any more.
type lookupCall struct {
	done  chan struct{}
	gen   uint64
	entry cached
	err   error
}

type cached struct {
	session *Session
	actor   tenants.Actor
	hint    *httpapi.Error // why the request stays anonymous, e.g. the second factor is missing
	expires time.Time
}

// NewSessions returns the session resolver.
func NewSessions(k *Kratos, db *tenants.DB, cookie string, ttl time.Duration) *Sessions {
	if cookie == "" {
		cookie = DefaultCookie
	}
	return &Sessions{kratos: k, db: db, cookie: cookie, ttl: ttl, now: time.Now, cache: map[[32]byte]cached{},
		inflight: map[[32]byte]*lookupCall{}}
}

type sessionKey struct{}

// SessionFrom returns the signed-in user of ctx, or nil.
func SessionFrom(ctx context.Context) *Session {
	s, _ := ctx.Value(sessionKey{}).(*Session)
	return s
}

// ErrMFARequired: the account has a second factor and this session has not used it (D15).
var ErrMFARequired = &httpapi.Error{Status: http.StatusForbidden, Code: "mfa_required",
	Message: "Bevestig eerst uw inlog met de code uit uw authenticator-app."}

// Middleware puts the actor (and the session, if any) of every API request in its context.
// Requests without a session cookie are anonymous without asking Kratos.
func (s *Sessions) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		c, err := r.Cookie(s.cookie)
		if err != nil || c.Value == "" {
			next.ServeHTTP(w, r)
			return
		}
		entry, err := s.resolve(r.Context(), c.Value)
		if err != nil {
			slog.ErrorContext(r.Context(), "resolve session", "err", err)
			// The user is not signed out; the sign-in system is away. Nothing is cached, so the
			// next request after Kratos returns is served again.
			httpapi.WriteError(w, r, &httpapi.Error{Status: http.StatusServiceUnavailable, Code: "identity_unavailable",
				Message: MsgIdentityUnavailable, Err: err})
			return
		}
		ctx := tenants.WithActor(r.Context(), entry.actor)
		if entry.session != nil {
			ctx = context.WithValue(ctx, sessionKey{}, entry.session)
		}
		if entry.hint != nil {
			ctx = httpapi.WithAuthHint(ctx, entry.hint)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// ForgetUser drops every cached session of a user at once: its roles or regions changed, and its
// next request must see the change.
func (s *Sessions) ForgetUser(id uuid.UUID) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.forgets++
	for k, e := range s.cache {
		if e.actor.UserID == id {
			delete(s.cache, k)
		}
	}
}

// Forget drops a cached session at once (on logout through the proxy).
func (s *Sessions) Forget(cookieValue string) {
	s.mu.Lock()
	s.forgets++
	delete(s.cache, sha256.Sum256([]byte(cookieValue)))
	s.mu.Unlock()
}

// resolve answers from the cache while its entry is younger than the TTL. One lookup per cookie
// runs at a time: the requests that find no valid entry wait for the lookup under way and share
// its answer, instead of each asking Kratos (a user's page makes several requests at once; make
// load's 64 clients of one klusser all missed together when the entry expired, 64 lookups and a
// second's wait). In the last fifth of the TTL, one request looks the session up again while the
// others still use the entry, which is still within its TTL; a failed refresh keeps it until then.
func (s *Sessions) resolve(ctx context.Context, cookieValue string) (cached, error) {
	key := sha256.Sum256([]byte(cookieValue))
	now := s.now()
	s.mu.Lock()
	e, valid := s.cache[key]
	valid = valid && now.Before(e.expires)
	call := s.inflight[key]
	if call != nil && call.gen != s.forgets {
		call = nil // begun before a logout or a change of roles: its answer may be the old one
	}
	if valid && (call != nil || now.Before(e.expires.Add(-s.ttl/5))) {
		s.mu.Unlock()
		return e, nil
	}
	if call != nil {
		s.mu.Unlock()
		select {
		case <-call.done:
			return call.entry, call.err
		case <-ctx.Done():
			return cached{}, ctx.Err()
		}
	}
	call = &lookupCall{done: make(chan struct{}), gen: s.forgets}
	s.inflight[key] = call
	s.mu.Unlock()
	s.runLookup(ctx, key, cookieValue, call)
	if call.err != nil && valid {
		slog.WarnContext(ctx, "refresh session", "err", call.err)
		return e, nil // a refresh ahead of time failed: the entry holds until its TTL ends
	}
	return call.entry, call.err
}

// runLookup does call's lookup and hands its answer to the requests that wait for it, also when
// the lookup panics (the access log recovers the request; the waiting ones must not hang).
func (s *Sessions) runLookup(ctx context.Context, key [32]byte, cookieValue string, call *lookupCall) {
	defer func() {
		if p := recover(); p != nil {
			call.entry, call.err = cached{}, fmt.Errorf("identity: session lookup panicked: %v", p)
		}
		if call.err == nil {
			call.entry.expires = s.now().Add(s.ttl)
		}
		s.mu.Lock()
		if s.inflight[key] == call {
			delete(s.inflight, key)
		}
		if call.err == nil && s.forgets == call.gen {
			s.cache[key] = call.entry
			if len(s.cache) > 10000 { // a flood of bogus cookies must not grow the cache without bound
				for k, v := range s.cache {
					if s.now().After(v.expires) {
						delete(s.cache, k)
					}
				}
			}
		}
		s.mu.Unlock()
		close(call.done)
	}()
	// The waiting requests share this lookup, so it does not end with this request.
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), lookupTimeout)
	defer cancel()
	call.entry, call.err = s.lookup(lctx, cookieValue)
}

// lookupTimeout bounds a lookup that other requests wait for (Kratos's client and the database
// have deadlines of their own; this is the last resort).
const lookupTimeout = 15 * time.Second

// lookup asks Kratos who the cookie belongs to, then the database what that user may do.
func (s *Sessions) lookup(ctx context.Context, cookieValue string) (cached, error) {
	anonymous := cached{actor: tenants.AnonymousActor()}
	sess, resp, err := s.kratos.Frontend.ToSession(ctx).Cookie(s.cookie + "=" + cookieValue).Execute()
	if resp != nil {
		defer resp.Body.Close()
	}
	switch {
	case err == nil:
	case resp != nil && resp.StatusCode == http.StatusUnauthorized:
		return anonymous, nil // expired, revoked or made up
	case resp != nil && resp.StatusCode == http.StatusForbidden && kratosErrorID(err) == "session_aal2_required":
		anonymous.hint = ErrMFARequired
		return anonymous, nil
	default:
		// Kratos is down or does not answer within its client's deadline: Middleware answers 503.
		return cached{}, fmt.Errorf("kratos whoami: %w", err)
	}
	if sess.Active != nil && !*sess.Active || sess.Identity == nil {
		return anonymous, nil
	}
	id, err := uuid.Parse(sess.Identity.Id)
	if err != nil {
		return cached{}, fmt.Errorf("kratos identity id %q: %w", sess.Identity.Id, err)
	}
	session := &Session{IdentityID: id, AAL: "aal1"}
	if sess.AuthenticatorAssuranceLevel != nil {
		session.AAL = string(*sess.AuthenticatorAssuranceLevel)
	}
	if traits, ok := sess.Identity.Traits.(map[string]any); ok {
		session.Email, _ = traits["email"].(string)
		session.Name, _ = traits["name"].(string)
	}
	if err := s.loadAccess(ctx, session); err != nil {
		return cached{}, err
	}
	return cached{session: session, actor: actorOf(session)}, nil
}

// loadAccess reads the user's roles and regions, acting as the user itself (RLS: read_own).
func (s *Sessions) loadAccess(ctx context.Context, session *Session) error {
	self := tenants.Actor{UserID: session.IdentityID, Role: tenants.Authenticated}
	return s.db.InTx(ctx, self, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT role FROM user_roles WHERE user_id = $1`, session.IdentityID)
		if err != nil {
			return err
		}
		roles, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, r := range roles {
			session.Roles = append(session.Roles, tenants.Role(r))
		}
		var naam string
		err = tx.QueryRow(ctx, `SELECT naam, regio FROM profiles WHERE id = $1`, session.IdentityID).Scan(&naam, &session.Regions)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err == nil && naam != "" {
			session.Name = naam
		}
		return err
	})
}

// rolePriority is the staff login's order (document 000 section 6): admin, franchise, klusser.
var rolePriority = []tenants.Role{tenants.Admin, tenants.Franchise, tenants.Klusser}

// PrimaryRole is the role a user acts in: the first of admin, franchise, klusser it has.
func PrimaryRole(roles []tenants.Role) tenants.Role {
	for _, r := range rolePriority {
		if slices.Contains(roles, r) {
			return r
		}
	}
	return tenants.Authenticated
}

func actorOf(s *Session) tenants.Actor {
	a := tenants.Actor{UserID: s.IdentityID, Role: PrimaryRole(s.Roles)}
	if a.Role == tenants.Franchise || a.Role == tenants.Klusser {
		a.Regions = s.Regions
	}
	return a
}

// kratosErrorID digs the error id (such as session_aal2_required) out of a Kratos API error.
func kratosErrorID(err error) string {
	var apiErr *ory.GenericOpenAPIError
	if !errors.As(err, &apiErr) {
		return ""
	}
	if m, ok := apiErr.Model().(ory.ErrorGeneric); ok {
		return m.Error.GetId()
	}
	body := string(apiErr.Body())
	if i := strings.Index(body, `"id":"`); i >= 0 {
		rest := body[i+6:]
		if j := strings.IndexByte(rest, '"'); j >= 0 {
			return rest[:j]
		}
	}
	return ""
}
