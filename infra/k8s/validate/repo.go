package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// repoFacts are what the manifests must agree with, read from the rest of the repository each
// run, so that a change there that the manifests do not follow fails validation.
type repoFacts struct {
	settings      map[string]bool    // environment variables cmd/klusmaat/config.go reads
	healthPaths   map[string]bool    // GET routes services/server/server.go serves, e.g. /healthz
	kratosVersion string             // infra/kratos/build.sh
	dockerKratos  string             // KRATOS_VERSION default in infra/deploy/Dockerfile.kratos
	kratosTmpl    string             // infra/kratos/kratos.yml.tmpl
	roles         map[string]roleDef // tenants/schema/bootstrap.sql
}

type roleDef struct {
	attrs   map[string]bool // LOGIN, NOLOGIN, CREATEDB, NOSUPERUSER, ...
	members []string        // roles granted to it
}

var (
	settingRe   = regexp.MustCompile(`(?m)^\s*\{"([A-Z][A-Z0-9_]*)", `)
	routeRe     = regexp.MustCompile(`"GET (/[a-z]+)"`)
	versionRe   = regexp.MustCompile(`(?m)^version=(v[0-9.]+)$`)
	dockerArgRe = regexp.MustCompile(`(?m)^ARG KRATOS_VERSION=(v[0-9.]+)$`)
	createRole  = regexp.MustCompile(`CREATE ROLE (\w+)((?: [A-Z]+)*)`)
	grantRole   = regexp.MustCompile(`(?m)^GRANT (\w+) TO (\w+);`)
)

func readRepo(root string) (repoFacts, error) {
	read := func(rel string) (string, error) {
		b, err := os.ReadFile(filepath.Join(root, rel))
		return string(b), err
	}
	var f repoFacts
	var firstErr error
	get := func(rel string) string {
		s, err := read(rel)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return s
	}
	config := get("cmd/klusmaat/config.go")
	server := get("services/server/server.go")
	build := get("infra/kratos/build.sh")
	docker := get("infra/deploy/Dockerfile.kratos")
	f.kratosTmpl = get("infra/kratos/kratos.yml.tmpl")
	bootstrap := get("tenants/schema/bootstrap.sql")
	if firstErr != nil {
		return f, firstErr
	}

	f.settings = map[string]bool{}
	for _, m := range settingRe.FindAllStringSubmatch(config, -1) {
		f.settings[m[1]] = true
	}
	f.healthPaths = map[string]bool{}
	for _, m := range routeRe.FindAllStringSubmatch(server, -1) {
		f.healthPaths[m[1]] = true
	}
	if m := versionRe.FindStringSubmatch(build); m != nil {
		f.kratosVersion = m[1]
	}
	if m := dockerArgRe.FindStringSubmatch(docker); m != nil {
		f.dockerKratos = m[1]
	}
	f.roles = map[string]roleDef{}
	for _, m := range createRole.FindAllStringSubmatch(bootstrap, -1) {
		r := roleDef{attrs: map[string]bool{}}
		for _, a := range strings.Fields(m[2]) {
			if a != "PASSWORD" {
				r.attrs[a] = true
			}
		}
		f.roles[m[1]] = r
	}
	for _, m := range grantRole.FindAllStringSubmatch(bootstrap, -1) {
		r := f.roles[m[2]]
		r.members = append(r.members, m[1])
		f.roles[m[2]] = r
	}

	switch {
	case len(f.settings) < 10:
		return f, fmt.Errorf("found only %d settings in cmd/klusmaat/config.go: has its format changed?", len(f.settings))
	case f.kratosVersion == "":
		return f, fmt.Errorf("no version= line in infra/kratos/build.sh")
	case f.dockerKratos == "":
		return f, fmt.Errorf("no ARG KRATOS_VERSION= line in infra/deploy/Dockerfile.kratos")
	case len(f.roles) == 0:
		return f, fmt.Errorf("no CREATE ROLE in tenants/schema/bootstrap.sql")
	}
	return f, nil
}
