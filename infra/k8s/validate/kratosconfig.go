package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"
)

// The deployed Kratos configuration (base kratos.yml merged with the overlay's site.yml, as
// Kratos merges its --config files) must be infra/kratos/kratos.yml.tmpl rendered for the site:
// the same keys, the same values, and each @PLACEHOLDER@ one value wherever it appears. Only the
// differences below are allowed, each for its reason.
var (
	kratosMayDiffer = map[string]string{
		"serve.public.host": "the template binds loopback for one machine; a pod listens on its interfaces behind NetworkPolicy",
		"serve.admin.host":  "the template binds loopback for one machine; a pod listens on its interfaces behind NetworkPolicy",
	}
	kratosMayLack = map[string]string{
		"courier.smtp.connection_uri": "it holds credentials: COURIER_SMTP_CONNECTION_URI from the Secret kratos",
	}
)

var placeholderRe = regexp.MustCompile(`@([A-Z_]+)@`)

// kratosBindings compares the deployed configuration with the template and returns the value of
// each placeholder (ORIGIN, BRAND, ...), or the differences.
func kratosBindings(tmpl string, files ...string) (map[string]string, []string) {
	var problems []string
	// @X@ cannot start a YAML scalar: parse the template with __X__ instead.
	var want any
	if err := yaml.Unmarshal([]byte(placeholderRe.ReplaceAllString(tmpl, "__${1}__")), &want); err != nil {
		return nil, []string{"infra/kratos/kratos.yml.tmpl: " + err.Error()}
	}
	var got any = map[string]any{}
	for _, f := range files {
		var v any
		if err := yaml.Unmarshal([]byte(f), &v); err != nil {
			return nil, []string{"kratos-config: " + err.Error()}
		}
		got = merge(got, v)
	}
	bind := map[string]string{}
	compareKratos(want, got, "", bind, &problems)
	return bind, problems
}

// merge overlays src on dst: maps key by key, everything else replaced (koanf's merge of
// Kratos's config files).
func merge(dst, src any) any {
	d, ok1 := dst.(map[string]any)
	s, ok2 := src.(map[string]any)
	if !ok1 || !ok2 {
		return src
	}
	out := map[string]any{}
	for k, v := range d {
		out[k] = v
	}
	for k, v := range s {
		if old, ok := out[k]; ok {
			out[k] = merge(old, v)
		} else {
			out[k] = v
		}
	}
	return out
}

var tmplVarRe = regexp.MustCompile(`__([A-Z_]+)__`)

func compareKratos(want, got any, path string, bind map[string]string, problems *[]string) {
	add := func(format string, args ...any) { *problems = append(*problems, fmt.Sprintf(format, args...)) }
	if _, ok := kratosMayDiffer[path]; ok {
		return
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			add("kratos config %s: the template has a map, the cluster %T", path, got)
			return
		}
		for _, k := range sortedKeys(w) {
			p := join(path, k)
			gv, ok := g[k]
			if !ok {
				if _, allowed := kratosMayLack[p]; !allowed {
					add("kratos config %s: in infra/kratos/kratos.yml.tmpl, missing in the cluster's", p)
				}
				continue
			}
			compareKratos(w[k], gv, p, bind, problems)
		}
		for _, k := range sortedKeys(g) {
			if _, ok := w[k]; !ok {
				add("kratos config %s: in the cluster's, not in infra/kratos/kratos.yml.tmpl", join(path, k))
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			add("kratos config %s: the template has %d items, the cluster %v", path, len(w), got)
			return
		}
		for i := range w {
			compareKratos(w[i], g[i], fmt.Sprintf("%s[%d]", path, i), bind, problems)
		}
	default:
		ws, gs := fmt.Sprint(want), fmt.Sprint(got)
		names := tmplVarRe.FindAllStringSubmatch(ws, -1)
		if len(names) == 0 {
			if ws != gs {
				add("kratos config %s: %q in the template, %q in the cluster's", path, ws, gs)
			}
			return
		}
		// The template's text with each placeholder as a group: the cluster's value must fit it.
		pattern := "^" + tmplVarRe.ReplaceAllStringFunc(regexp.QuoteMeta(ws), func(string) string { return "(.+?)" }) + "$"
		m := regexp.MustCompile(pattern).FindStringSubmatch(gs)
		if m == nil {
			add("kratos config %s: %q does not fit the template's %q", path, gs, ws)
			return
		}
		for i, n := range names {
			name, value := n[1], m[i+1]
			if old, ok := bind[name]; ok && old != value {
				add("kratos config %s: @%s@ is %q here but %q elsewhere", path, name, value, old)
				continue
			}
			bind[name] = value
		}
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// kratosFiles are the configuration files in the order a Kratos container's --config flags
// load them, read from the mounted ConfigMap.
func kratosFiles(args []string, mountPath string, data map[string]string) ([]string, error) {
	var files []string
	for i := 0; i < len(args)-1; i++ {
		if args[i] != "--config" && args[i] != "-c" {
			continue
		}
		p := args[i+1]
		if !strings.HasPrefix(p, mountPath+"/") {
			return nil, fmt.Errorf("--config %s is not in the configuration volume (%s)", p, mountPath)
		}
		content, ok := data[strings.TrimPrefix(p, mountPath+"/")]
		if !ok {
			return nil, fmt.Errorf("--config %s: no such key in the ConfigMap", p)
		}
		files = append(files, content)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no --config flag")
	}
	return files, nil
}
