package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// env is a fake environment: only the variables in the map are set.
func env(vars map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

func TestConfigDefaults(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil {
		t.Fatalf("defaults refused: %v", err)
	}
	want := Config{
		Listen:       ":8080",
		MetricsAddr:  "127.0.0.1:9090",
		Pprof:        "false",
		Proxies:      "",
		DatabaseURL:  "postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:54320/klusmaat",
		QueueURL:     "postgres://klusmaat_queue:klusmaat_queue_dev@127.0.0.1:54320/klusmaat",
		OwnerURL:     "postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:54320/klusmaat",
		ActorKey:     "klusmaat-dev-actor-key-not-for-production",
		Dev:          "false",
		Brand:        "Klusmaat", // D19
		SupportPhone: "070 123 45 67",
		SupportEmail: "info@klusmaat.nl",
		KratosPublic: "http://127.0.0.1:4433",
		KratosAdmin:  "http://127.0.0.1:4434",
		SMTPURL:      "smtp://127.0.0.1:1025",
		MailFrom:     "no-reply@klusmaat.nl",
		RunWorkers:   "true",
		FormLimit:    "5",
		LoginLimit:   "10",
		BlobURL:      "file://.data/blobs",
		PublicURL:    "http://localhost:8080",
		PortalDist:   "portal-ui/dist",
		AdminDist:    "admin-ui/dist",
		LogFormat:    "json",
		LogLevel:     "info",
	}
	if c != want {
		t.Errorf("defaults =\n%+v\nwant\n%+v", c, want)
	}
}

func TestConfigEnvOverrides(t *testing.T) {
	vars := map[string]string{
		"KLUSMAAT_LISTEN":        "127.0.0.1:9000",
		"METRICS_ADDR":           ":9191",
		"KLUSMAAT_PPROF":         "true",
		"TRUSTED_PROXIES":        "10.0.0.0/8",
		"DATABASE_URL":           "postgres://app@db/prod",
		"DATABASE_OWNER_URL":     "postgres://owner@db/prod",
		"DATABASE_QUEUE_URL":     "postgres://queue@db/prod",
		"KLUSMAAT_ACTOR_KEY":     "a-production-secret-of-at-least-32-characters",
		"KLUSMAAT_DEV":           "true",
		"KLUSMAAT_BRAND":         "  Senior Klus  ",
		"KLUSMAAT_SUPPORT_PHONE": "010 999 99 99",
		"KLUSMAAT_SUPPORT_EMAIL": "hulp@example.nl",
		"KRATOS_PUBLIC_URL":      "https://id.example.nl",
		"KRATOS_ADMIN_URL":       "http://kratos:4434",
		"SMTP_URL":               "smtp://mail:25",
		"MAIL_FROM":              "post@example.nl",
		"KLUSMAAT_RUN_WORKERS":   "false",
		"KLUSMAAT_FORM_LIMIT":    "50",
		"KLUSMAAT_LOGIN_LIMIT":   "20",
		"BLOB_URL":               "s3://klusmaat-files",
		"KLUSMAAT_PUBLIC_URL":    "https://www.example.nl",
		"KLUSMAAT_PORTAL_DIST":   "/srv/portal",
		"KLUSMAAT_ADMIN_DIST":    "/srv/admin",
		"LOG_FORMAT":             "text",
		"LOG_LEVEL":              "debug",
	}
	c, err := loadConfig(env(vars))
	if err != nil {
		t.Fatalf("loadConfig: %v", err)
	}
	want := Config{
		Listen: "127.0.0.1:9000", MetricsAddr: ":9191", Pprof: "true", Proxies: "10.0.0.0/8", DatabaseURL: "postgres://app@db/prod", OwnerURL: "postgres://owner@db/prod",
		QueueURL: "postgres://queue@db/prod", ActorKey: "a-production-secret-of-at-least-32-characters", Dev: "true",
		Brand: "Senior Klus", SupportPhone: "010 999 99 99", SupportEmail: "hulp@example.nl",
		KratosPublic: "https://id.example.nl", KratosAdmin: "http://kratos:4434", SMTPURL: "smtp://mail:25", MailFrom: "post@example.nl", RunWorkers: "false", FormLimit: "50", LoginLimit: "20",
		BlobURL: "s3://klusmaat-files", PublicURL: "https://www.example.nl", PortalDist: "/srv/portal", AdminDist: "/srv/admin",
		LogFormat: "text", LogLevel: "debug",
	}
	if c != want {
		t.Errorf("config =\n%+v\nwant\n%+v", c, want)
	}
	// Every variable is read: the test above sets one per setting.
	if len(vars) != len(envSettings) {
		t.Errorf("test sets %d variables, there are %d settings", len(vars), len(envSettings))
	}
}

func TestConfigEmptyOwnerURLSkipsMigrations(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"DATABASE_OWNER_URL": ""}))
	if err != nil {
		t.Fatalf("loadConfig: %v", err)
	}
	if c.OwnerURL != "" {
		t.Errorf("OwnerURL = %q, want empty: a variable set to \"\" wins over the default", c.OwnerURL)
	}
	// And then migrate refuses clearly instead of connecting to the default owner.
	err = migrateCmd(context.Background(), c, newLogger(c, &bytes.Buffer{}))
	if err == nil || !strings.Contains(err.Error(), "DATABASE_OWNER_URL") {
		t.Errorf("migrate with empty DATABASE_OWNER_URL = %v, want an error naming the variable", err)
	}
}

