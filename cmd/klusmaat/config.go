package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/klusmaat/klusmaat/tenants"
)

// Config is everything the binary reads from its environment. Each field comes from one entry of
// envSettings below, which is also what `klusmaat help` prints, so the documentation cannot drift.
type Config struct {
	Listen       string
	MetricsAddr  string // Prometheus metrics; empty: none
	Pprof        string // "true": Go's profiles on the metrics listener
	Proxies      string // TRUSTED_PROXIES
	DatabaseURL  string // the server's role (klusmaat_app): no table ownership, no BYPASSRLS
	QueueURL     string // the job queue's role (klusmaat_queue): River's tables only
	OwnerURL     string // the schema owner, for migrations; empty: serve does not migrate
	ActorKey     string // proves each transaction's actor to PostgreSQL (tenants/proof.go)
	Dev          string // "true" on a development or test machine: the development actor key is accepted
	Brand        string // D19
	SupportPhone string // D19
	SupportEmail string // D19
	KratosPublic string
	KratosAdmin  string
	SMTPURL      string
	MailFrom     string
	RunWorkers   string // "true" or "false"
	FormLimit    string // submissions per public form per client address per 10 minutes
	LoginLimit   string // sign-in attempts per account per 15 minutes
	BlobURL      string
	PublicURL    string // the site's address, for links in e-mails (D24)
	PortalDist   string
	AdminDist    string
	LogFormat    string
	LogLevel     string
}

type setting struct {
	env, def, doc string
	field         func(*Config) *string
}

// devActorKey is the development default, like the development passwords in the URLs; a
// production deployment sets its own secret.
const devActorKey = "klusmaat-dev-actor-key-not-for-production"

var envSettings = []setting{
	{"KLUSMAAT_LISTEN", ":8080", "address the HTTP server listens on", func(c *Config) *string { return &c.Listen }},
	{"METRICS_ADDR", "127.0.0.1:9090", "address of the Prometheus metrics listener (/metrics), apart from the public port; empty: no metrics", func(c *Config) *string { return &c.MetricsAddr }},
	{"KLUSMAAT_PPROF", "false", "true: the metrics listener also serves Go's CPU and allocation profiles under /debug/pprof/ (make profile); leave it off in production", func(c *Config) *string { return &c.Pprof }},
	{"TRUSTED_PROXIES", "", "comma-separated addresses or CIDRs of the load balancers in front of the server, whose X-Forwarded-For names the visitor (rate limits per address); empty: clients connect directly", func(c *Config) *string { return &c.Proxies }},
	{"DATABASE_URL", "postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:54320/klusmaat", "PostgreSQL URL of the server's own role (klusmaat_app)", func(c *Config) *string { return &c.DatabaseURL }},
	{"DATABASE_QUEUE_URL", "postgres://klusmaat_queue:klusmaat_queue_dev@127.0.0.1:54320/klusmaat", "PostgreSQL URL of the job queue's role (klusmaat_queue), which River's workers use", func(c *Config) *string { return &c.QueueURL }},
	{"DATABASE_OWNER_URL", "postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:54320/klusmaat", "PostgreSQL URL of the schema owner, used to migrate; set it empty to skip migrating at serve start-up", func(c *Config) *string { return &c.OwnerURL }},
	{"KLUSMAAT_ACTOR_KEY", devActorKey, "secret (at least 32 characters) that signs the actor of every database transaction; `klusmaat migrate` stores it for the database, so give migrate and serve the same one", func(c *Config) *string { return &c.ActorKey }},
	{"KLUSMAAT_DEV", "false", "true on a development or test machine only (make run and make test set it): serve, worker and migrate then accept the development actor key", func(c *Config) *string { return &c.Dev }},
	{"KLUSMAAT_BRAND", "Klusmaat", "brand name shown on every page and e-mail (D19)", func(c *Config) *string { return &c.Brand }},
	{"KLUSMAAT_SUPPORT_PHONE", "070 123 45 67", "public contact phone number (D19)", func(c *Config) *string { return &c.SupportPhone }},
	{"KLUSMAAT_SUPPORT_EMAIL", "info@klusmaat.nl", "public contact e-mail address (D19)", func(c *Config) *string { return &c.SupportEmail }},
	{"KRATOS_PUBLIC_URL", "http://127.0.0.1:4433", "Ory Kratos public API", func(c *Config) *string { return &c.KratosPublic }},
	{"KRATOS_ADMIN_URL", "http://127.0.0.1:4434", "Ory Kratos admin API (reachable from the server only)", func(c *Config) *string { return &c.KratosAdmin }},
	{"SMTP_URL", "smtp://127.0.0.1:1025", "outgoing mail server", func(c *Config) *string { return &c.SMTPURL }},
	{"MAIL_FROM", "no-reply@klusmaat.nl", "sender address of the platform's e-mails", func(c *Config) *string { return &c.MailFrom }},
	{"KLUSMAAT_RUN_WORKERS", "true", "run the background workers inside serve (false: only `klusmaat worker` runs them)", func(c *Config) *string { return &c.RunWorkers }},
	{"KLUSMAAT_FORM_LIMIT", "5", "submissions of each public form per client address per 10 minutes", func(c *Config) *string { return &c.FormLimit }},
	{"KLUSMAAT_LOGIN_LIMIT", "10", "sign-in attempts per account per 15 minutes (and three times as many per client address per minute)", func(c *Config) *string { return &c.LoginLimit }},
	{"BLOB_URL", "file://.data/blobs", "file storage: file://DIR locally, s3://BUCKET in production", func(c *Config) *string { return &c.BlobURL }},
	{"KLUSMAAT_PUBLIC_URL", "http://localhost:8080", "the site's public address, for links in e-mails (the customer's status link, D24)", func(c *Config) *string { return &c.PublicURL }},
	{"KLUSMAAT_PORTAL_DIST", "portal-ui/dist", "built public site and klusser portal", func(c *Config) *string { return &c.PortalDist }},
	{"KLUSMAAT_ADMIN_DIST", "admin-ui/dist", "built admin and franchise console", func(c *Config) *string { return &c.AdminDist }},
	{"LOG_FORMAT", "json", "json or text", func(c *Config) *string { return &c.LogFormat }},
	{"LOG_LEVEL", "info", "debug, info, warn or error", func(c *Config) *string { return &c.LogLevel }},
}

