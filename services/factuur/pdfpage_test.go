package factuur

import (
	"bytes"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// A description longer than its column wraps inside it: the quantity, price and amount stay in
// their own columns on its first line, readable, instead of the text running through them.
func TestLongDescriptionWrapsInItsColumn(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	p := NewPage("Factuur", "Klusmaat")
	p.AddPage()
	p.Lines([]Regel{
		{Omschrijving: "Franchisefee oktober 2026: 8% van € 142,00 omzet excl. btw", Aantal: 1, PrijsCents: 1136, BedragCents: 1136},
		{Omschrijving: "Plank", Aantal: 2, PrijsCents: 1250, BedragCents: 2500},
	})
	data, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	lines := strings.Split(string(out), "\n")
	first := -1
	for i, l := range lines {
		if strings.Contains(l, "Franchisefee") {
			first = i
		}
	}
	if first < 0 || first+1 >= len(lines) {
		t.Fatalf("no fee line in:\n%s", out)
	}
	if !regexp.MustCompile(`Franchisefee oktober 2026: 8% van[^\n]*\S {2,}1 {2,}€ 11,36 {2,}€ 11,36`).MatchString(lines[first]) {
		t.Errorf("the quantity, price and amount are not apart from the description on its first line:\n%s", out)
	}
	if !strings.Contains(lines[first+1], "btw") || strings.Contains(lines[first+1], "€") {
		t.Errorf("the description's rest is not on the next line, alone:\n%s", out)
	}
	if !regexp.MustCompile(`Plank {2,}2 {2,}€ 12,50 {2,}€ 25,00`).MatchString(string(out)) {
		t.Errorf("the next line is not below the wrapped one:\n%s", out)
	}
}
