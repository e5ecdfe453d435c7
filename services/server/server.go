// Package server assembles the HTTP server: every service's routes behind the policy middleware,
// the OpenAPI document, health and readiness, and the two front ends. cmd/klusmaat only reads the
// configuration and calls New; the tests call New the same way.
package server

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/aanmaning"
	"github.com/klusmaat/klusmaat/services/aanmelding"
	"github.com/klusmaat/klusmaat/services/aanvraag"
	"github.com/klusmaat/klusmaat/services/afdracht"
	"github.com/klusmaat/klusmaat/services/audit"
	"github.com/klusmaat/klusmaat/services/avg"
	"github.com/klusmaat/klusmaat/services/betaling"
	"github.com/klusmaat/klusmaat/services/contact"
	"github.com/klusmaat/klusmaat/services/dashboard"
	"github.com/klusmaat/klusmaat/services/emailjobs"
	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/franchise"
	"github.com/klusmaat/klusmaat/services/klant"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/klusser"
	"github.com/klusmaat/klusmaat/services/notifications"
	"github.com/klusmaat/klusmaat/services/offerte"
	"github.com/klusmaat/klusmaat/services/planning"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/metrics"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/regio"
	"github.com/klusmaat/klusmaat/services/reports"
	"github.com/klusmaat/klusmaat/services/schouw"
	"github.com/klusmaat/klusmaat/services/settings"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/services/uitbetaling"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Version is the API version in the OpenAPI document.
const Version = "1.0.0"

// Deps are what the server needs from outside.
type Deps struct {
	DB     *tenants.DB
	Policy *policy.Enforcer
	Logger *slog.Logger
	// Metrics instruments every API operation (nil: none); cmd serves it on its own listener.
	Metrics *metrics.Registry
	// TrustedProxies are the load balancers whose X-Forwarded-For names the visitor (none: direct).
	TrustedProxies httpapi.TrustedProxies
	Web            *web.Handler // nil: no front ends (API-only tests)
	Site           web.Site
	Resolver       ActorResolver // nil: every request is anonymous, unless Sessions knows better
	// Kratos and Sessions connect identity (D12-D13); nil in tests that need no sign-in.
	Kratos      *identity.Kratos
	Sessions    *identity.Sessions
	LoginLimits *identity.LoginLimits // nil: identity.DefaultLoginLimits
	// Queue takes background jobs (e-mail, notifications, exports); nil in tests without jobs.
	Queue *jobs.Queue
	// Events streams job changes; nil in tests without the stream.
	Events *events.Hub
	// Files stores uploads and exports; nil in tests without files.
	Files files.Storage
	// FormLimit bounds submissions of each public form per client address; zero: 5 per 10 minutes.
	FormLimit FormLimit
	// Checks are what /readyz reports, each by name (readiness.go).
	Checks []ReadyCheck
	// Clock tells the time for business dates (calendar: Europe/Amsterdam); nil: the real clock.
	Clock calendar.Clock
	// StatusLinks makes the customers' status links (D24); nil: no status page, no links in e-mails.
	StatusLinks *status.Links
	// StatusLimiter is the status link's limit per address, shared by its page and its API; nil:
	// status.NewLimiter.
	StatusLimiter *httpapi.Limiter
	// SharedLimits counts every rate limit (sign-in, code e-mails, forms, confirmations, status
	// link) where all servers see the same counts: the database (tenants.DB.Hit). nil: each server
	// counts its own, as in tests of one handler.
	SharedLimits httpapi.Counter
}

// share makes l count in the shared limits under name, when the server has them.
func (d Deps) share(l *httpapi.Limiter, name string) *httpapi.Limiter {
	if d.SharedLimits != nil {
		l.Share(d.SharedLimits, name)
	}
	return l
}

// clock is the server's clock: the injected one, else the real one.
func (d Deps) clock() calendar.Clock {
	if d.Clock != nil {
		return d.Clock
	}
	return calendar.System
}

// ActorResolver finds who is making a request (the session middleware of the identity service).
type ActorResolver func(r *http.Request) (tenants.Actor, error)