// loadConfig reads the environment; a variable that is set, even to "", wins over the default.
func loadConfig(getenv func(string) (string, bool)) (Config, error) {
	var c Config
	for _, s := range envSettings {
		v, ok := getenv(s.env)
		if !ok {
			v = s.def
		}
		*s.field(&c) = strings.TrimSpace(v)
	}
	switch {
	case c.DatabaseURL == "":
		return c, fmt.Errorf("DATABASE_URL must be set")
	case c.QueueURL == "":
		return c, fmt.Errorf("DATABASE_QUEUE_URL must be set")
	case len(c.ActorKey) < tenants.MinActorKeyLength:
		return c, fmt.Errorf("KLUSMAAT_ACTOR_KEY must be at least %d characters", tenants.MinActorKeyLength)
	case c.Dev != "true" && c.Dev != "false":
		return c, fmt.Errorf("KLUSMAAT_DEV must be true or false, not %q", c.Dev)
	case c.LogFormat != "json" && c.LogFormat != "text":
		return c, fmt.Errorf("LOG_FORMAT must be json or text, not %q", c.LogFormat)
	case c.RunWorkers != "true" && c.RunWorkers != "false":
		return c, fmt.Errorf("KLUSMAAT_RUN_WORKERS must be true or false, not %q", c.RunWorkers)
	case !positiveInt(c.FormLimit):
		return c, fmt.Errorf("KLUSMAAT_FORM_LIMIT must be a positive number, not %q", c.FormLimit)
	case !positiveInt(c.LoginLimit):
		return c, fmt.Errorf("KLUSMAAT_LOGIN_LIMIT must be a positive number, not %q", c.LoginLimit)
	case !validLevel(c.LogLevel):
		return c, fmt.Errorf("LOG_LEVEL must be debug, info, warn or error, not %q", c.LogLevel)
	case c.Brand == "":
		return c, fmt.Errorf("KLUSMAAT_BRAND must not be empty")
	case !strings.HasPrefix(c.PublicURL, "http://") && !strings.HasPrefix(c.PublicURL, "https://"):
		return c, fmt.Errorf("KLUSMAAT_PUBLIC_URL must be an http(s) address, not %q", c.PublicURL)
	}
	return c, nil
}

// database is how the binary reaches PostgreSQL as the server and as the job queue.
func (c Config) database() tenants.Config {
	return tenants.Config{URL: c.DatabaseURL, QueueURL: c.QueueURL, ActorKey: c.ActorKey}
}

func envLookup(name string) (string, bool) { return os.LookupEnv(name) }

func printSettings(w io.Writer) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "VARIABLE\tDEFAULT\tMEANING")
	for _, s := range envSettings {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.env, s.def, s.doc)
	}
	tw.Flush()
}

func validLevel(v string) bool {
	var l slog.Level
	return l.UnmarshalText([]byte(strings.ToUpper(v))) == nil
}

func positiveInt(v string) bool {
	n, err := strconv.Atoi(v)
	return err == nil && n > 0
}

// ErrDevActorKey: a command that serves or migrates a database was given no actor key of its own.
var ErrDevActorKey = fmt.Errorf("KLUSMAAT_ACTOR_KEY is not set: serve, worker and migrate need the deployment's own secret "+
	"(at least %d characters; see infra/k8s); on a development machine set KLUSMAAT_DEV=true", tenants.MinActorKeyLength)

// checkActorKeyFor refuses to run cmd with the development actor key, which is in the source, unless
// the machine says it is for development: a production server that forgot its key would otherwise
// accept actors signed by anyone who has read the code (D4).
func (c Config) checkActorKeyFor(cmd string) error {
	switch cmd {
	case "serve", "worker", "migrate":
		if c.ActorKey == devActorKey && c.Dev != "true" {
			return ErrDevActorKey
		}
	}
	return nil
}
