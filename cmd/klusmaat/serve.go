package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/metrics"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/settings"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/schema"
)

func serve(ctx context.Context, cfg Config, logger *slog.Logger) error {
	if set := tuneGC(os.Getenv, os.ReadFile); len(set) > 0 {
		logger.InfoContext(ctx, "garbage collector", set...)
	}
	if cfg.OwnerURL != "" {
		if err := migrateCmd(ctx, cfg, logger); err != nil {
			return err
		}
	}
	database, err := openChecked(ctx, cfg)
	if err != nil {
		return err
	}
	defer database.Close()
	cfg.SupportPhone = supportDefault(ctx, cfg, database)
	enforcer, err := policy.New()
	if err != nil {
		return err
	}
	site := web.Site{Brand: cfg.Brand, Phone: cfg.SupportPhone, Email: cfg.SupportEmail}
	front, err := web.New(cfg.PortalDist, cfg.AdminDist, site)
	if err != nil {
		return err
	}
	latest, err := schema.LatestVersion()
	if err != nil {
		return err
	}
	kratos, err := identity.NewKratos(cfg.KratosPublic, cfg.KratosAdmin)
	if err != nil {
		return err
	}
	sessions := identity.NewSessions(kratos, database, identity.DefaultCookie, identity.DefaultCacheTTL)
	storage, err := files.OpenStorage(ctx, cfg.BlobURL)
	if err != nil {
		return err
	}
	defer storage.Close()
	reg := newMetrics(database)
	queue, err := newQueue(cfg, database, storage, logger, cfg.RunWorkers == "true", reg)
	if err != nil {
		return err
	}
	if err := queue.Start(ctx); err != nil {
		return err
	}
	defer stopQueue(queue, logger)
	proxies, err := httpapi.ParseTrustedProxies(cfg.Proxies)
	if err != nil {
		return err
	}
	hub := events.NewHub(database)
	go hub.Run(ctx)
	reg.Gauge("klusmaat_event_streams", "Open event streams (server-sent events) of this process.", func() float64 { return float64(hub.Subscribers()) })
	links := status.NewLinks(cfg.ActorKey, strings.TrimRight(cfg.PublicURL, "/"))
	handler, _ := server.New(server.Deps{
		DB: database, Policy: enforcer, Logger: logger, Metrics: reg, TrustedProxies: proxies, Web: front, Site: site,
		Kratos: kratos, Sessions: sessions, Queue: queue, Events: hub, Files: storage,
		FormLimit:   server.FormLimit{Max: atoi(cfg.FormLimit), Window: 10 * time.Minute},
		LoginLimits: loginLimits(atoi(cfg.LoginLimit)),
		// Every server counts in the database, so N servers admit what one does.
		SharedLimits: database,
		Checks: []server.ReadyCheck{
			{Name: "postgres", Required: true, Check: func(ctx context.Context) error { return ready(ctx, database, latest) }},
			{Name: "kratos", Check: kratos.Ready},
		},
		StatusLinks: &links,
	})

	srv := &http.Server{
		Addr:              cfg.Listen,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 2)
	go func() { errc <- srv.ListenAndServe() }()
	stopMetrics := serveMetrics(cfg.MetricsAddr, cfg.Pprof == "true", reg, logger, errc)
	defer stopMetrics()
	logger.Info("serving", "addr", cfg.Listen, "metrics", cfg.MetricsAddr, "brand", cfg.Brand)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	logger.Info("shutting down")
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// ready: the database answers as the server's role and its schema is at least the one this
// binary expects. A newer schema is fine: migrations only add (expand, then contract in a later
// release), so during a rollout the old servers keep serving after the migration Job ran.
func ready(ctx context.Context, database *tenants.DB, latest int32) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	v, err := database.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if v < latest {
		return fmt.Errorf("schema version %d, binary expects %d", v, latest)
	}
	return nil
}

// loginLimits: n attempts per account per quarter hour, 3n per address per minute (n = 10 gives
// identity.DefaultLoginLimits); code e-mails keep their defaults.
func loginLimits(n int) *identity.LoginLimits {
	l := identity.DefaultLoginLimits()
	if n > 0 {
		l.PerAccount = httpapi.NewLimiter(n, 15*time.Minute)
		l.PerIP = httpapi.NewLimiter(3*n, time.Minute)
	}
	return &l
}

// newMetrics is the process's registry with its database pools and River's jobs.
func newMetrics(database *tenants.DB) *metrics.Registry {
	reg := metrics.New()
	reg.Pool("app", database.AppPool())
	reg.Pool("queue", database.QueuePool())
	reg.Register(metrics.NewJobs(database.QueuePool(), schema.RiverSchema))
	return reg
}

// serveMetrics serves /metrics on addr (never the public port); an empty addr serves nothing.
// A listener that fails is reported on errc, like the main one. The returned func stops it.
func serveMetrics(addr string, pprofOn bool, reg *metrics.Registry, logger *slog.Logger, errc chan<- error) func() {
	if addr == "" {
		return func() {}
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", reg.Handler())
	if pprofOn {
		// Only on this listener, never on the public port: a profile shows the code's hot paths.
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	}
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	go func() {
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- fmt.Errorf("metrics listener %s: %w", addr, err)
		}
	}()
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}
}

func migrateCmd(ctx context.Context, cfg Config, logger *slog.Logger) error {
	if cfg.OwnerURL == "" {
		return errors.New("DATABASE_OWNER_URL is empty: nothing to migrate with")
	}
	v, err := schema.Migrate(ctx, cfg.OwnerURL, cfg.ActorKey)
	if err != nil {
		return err
	}
	logger.Info("database migrated", "version", v)
	return nil
}

func newLogger(cfg Config, w io.Writer) *slog.Logger {
	level := slog.LevelInfo
	_ = level.UnmarshalText([]byte(strings.ToUpper(cfg.LogLevel)))
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler
	if cfg.LogFormat == "text" {
		h = slog.NewTextHandler(w, opts)
	} else {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(httpapi.LogHandler{Handler: h})
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// openChecked opens the database for serve and worker. D4: it refuses to run with a database
// role that row-level security would not hold, or with an actor key the database does not share.
// supportDefault is the support phone of the site and of what names no region: the default the
// office set (instellingen), else the configured one (D19), so that the site, the e-mails, the PDFs
// and the status page say the same (docs/decisions.md D33). Read at start-up.
func supportDefault(ctx context.Context, cfg Config, db *tenants.DB) string {
	if c, err := settings.ContactOf(ctx, db, uuid.Nil, ""); err == nil && c.Phone != "" {
		return c.Phone
	}
	return cfg.SupportPhone
}

func openChecked(ctx context.Context, cfg Config) (*tenants.DB, error) {
	database, err := tenants.Open(ctx, cfg.database())
	if err != nil {
		return nil, err
	}
	if err := database.CheckRole(ctx); err != nil {
		database.Close()
		return nil, err
	}
	if err := database.CheckActorKey(ctx); err != nil {
		database.Close()
		return nil, err
	}
	return database, nil
}
