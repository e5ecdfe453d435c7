// Command validate builds each Kustomize overlay of infra/k8s as kubectl would, decodes every
// resulting object strictly into its Go type (Kubernetes's own, CloudNativePG's), and checks
// what docs/operations.md promises of the deployment. No cluster and no network are needed.
//
//	go run . -repo ../../.. ../overlays/dev ../overlays/prod
//
// It prints one line per object and per problem, then a summary; it exits 1 on any problem.
// With -render it prints one overlay's manifests instead, built by the same Kustomize version
// that validated them (the input of kubectl apply in docs/operations.md).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	repo := flag.String("repo", "../../..", "the repository's root (for cmd/klusmaat/config.go, infra/kratos, tenants/schema)")
	render := flag.Bool("render", false, "print the overlay's manifests as YAML and do not validate")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: validate [-repo DIR] OVERLAY_DIR...\n       validate -render OVERLAY_DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *render && flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if *render {
		y, err := renderOverlay(flag.Arg(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Stdout.Write(y)
		return
	}
	if problems := validate(*repo, flag.Args(), os.Stdout); problems > 0 {
		os.Exit(1)
	}
}

// validate checks each overlay and returns how many problems it printed.
func validate(repo string, overlays []string, out io.Writer) int {
	facts, err := readRepo(repo)
	if err != nil {
		fmt.Fprintf(out, "FAIL reading the repository at %s: %v\n", repo, err)
		return 1
	}
	var objects, checks, problems int
	for _, dir := range overlays {
		name := filepath.Base(filepath.Clean(dir))
		o, c, p := validateOverlay(facts, dir, name, out)
		objects, checks, problems = objects+o, checks+c, problems+p
	}
	verdict := "ok"
	if problems > 0 {
		verdict = "FAIL"
	}
	names := make([]string, len(overlays))
	for i, dir := range overlays {
		names[i] = filepath.Base(filepath.Clean(dir))
	}
	fmt.Fprintf(out, "%s: %s: %d objects decoded strictly, %d invariant checks, %d problem(s)\n",
		verdict, strings.Join(names, " "), objects, checks, problems)
	return problems
}

func validateOverlay(facts repoFacts, dir, name string, out io.Writer) (objects, checks, problems int) {
	raws, err := buildOverlay(dir)
	if err != nil {
		fmt.Fprintf(out, "FAIL %-5s %v\n", name, err)
		return 0, 0, 1
	}
	var decoded []object
	for _, raw := range raws {
		o, err := decodeStrict(raw)
		if err != nil {
			fmt.Fprintf(out, "FAIL %-5s %s: %v\n", name, o, err)
			problems++
			continue
		}
		fmt.Fprintf(out, "ok   %-5s %s\n", name, o)
		decoded = append(decoded, o)
	}
	if problems > 0 {
		// Invariants read typed fields; a manifest that did not decode would only add noise.
		return len(decoded), 0, problems
	}
	c := newChecker(facts, decoded)
	for _, p := range c.run() {
		fmt.Fprintf(out, "FAIL %-5s %s\n", name, p)
		problems++
	}
	return len(decoded), c.checks, problems
}
