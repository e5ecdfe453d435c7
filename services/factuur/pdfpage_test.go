package factuur

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/pdftest"
)

const feeLine = "Franchisefee oktober 2026: 8% van € 142,00 omzet excl. btw"

// A description longer than its column wraps inside it: the quantity, price and amount stay in
// their own columns on its first line, readable, instead of the text running through them.
func TestLongDescriptionWrapsInItsColumn(t *testing.T) {
	p := NewPage("Factuur", "Klusmaat")
	p.Lines([]Regel{
		{Omschrijving: feeLine, Aantal: 1, PrijsCents: 1136, BedragCents: 1136},
		{Omschrijving: "Plank", Aantal: 2, PrijsCents: 1250, BedragCents: 2500},
	})
	out := pdftest.Text(t, render(t, p))
	lines := strings.Split(out, "\n")
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
	if !regexp.MustCompile(`Plank {2,}2 {2,}€ 12,50 {2,}€ 25,00`).MatchString(out) {
		t.Errorf("the next line is not below the wrapped one:\n%s", out)
	}
}

// Lines that reach the bottom of a page go on on the next one, each whole: a line's numbers stay
// beside its description, a wrapped description stays together, and the next page starts with
// the header row again.
func TestLinesGoOnOnTheNextPageWhole(t *testing.T) {
	p := NewPage("Factuur", "Klusmaat")
	p.SetY(235)
	var lines []Regel
	for i := 1; i <= 8; i++ {
		lines = append(lines, Regel{Omschrijving: fmt.Sprintf("Plank %d", i), Aantal: float64(i), PrijsCents: 100, BedragCents: 100 * i})
		if i == 4 {
			lines = append(lines, Regel{Omschrijving: feeLine, Aantal: 1, PrijsCents: 1136, BedragCents: 1136})
		}
	}
	p.Lines(lines)
	pages := pdftest.Pages(t, render(t, p))
	if len(pages) != 2 {
		t.Fatalf("%d pages, want 2:\n%s", len(pages), strings.Join(pages, "\n---page---\n"))
	}
	for n, page := range pages {
		if !regexp.MustCompile(`Omschrijving {2,}Aantal {2,}Prijs {2,}Bedrag`).MatchString(page) {
			t.Errorf("page %d has no header row:\n%s", n+1, page)
		}
	}
	seen := 0
	for n, page := range pages {
		for i := 1; i <= 8; i++ {
			if strings.Contains(page, fmt.Sprintf("Plank %d", i)) {
				seen++
				if !regexp.MustCompile(fmt.Sprintf(`Plank %d {2,}%d {2,}€ 1,00 {2,}€ %d,00`, i, i, i)).MatchString(page) {
					t.Errorf("on page %d, Plank %d's numbers are not beside it:\n%s", n+1, i, page)
				}
			}
		}
		if strings.Contains(page, "Franchisefee") && !strings.Contains(page, "omzet excl. btw") {
			t.Errorf("the fee line's description is split over two pages:\n%s", strings.Join(pages, "\n---page---\n"))
		}
	}
	if seen != 8 {
		t.Errorf("%d of 8 lines found once:\n%s", seen, strings.Join(pages, "\n---page---\n"))
	}
}

func render(t *testing.T, p Page) []byte {
	t.Helper()
	data, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return data
}