func TestConfigRefusals(t *testing.T) {
	tests := []struct {
		name string
		vars map[string]string
		want string
	}{
		{"xml log format", map[string]string{"LOG_FORMAT": "xml"}, "LOG_FORMAT"},
		{"upper-case log format", map[string]string{"LOG_FORMAT": "JSON"}, "LOG_FORMAT"},
		{"empty database url", map[string]string{"DATABASE_URL": ""}, "DATABASE_URL"},
		{"blank database url", map[string]string{"DATABASE_URL": "   "}, "DATABASE_URL"},
		{"empty brand", map[string]string{"KLUSMAAT_BRAND": " "}, "KLUSMAAT_BRAND"},
		{"empty queue url", map[string]string{"DATABASE_QUEUE_URL": ""}, "DATABASE_QUEUE_URL"},
		{"short actor key", map[string]string{"KLUSMAAT_ACTOR_KEY": "geheim"}, "KLUSMAAT_ACTOR_KEY"},
		{"dev neither true nor false", map[string]string{"KLUSMAAT_DEV": "yes"}, "KLUSMAAT_DEV"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadConfig(env(tt.vars))
			if err == nil {
				t.Fatalf("loadConfig(%v) accepted", tt.vars)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name %s", err, tt.want)
			}
		})
	}
}