// New returns the server's handler and the API routes it serves.
func New(d Deps) (http.Handler, []httpapi.Route) {
	if d.StatusLimiter == nil {
		d.StatusLimiter = status.NewLimiter()
	}
	d.share(d.StatusLimiter, "status-address")
	routes := Routes(d)

	mux := http.NewServeMux()
	for _, rt := range routes {
		if !rt.Chained() {
			panic("server: route " + rt.Pattern() + " was not built by its module's httpapi.Kit (no standard chain)")
		}
		mux.Handle(rt.Pattern(), d.Metrics.HTTP(rt.Pattern(), httpapi.Protect(d.Policy, rt)))
	}
	if d.Kratos != nil {
		limits := identity.DefaultLoginLimits()
		if d.LoginLimits != nil {
			limits = *d.LoginLimits
		}
		limits = limits.WithDefaults()
		d.share(limits.PerIP, "sign-in-address")
		d.share(limits.PerAccount, "sign-in-account")
		d.share(limits.MailPerIP, "code-mail-address")
		d.share(limits.MailPerAccount, "code-mail-account")
		mux.Handle(identity.ProxyPrefix+"/", identity.NewProxy(d.Kratos, d.Sessions, limits))
	}
	mux.Handle("GET /api/openapi.json", httpapi.ServeOpenAPI(httpapi.OpenAPI(d.Site.Brand+" API", Version, routes,
		httpapi.Contact(d.Site.Brand, d.Site.Email), httpapi.PublicWhen(func(rt httpapi.Route) bool {
			return d.Policy != nil && d.Policy.Allowed(tenants.AnonymousActor(), "", rt.Resource, rt.Action)
		}))))
	mux.Handle("/api/", apiFallback(routes))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		_ = httpapi.EncodeJSON(r.Context(), w, map[string]string{"status": "ok"})
	})
	mux.Handle("GET /readyz", readiness(d.Checks))
	if d.Files != nil {
		mux.Handle(files.PublicPattern, files.PublicHandler(d.Files))
	}
	if d.Web != nil {
		if d.StatusLinks != nil {
			d.Web.Private("/status/", status.Page(d.DB, *d.StatusLinks, d.StatusLimiter))
		}
		mux.Handle("/", d.Web)
	}

	var h http.Handler = mux
	h = httpapi.RequireCSRF(h)
	if d.Sessions != nil {
		h = d.Sessions.Middleware(h)
	}
	h = withActor(d.Resolver, h)
	h = d.TrustedProxies.RealClient(h)
	h = httpapi.AccessLog(h)
	h = httpapi.WithRequestID(h)
	h = httpapi.SecurityHeaders(h)
	return h, routes
}

// FormLimit is a number of submissions per window.
type FormLimit struct {
	Max    int
	Window time.Duration
}

func (f FormLimit) limiter() *httpapi.Limiter {
	if f.Max == 0 {
		f = FormLimit{Max: 5, Window: 10 * time.Minute}
	}
	return httpapi.NewLimiter(f.Max, f.Window)
}

