package main

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The repository explains itself: what the code cites is inside it. A decision "D7" is a heading
// of docs/decisions.md, "document 001 section 8" (or a bare "section 8", which means document 001)
// a section of docs/spec.md, and no file points at a path outside the repository.

// repoRoot is the checkout this test runs in (cmd/klusmaat is two levels down).
const repoRoot = "../.."

var (
	decisionCite   = regexp.MustCompile(`(?:^|[^A-Za-z0-9_#-])D([0-9]+)\b`)
	decisionHead   = regexp.MustCompile(`(?m)^## D([0-9]+): \S`)
	documentCite   = regexp.MustCompile(`(?i)document (00[01]),? sections? ([0-9]+)`)
	bareCite       = regexp.MustCompile(`(?i)(?:^|[^A-Za-z0-9])section ([0-9]+)\b`)
	specHead       = regexp.MustCompile(`(?m)^### (00[01]) section ([0-9]+): \S`)
	outsidePath    = regexp.MustCompile(`/work/|shared/spec|shared/STYLE|/home/[a-z]+/`)
	skippedFolders = map[string]bool{".git": true, "node_modules": true, ".data": true, "dist": true, "dist-ssr": true, "bin": true, "testdata": true}
	// Text files of the project: code, scripts, SQL, manifests and docs.
	textExt = map[string]bool{".go": true, ".ts": true, ".tsx": true, ".mjs": true, ".js": true, ".sql": true, ".sh": true,
		".yaml": true, ".yml": true, ".md": true, ".css": true, ".html": true, ".conf": true, ".csv": true, ".tmpl": true}
)

// textFiles calls fn for every project text file with its path relative to the root.
func textFiles(t *testing.T, fn func(rel string, body string)) {
	t.Helper()
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skippedFolders[d.Name()] || (d.Name() != ".ci" && strings.HasPrefix(d.Name(), ".") && path != repoRoot) {
				return filepath.SkipDir
			}
			return nil
		}
		if !textExt[filepath.Ext(path)] && d.Name() != "Makefile" && filepath.Base(filepath.Dir(path)) != ".ci" {
			return nil
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, path)
		fn(filepath.ToSlash(rel), string(body))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestEveryCitedDecisionIsInDocsDecisions(t *testing.T) {
	known := map[string]bool{}
	for _, m := range decisionHead.FindAllStringSubmatch(read(t, "docs/decisions.md"), -1) {
		known[m[1]] = true
	}
	if len(known) < 29 {
		t.Fatalf("docs/decisions.md states %d decisions, want D1 to D29", len(known))
	}
	cited := 0
	textFiles(t, func(rel, body string) {
		if rel == "docs/decisions.md" {
			return
		}
		forLines(body, func(n int, line string) {
			for _, m := range decisionCite.FindAllStringSubmatch(line, -1) {
				cited++
				if !known[m[1]] {
					t.Errorf("%s:%d cites D%s, which docs/decisions.md does not state", rel, n, m[1])
				}
			}
		})
	})
	if cited < 100 {
		t.Errorf("found only %d citations of decisions: is the walk reading the code?", cited)
	}
}

func TestEveryCitedSectionIsInDocsSpec(t *testing.T) {
	known := map[string]bool{}
	for _, m := range specHead.FindAllStringSubmatch(read(t, "docs/spec.md"), -1) {
		known[m[1]+"/"+m[2]] = true
	}
	if !known["000/1"] || !known["001/9"] {
		t.Fatalf("docs/spec.md lacks the sections of documents 000 and 001: %v", known)
	}
	textFiles(t, func(rel, body string) {
		if rel == "docs/spec.md" {
			return
		}
		forLines(body, func(n int, line string) {
			doc := ""
			for _, m := range documentCite.FindAllStringSubmatch(line, -1) {
				doc = m[1]
				if !known[m[1]+"/"+m[2]] {
					t.Errorf("%s:%d cites document %s section %s, which docs/spec.md does not have", rel, n, m[1], m[2])
				}
			}
			if doc != "" {
				return
			}
			for _, m := range bareCite.FindAllStringSubmatch(line, -1) {
				if !known["001/"+m[1]] {
					t.Errorf("%s:%d cites section %s, which docs/spec.md's document 001 does not have", rel, n, m[1])
				}
			}
		})
	})
}

func TestNoPathOutsideTheRepository(t *testing.T) {
	textFiles(t, func(rel, body string) {
		if rel == "cmd/klusmaat/repository_test.go" {
			return
		}
		forLines(body, func(n int, line string) {
			if outsidePath.MatchString(line) {
				t.Errorf("%s:%d points outside the repository: %s", rel, n, strings.TrimSpace(line))
			}
		})
	})
}

func forLines(body string, fn func(n int, line string)) {
	s := bufio.NewScanner(strings.NewReader(body))
	s.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for n := 1; s.Scan(); n++ {
		fn(n, s.Text())
	}
}

// The README's configuration table names every setting the binary reads.
func TestReadmeListsEverySetting(t *testing.T) {
	readme := read(t, "README.md")
	i := strings.Index(readme, "## Configuration")
	if i < 0 {
		t.Fatal("README.md has no Configuration section")
	}
	for _, s := range envSettings {
		if !strings.Contains(readme[i:], "| `"+s.env+"`") && !strings.Contains(readme[i:], "`"+s.env+"` /") && !strings.Contains(readme[i:], "/ `"+s.env+"`") {
			t.Errorf("README.md's configuration table does not list %s", s.env)
		}
	}
}
