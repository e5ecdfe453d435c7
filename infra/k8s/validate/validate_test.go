package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

const repoRoot = "../../.."

// The overlays as committed, and prod with the restore component, pass.
func TestOverlaysPass(t *testing.T) {
	for _, dir := range []string{"../overlays/dev", "../overlays/prod", "testdata/restore"} {
		var out bytes.Buffer
		if n := validate(repoRoot, []string{dir}, &out); n != 0 {
			t.Errorf("%s: %d problems:\n%s", dir, n, out.String())
		}
	}
}

// Each testdata overlay breaks prod in one way; validation must reject it with that reason.
func TestBrokenManifestsAreRejected(t *testing.T) {
	cases := map[string]string{
		"unknown-field":          `unknown field "spec.template.spec.containers[0].readinesProbe"`,
		"missing-probe":          "server: readinessProbe (HTTP GET /readyz) is missing",
		"wrong-probe-path":       "livenessProbe must GET /healthz, not /health",
		"literal-password":       `the URL's password must be $(VAR) with VAR from a secretKeyRef defined above it, not "hunter2hunter2"`,
		"secret-object":          "Secrets are created in the cluster, not kept in the repository",
		"kratos-admin-open":      "admits to Kratos's admin port more than the server pods (pods of [klusmaat-migrate klusmaat-server klusmaat-worker])",
		"kratos-admin-namespace": "admits to Kratos's admin port more than the server pods (a namespaceSelector)",
		"one-server":             "HPA klusmaat-server: minReplicas must be at least 2",
		"root-user":              "container worker: runAsUser 0 is root",
		"misspelt-setting":       "key KLUSMAAT_PUBLIC_ULR is not a setting of cmd/klusmaat/config.go",
		"two-couriers":           "kratos-courier: exactly one replica with strategy Recreate",
		"server-migrates":        "server: DATABASE_OWNER_URL must be set and empty",
		"kratos-drift":           `kratos config session.lifespan: "12h" in the template, "24h" in the cluster's`,
		"restore-same-folder":    "recovers from serverName klusmaat-db and archives into it too",
	}
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			n := validate(repoRoot, []string{filepath.Join("testdata", name)}, &out)
			if n == 0 {
				t.Fatalf("accepted:\n%s", out.String())
			}
			if !strings.Contains(out.String(), want) {
				t.Fatalf("rejected, but not with %q:\n%s", want, out.String())
			}
			if !strings.Contains(out.String(), "FAIL: "+name+":") {
				t.Errorf("no failing summary line:\n%s", out.String())
			}
		})
	}
}

// The repository facts the invariants rest on are found where they are expected.
func TestRepoFacts(t *testing.T) {
	f, err := readRepo(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"DATABASE_URL", "DATABASE_QUEUE_URL", "DATABASE_OWNER_URL", "KLUSMAAT_ACTOR_KEY", "KRATOS_ADMIN_URL", "SMTP_URL", "BLOB_URL"} {
		if !f.settings[s] {
			t.Errorf("setting %s not found in cmd/klusmaat/config.go", s)
		}
	}
	if !f.healthPaths["/healthz"] || !f.healthPaths["/readyz"] {
		t.Errorf("health routes not found in services/server/server.go: %v", f.healthPaths)
	}
	if r := f.roles["klusmaat_owner"]; !r.attrs["LOGIN"] || len(r.members) != 1 || r.members[0] != "klusmaat_showcase" {
		t.Errorf("klusmaat_owner in bootstrap.sql read as %+v", r)
	}
	if r := f.roles["klusmaat_showcase"]; !r.attrs["NOLOGIN"] || r.attrs["LOGIN"] {
		t.Errorf("klusmaat_showcase in bootstrap.sql read as %+v", r)
	}
}