// Routes lists every API route, module by module: each domain's New builds its routes through
// the kit's standard chain. A new domain adds its line here.
func Routes(d Deps) []httpapi.Route {
	k := httpapi.Kit{Logger: d.Logger, Metrics: d.Metrics}
	var enqueue jobs.Enqueue
	if d.Queue != nil {
		enqueue = d.Queue.Enqueue
	}
	// Accounts live in Kratos: without it, creating and deleting accounts answer 503.
	var acc accounts.Service
	if d.Kratos != nil {
		acc = accounts.NewService(d.Kratos, d.DB)
	}
	var blobs klusser.Blobs
	var vogs aanmelding.Blobs
	if d.Files != nil {
		blobs, vogs = d.Files, d.Files
	}
	// The showcase keeps its pages a few seconds; the klussers screen and the showcase photos
	// forget them after each write.
	showcase := klusser.NewShowcaseCache(klusser.ShowcaseTTL)
	modules := [][]httpapi.Route{
		aanvraag.New(k, d.DB, enqueue, d.clock(), aanvraag.Limits{
			PerAddress:    d.share(d.FormLimit.limiter(), "aanvraag-address"),
			Confirmations: d.share(aanvraag.NewConfirmationLimiter(), "aanvraag-confirmation")}),
		aanmelding.New(k, d.DB, d.share(d.FormLimit.limiter(), "aanmelding-address")),
		aanmelding.BeheerModule(k, d.DB, acc, vogs, enqueue),
		klusser.NewShowcase(k, d.DB, PublicFileURL, showcase),
		notifications.New(k, d.DB),
		emailjobs.New(k, d.DB),
		klus.NewPortaal(k, d.DB, enqueue, d.clock(), d.Site.Phone),

		klus.NewBeheer(k, d.DB, enqueue),
		contact.New(k, d.DB),
		schouw.New(k, d.DB, enqueue, d.clock(), d.Files),
		offerte.New(k, d.DB, enqueue, factuur.Site(d.Site), d.clock()),
		planning.New(k, d.DB, d.clock()),
		reports.New(k, d.DB, d.clock()),
		factuur.NewBeheer(k, d.DB, enqueue, d.clock()),
		betaling.New(k, d.DB, d.clock()),
		uitbetaling.New(k, d.DB, d.clock(), factuur.Site(d.Site)),
		aanmaning.New(k, d.DB, factuur.Site(d.Site)),
		afdracht.New(k, d.DB),
		klusser.NewBeheer(k, d.DB, acc, blobs, d.clock(), PublicFileURL, showcase),
		dashboard.New(k, d.DB),
		werkbon.NewBeheer(k, d.DB),
		klant.New(k, d.DB, d.clock()),
		settings.New(k, d.DB),
		audit.New(k, d.DB),
		regio.New(k, d.DB),
	}
	if d.Events != nil {
		modules = append(modules, k.Streams(events.Routes(d.Events)...))
	}
	if d.Files != nil {
		modules = append(modules, files.New(k, d.DB, d.Files, showcase.Forget),
			werkbon.New(k, d.DB, d.Files, enqueue, d.clock()),
			factuur.New(k, d.DB, d.Files, factuur.Site(d.Site), enqueue),
			avg.New(k, d.DB, d.Files, factuur.Site(d.Site)))
	}
	if d.StatusLinks != nil {
		limiter := d.StatusLimiter
		if limiter == nil {
			limiter = d.share(status.NewLimiter(), "status-address")
		}
		modules = append(modules, status.New(k, d.DB, factuur.Site(d.Site), enqueue, *d.StatusLinks, PublicFileURL, limiter, d.clock()))
	}
	if d.Queue != nil && d.Files != nil {
		modules = append(modules, exports.New(k, d.DB, d.Files, func(ctx context.Context, tx pgx.Tx, e exports.Export) error {
			return d.Queue.Enqueue(ctx, tx, exports.ArgsFor(tenants.ActorFrom(ctx), e))
		}))
	}
	if d.Kratos != nil {
		modules = append(modules, identity.New(k, d.Kratos))
		var forget func(uuid.UUID)
		if d.Sessions != nil {
			forget = d.Sessions.ForgetUser
		}
		modules = append(modules, franchise.New(k, d.DB, acc, forget))
	}
	return slices.Concat(modules...)
}

// PublicFileURL is where a browser fetches a public stored file (showcase photos, D6).
func PublicFileURL(key string) string { return files.PublicPrefix + key }

// withActor puts the request's actor in its context, anonymous unless the resolver knows better.
func withActor(resolve ActorResolver, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		actor := tenants.AnonymousActor()
		if resolve != nil {
			a, err := resolve(r)
			if err != nil {
				httpapi.WriteError(w, r, err)
				return
			}
			actor = a
		}
		next.ServeHTTP(w, r.WithContext(tenants.WithActor(r.Context(), actor)))
	})
}

// apiFallback answers API paths that no route serves: 405 with Allow when the path exists for
// other methods, else 404; always JSON, never the web page.
func apiFallback(routes []httpapi.Route) http.Handler {
	byPath := http.NewServeMux()
	methods := map[string][]string{}
	for _, rt := range routes {
		if methods[rt.Path] == nil {
			byPath.Handle(rt.Path, http.NotFoundHandler())
		}
		methods[rt.Path] = append(methods[rt.Path], rt.Method)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := byPath.Handler(r); pattern != "" {
			w.Header().Set("Allow", strings.Join(methods[pattern], ", "))
			httpapi.WriteError(w, r, &httpapi.Error{Status: http.StatusMethodNotAllowed, Code: "method_not_allowed",
				Message: "Deze actie is hier niet mogelijk."})
			return
		}
		httpapi.WriteError(w, r, httpapi.NotFound("not_found", "Dit adres bestaat niet."))
	})
}
