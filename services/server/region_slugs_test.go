package server_test

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// regionSlug matches the slugs of the first four regions. D1: regions are rows (table regions,
// GET /api/v1/regios), so no code lists them; only migrations, the demo seed and tests may name
// them.
var regionSlug = regexp.MustCompile(`\b(amsterdam|rotterdam|den-haag|utrecht)\b`)

var (
	frontEndTest   = regexp.MustCompile(`\.test\.[cm]?[jt]sx?$`)
	frontEndHelper = regexp.MustCompile(`^test[A-Z].*\.tsx?$`)
)

// slugRoots are the code directories, relative to the repository root.
var slugRoots = []string{"services", "tenants", "jobs", "cmd", "policy", "admin-ui/src", "portal-ui/src", "shared-ui/src"}

// slugExempt says whether a file is a test, test support, test data, a migration or the seed.
func slugExempt(rel string) bool {
	rel = filepath.ToSlash(rel)
	base := filepath.Base(rel)
	switch {
	case strings.HasPrefix(rel, "tenants/schema/migrations/"), strings.HasPrefix(rel, "tenants/schema/seed/"):
		return true
	case strings.HasSuffix(base, "_test.go"), frontEndTest.MatchString(base):
		return true
	case strings.HasSuffix(filepath.Base(filepath.Dir(rel)), "test"):
		return true // a Go test kit, named like net/http/httptest (tenants/dbtest, services/server/servertest)
	case strings.Contains("/"+rel, "/testdata/"), strings.Contains("/"+rel, "/test/"):
		return true // test data, and the front ends' test helpers (src/test/)
	case frontEndHelper.MatchString(base):
		return true // a test helper next to its tests (testFixtures.ts, testKit.tsx)
	}
	return false
}

// goStringSlugs returns the string literals of a Go file that name a region slug (comments are
// not code; struct tags and doc strings are).
func goStringSlugs(src []byte) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
	var found []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return found
		}
		if (tok == token.STRING || tok == token.CHAR) && regionSlug.MatchString(lit) {
			found = append(found, lit)
		}
	}
}

// withoutComments returns TypeScript source without its comments; strings and template literals
// stay (a quote inside a comment, or a comment marker inside a string, is handled). A regular
// expression literal is read as code, which is enough here: a ' or " string never spans lines,
// so a stray quote ends at the line's end.
func withoutComments(src string) string {
	var b strings.Builder
	const (
		code = iota
		line
		block
		str
	)
	state, quote := code, byte(0)
	for i := 0; i < len(src); i++ {
		c := src[i]
		next := byte(0)
		if i+1 < len(src) {
			next = src[i+1]
		}
		switch state {
		case code:
			switch {
			case c == '/' && next == '/':
				state, i = line, i+1
				continue
			case c == '/' && next == '*':
				state, i = block, i+1
				continue
			case c == '\'' || c == '"' || c == '`':
				state, quote = str, c
			}
			b.WriteByte(c)
		case line:
			if c == '\n' {
				state = code
				b.WriteByte(c)
			}
		case block:
			if c == '*' && next == '/' {
				state, i = code, i+1
			} else if c == '\n' {
				b.WriteByte(c)
			}
		case str:
			b.WriteByte(c)
			switch {
			case c == '\\' && next != 0:
				b.WriteByte(next)
				i++
			case c == quote, c == '\n' && quote != '`':
				state = code
			}
		}
	}
	return b.String()
}

// A new franchise region is a row, not a code change (D1): the region slugs appear in no code
// outside migrations, the demo seed and tests — not in a Go string literal (a list, a struct
// tag's doc string) and not in TypeScript code (comments aside). The screens read the regions from
// GET /api/v1/regios; the forms check them against the table (tenants.ActiveRegions).
func TestNoRegionSlugsInCode(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, dir := range slugRoots {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() {
				if e.Name() == "node_modules" || e.Name() == "dist" {
					return filepath.SkipDir
				}
				return nil
			}
			rel, _ := filepath.Rel(root, path)
			ext := filepath.Ext(path)
			if slugExempt(rel) || (ext != ".go" && ext != ".ts" && ext != ".tsx") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			checked++
			if ext == ".go" {
				for _, lit := range goStringSlugs(src) {
					t.Errorf("%s: region slug in a string literal %s; read the regions from the database (tenants.ActiveRegions, GET /api/v1/regios)", rel, lit)
				}
				return nil
			}
			for n, l := range strings.Split(withoutComments(string(src)), "\n") {
				if m := regionSlug.FindString(l); m != "" {
					t.Errorf("%s:%d: region slug %q in code; read the regions from GET /api/v1/regios (useRegios)", rel, n+1, m)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 100 {
		t.Fatalf("checked only %d files; is the repository layout as expected?", checked)
	}
}

// The checker itself: what counts as code, and what is exempt.
func TestRegionSlugCheckerFindsCode(t *testing.T) {
	if got := goStringSlugs([]byte("package x\n// den-haag in a comment\nvar r = []string{\"den-haag\"}\ntype T struct{ R string `doc:\"utrecht\"` }\n")); len(got) != 2 {
		t.Errorf("Go: %q, want the list's literal and the tag", got)
	}
	ts := "// 'amsterdam'\n/* rotterdam\n */ const a = 'http://x'; // utrecht\nconst b = [\"den-haag\"];\n"
	if got := regionSlug.FindAllString(withoutComments(ts), -1); len(got) != 1 || got[0] != "den-haag" {
		t.Errorf("TypeScript: %q, want only den-haag (the rest are comments)", got)
	}
	for rel, want := range map[string]bool{
		"admin-ui/src/klussen/status.tsx":           false,
		"admin-ui/src/klussen/KlusList.test.tsx":    true,
		"admin-ui/src/werkbonnen/testFixtures.ts":   true,
		"portal-ui/src/test/fetchMock.ts":           true,
		"tenants/schema/seed/seed.go":               true,
		"tenants/schema/migrations/001_x.sql":       true,
		"services/server/testdata/isolation.csv":    true,
		"services/klusser/beheer_profiel.go":        false,
		"services/klusser/showcase_service_test.go": true,
	} {
		if slugExempt(rel) != want {
			t.Errorf("slugExempt(%q) = %t, want %t", rel, !want, want)
		}
	}
}
