// Package pdftest reads what a rendered PDF says, for tests: its text as pdftotext (poppler-utils,
// which scripts/deps.sh installs for make test) lays it out. It imports nothing of the project,
// so a domain's own tests can use it as well as the server's test kit.
package pdftest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Text is pdf's text laid out as on its pages (pdftotext -layout), each page ended by a form
// feed. Without pdftotext the test is skipped, and fails under make test (KLUSMAAT_REQUIRE_DB),
// which must read every PDF.
func Text(t testing.TB, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("KLUSMAAT_REQUIRE_DB") != "" {
			t.Fatal("pdftotext is missing (scripts/deps.sh installs poppler-utils)")
		}
		t.Skip("pdftotext is missing")
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.40q", pdf)
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// Pages is Text page by page.
func Pages(t testing.TB, pdf []byte) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(Text(t, pdf), "\f"), "\f")
}

// Words is Text with every run of white space one space (pdftotext's layout, a line break, a
// no-break space), for finding a phrase wherever the layout spaced or broke it.
func Words(t testing.TB, pdf []byte) string {
	t.Helper()
	return strings.Join(strings.Fields(Text(t, pdf)), " ")
}