func TestPrintSettingsListsEveryVariable(t *testing.T) {
	var buf bytes.Buffer
	printSettings(&buf)
	out := buf.String()
	names := []string{
		"KLUSMAAT_LISTEN", "METRICS_ADDR", "KLUSMAAT_PPROF", "TRUSTED_PROXIES", "DATABASE_URL", "DATABASE_QUEUE_URL", "DATABASE_OWNER_URL", "KLUSMAAT_ACTOR_KEY", "KLUSMAAT_DEV", "KLUSMAAT_BRAND", "KLUSMAAT_SUPPORT_PHONE",
		"KLUSMAAT_SUPPORT_EMAIL", "KRATOS_PUBLIC_URL", "KRATOS_ADMIN_URL", "SMTP_URL", "MAIL_FROM", "KLUSMAAT_RUN_WORKERS", "KLUSMAAT_FORM_LIMIT", "KLUSMAAT_LOGIN_LIMIT", "BLOB_URL", "KLUSMAAT_PUBLIC_URL",
		"KLUSMAAT_PORTAL_DIST", "KLUSMAAT_ADMIN_DIST", "LOG_FORMAT", "LOG_LEVEL",
	}
	if len(names) != len(envSettings) {
		t.Errorf("test knows %d variables, config has %d settings", len(names), len(envSettings))
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(envSettings)+1 || !strings.HasPrefix(lines[0], "VARIABLE") {
		t.Fatalf("help has %d lines, want a header and one line per setting:\n%s", len(lines), out)
	}
	for _, s := range envSettings {
		found := false
		for _, line := range lines[1:] {
			f := strings.Fields(line)
			if len(f) > 0 && f[0] == s.env {
				found = true
				if !strings.Contains(line, s.doc) {
					t.Errorf("line for %s lacks its meaning %q: %q", s.env, s.doc, line)
				}
			}
		}
		if !found {
			t.Errorf("help does not list %s:\n%s", s.env, out)
		}
	}
	for _, n := range names {
		if !strings.Contains(out, n) {
			t.Errorf("help does not list %s", n)
		}
	}
	if !strings.Contains(out, "Klusmaat") || !strings.Contains(out, ":8080") {
		t.Errorf("help does not show the defaults:\n%s", out)
	}
}

func TestNewLogger(t *testing.T) {
	t.Run("json with request ids", func(t *testing.T) {
		var buf bytes.Buffer
		logger := newLogger(Config{LogFormat: "json", LogLevel: "info"}, &buf)
		logger.Debug("verborgen")
		ctxWithID := requestContext(t, "req-abcdef12")
		logger.InfoContext(ctxWithID, "zichtbaar")
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		if len(lines) != 1 {
			t.Fatalf("got %d lines, want only the info record: %q", len(lines), buf.String())
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
			t.Fatalf("not JSON: %q", lines[0])
		}
		if rec["msg"] != "zichtbaar" || rec["request_id"] != "req-abcdef12" {
			t.Errorf("record = %v, want msg zichtbaar with request_id", rec)
		}
	})
	t.Run("text at debug", func(t *testing.T) {
		var buf bytes.Buffer
		logger := newLogger(Config{LogFormat: "text", LogLevel: "debug"}, &buf)
		logger.Debug("details", "n", 1)
		if !strings.Contains(buf.String(), "level=DEBUG msg=details n=1") {
			t.Errorf("text debug output = %q", buf.String())
		}
	})
	t.Run("warn hides info", func(t *testing.T) {
		var buf bytes.Buffer
		logger := newLogger(Config{LogFormat: "json", LogLevel: "warn"}, &buf)
		logger.Info("stil")
		logger.Warn("luid")
		if strings.Contains(buf.String(), "stil") || !strings.Contains(buf.String(), "luid") {
			t.Errorf("warn level output = %q", buf.String())
		}
	})
}

// requestContext returns the context a handler behind WithRequestID sees for the given id.
func requestContext(t *testing.T, id string) context.Context {
	t.Helper()
	var ctx context.Context
	h := httpapi.WithRequestID(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { ctx = r.Context() }))
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Set(httpapi.RequestIDHeader, id)
	h.ServeHTTP(httptest.NewRecorder(), r)
	if ctx == nil {
		t.Fatal("handler not reached")
	}
	return ctx
}

func TestLoadConfigRefusesUnknownLogLevel(t *testing.T) {
	env := map[string]string{"LOG_LEVEL": "verbose"}
	_, err := loadConfig(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err == nil || !strings.Contains(err.Error(), "LOG_LEVEL") {
		t.Fatalf("LOG_LEVEL=verbose: %v", err)
	}
	env["LOG_LEVEL"] = "debug"
	if _, err := loadConfig(func(k string) (string, bool) { v, ok := env[k]; return v, ok }); err != nil {
		t.Fatalf("LOG_LEVEL=debug refused: %v", err)
	}
}

// The development actor key is in the source: serve, worker and migrate refuse it unless the
// machine says it is for development; a deployment's own key, or the other commands, are not
// affected.
func TestDevelopmentActorKeyOnlyOnDevelopmentMachines(t *testing.T) {
	prod, err := loadConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"serve", "worker", "migrate"} {
		if err := prod.checkActorKeyFor(cmd); !errors.Is(err, ErrDevActorKey) {
			t.Errorf("%s with the development key and KLUSMAAT_DEV unset: %v, want ErrDevActorKey", cmd, err)
		}
	}
	if err := prod.checkActorKeyFor("seed"); err != nil {
		t.Errorf("seed (development data only): %v", err)
	}
	dev, err := loadConfig(env(map[string]string{"KLUSMAAT_DEV": "true"}))
	if err != nil {
		t.Fatal(err)
	}
	own, err := loadConfig(env(map[string]string{"KLUSMAAT_ACTOR_KEY": "a-production-secret-of-at-least-32-characters"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"serve", "worker", "migrate"} {
		if err := dev.checkActorKeyFor(cmd); err != nil {
			t.Errorf("%s on a development machine: %v", cmd, err)
		}
		if err := own.checkActorKeyFor(cmd); err != nil {
			t.Errorf("%s with the deployment's own key: %v", cmd, err)
		}
	}
}
