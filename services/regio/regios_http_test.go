package regio_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/klusmaat/klusmaat/services/dashboard"
	"github.com/klusmaat/klusmaat/services/klusser"
	"github.com/klusmaat/klusmaat/services/regio"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// regios is GET /api/v1/regios as handle, checking the list contract and that each row is keyed
// by its slug (the console's lists key rows by id).
func regios(t *testing.T, b *servertest.BackOffice, handle string) list.Page[regio.Regio] {
	t.Helper()
	var page list.Page[regio.Regio]
	if s := b.Call(t, handle, http.MethodGet, "/api/v1/regios", nil, &page); s != http.StatusOK {
		t.Fatalf("GET /api/v1/regios as %s: %d", handle, s)
	}
	if page.Total != len(page.Data) {
		t.Fatalf("total %d for %d regions", page.Total, len(page.Data))
	}
	for _, r := range page.Data {
		if r.ID != r.Slug {
			t.Errorf("region %q has id %q, want its slug", r.Slug, r.ID)
		}
	}
	return page
}

func slugsOf(page list.Page[regio.Regio]) []string {
	var out []string
	for _, r := range page.Data {
		out = append(out, r.Slug)
	}
	return out
}

// D1: the regions are rows. Every signed-in role reads the active regions with their towns, by
// name; a region inserted as a row appears in the list and is a region the klusser forms accept,
// and a region switched off is neither, without a code change.
func TestRegionsComeFromTheDatabase(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})

	for _, who := range []string{b.Admin, b.Franchise, b.Piet} {
		page := regios(t, b, who)
		if got := slugsOf(page); !slices.Equal(got, []string{"amsterdam", "den-haag", "rotterdam", "utrecht"}) {
			t.Errorf("regions as %s: %v (by name: Amsterdam, Den Haag, Rotterdam, Utrecht)", who, got)
		}
		dh := page.Data[1]
		if dh.Naam != "Den Haag" || !slices.Contains(dh.Woonplaatsen, "Voorburg") || !slices.IsSorted(dh.Woonplaatsen) {
			t.Errorf("den-haag as %s: %+v", who, dh)
		}
	}

	profiel := klusser.Profiel{Naam: "Piet Bakker", Telefoon: "06 12 34 56 01", Woonplaats: "Haren", Regio: []string{"groningen"}}
	path := "/api/v1/klussers/" + b.ID(b.Piet).String()
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPut, path, profiel, &e); s != http.StatusBadRequest ||
		e.Error.Fields["regio"] != "Kies een regio uit de lijst." {
		t.Fatalf("profile in a region that is no row: %d %+v", s, e)
	}

	b.Exec(t, `INSERT INTO regions (slug, naam) VALUES ('groningen', 'Groningen')`)
	b.Exec(t, `INSERT INTO region_towns (woonplaats, naam, regio) VALUES ('haren', 'Haren', 'groningen')`)
	for _, who := range []string{b.Admin, b.Franchise, b.Piet} {
		page := regios(t, b, who)
		if got := slugsOf(page); !slices.Equal(got, []string{"amsterdam", "den-haag", "groningen", "rotterdam", "utrecht"}) {
			t.Fatalf("regions as %s after the insert: %v", who, got)
		}
		if g := page.Data[2]; g.Naam != "Groningen" || !slices.Equal(g.Woonplaatsen, []string{"Haren"}) {
			t.Errorf("the new region as %s: %+v", who, g)
		}
	}
	var saved klusser.Answer
	if s := b.Call(t, b.Admin, http.MethodPut, path, profiel, &saved); s != http.StatusOK ||
		!slices.Equal(saved.Data.Regio, []string{"groningen"}) {
		t.Fatalf("profile in the new region: %d %+v", s, saved)
	}

	// Switched off: gone from the list, refused by the forms.
	b.Exec(t, `UPDATE regions SET actief = false WHERE slug = 'groningen'`)
	if got := slugsOf(regios(t, b, b.Admin)); slices.Contains(got, "groningen") {
		t.Errorf("an inactive region is listed: %v", got)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussers", klusser.CreateForm{Regio: []string{"groningen"}}, &e); s != http.StatusBadRequest ||
		e.Error.Fields["regio"] != "Kies een regio uit de lijst." {
		t.Errorf("new klusser in an inactive region: %d %+v", s, e)
	}
}

// A town is stored in the spelling of its region_towns row however it was typed, and the
// dashboard counts a town once: also one outside region_towns typed in two ways (migration 023).
func TestTownsAreOneSpellingOnTheDashboard(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	for _, typed := range []string{"voorburg", "  VOORBURG ", "Voorburg"} {
		b.Job(t, servertest.Job{Regio: "den-haag", Woonplaats: typed, Postcode: "2271 AB"})
	}
	for _, typed := range []string{"nootdorp", "Nootdorp"} {
		b.Job(t, servertest.Job{Regio: "den-haag", Woonplaats: typed, Postcode: "2497 AB"})
	}
	var stored []string
	var n int
	b.Query(t, &n, `SELECT count(DISTINCT woonplaats) FROM klussen WHERE woonplaats ILIKE '%voorburg%'`)
	if n != 1 {
		b.Query(t, &stored, `SELECT array_agg(DISTINCT woonplaats) FROM klussen`)
		t.Errorf("voorburg stored in %d spellings: %v", n, stored)
	}
	var d struct {
		Data dashboard.Dashboard `json:"data"`
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/dashboard", nil, &d); s != http.StatusOK {
		t.Fatalf("dashboard: %d", s)
	}
	want := []dashboard.Woonplaats{{Woonplaats: "Voorburg", Aantal: 3}, {Woonplaats: "Nootdorp", Aantal: 2}}
	if !slices.Equal(d.Data.TopWoonplaatsen, want) && !slices.Equal(d.Data.TopWoonplaatsen, []dashboard.Woonplaats{want[0], {Woonplaats: "nootdorp", Aantal: 2}}) {
		t.Errorf("top towns %+v, want %+v", d.Data.TopWoonplaatsen, want)
	}
}
