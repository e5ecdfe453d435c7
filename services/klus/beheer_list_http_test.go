package klus_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The back office's jobs list (D25): one page from SQL with its total; admins see every region, a
// franchise owner only its own, whatever filter it sends; a klusser is refused.
func TestBackOfficeJobsListPagesFiltersAndKeepsRegions(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{})
	admin := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, p.Actor(admin).UserID)
	denHaag := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}})
	p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'franchise')`, p.Actor(denHaag).UserID)
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")

	today := calendar.System.Today()
	var dh []uuid.UUID
	for i := 0; i < 5; i++ {
		dh = append(dh, p.Job(t, servertest.Job{Assignment: "pool", Datum: today.AddDays(i + 1)}))
	}
	ut := p.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Assignment: "pool", Datum: today.AddDays(2)})
	p.Exec(t, `UPDATE klussen SET status = 'ingepland', klusser_id = $2, claimed_at = now(), geplande_start_tijd = now() + interval '2 days',
	           beschrijving = 'Gordijnrails monteren' WHERE id = $1`, dh[0], p.Actor(piet).UserID)
	p.Exec(t, `UPDATE klussen SET archived = true WHERE id = $1`, dh[4])

	type page = list.Page[klus.ListItem]
	get := func(who, query string) (int, page) {
		var out page
		s := p.Call(t, who, http.MethodGet, "/api/v1/klussen?"+query, nil, &out)
		return s, out
	}
	ids := func(pg page) map[uuid.UUID]bool {
		m := map[uuid.UUID]bool{}
		for _, k := range pg.Data {
			m[k.ID] = true
		}
		return m
	}

	s, all := get(admin, "per_page=2")
	if s != http.StatusOK || all.Total != 5 || len(all.Data) != 2 || all.Data[0].Datum < all.Data[1].Datum {
		t.Fatalf("admin, first page of 2: %d total %d rows %d %+v", s, all.Total, len(all.Data), all.Data)
	}
	if _, pg := get(admin, "per_page=50"); !ids(pg)[ut] || ids(pg)[dh[4]] {
		t.Errorf("admin: utrecht job missing or archived job shown: %v", ids(pg))
	}
	if _, pg := get(admin, "archived=ja"); pg.Total != 1 || !ids(pg)[dh[4]] {
		t.Errorf("archived=ja: %+v", pg)
	}
	if _, pg := get(admin, "status=ingepland"); pg.Total != 1 || pg.Data[0].ID != dh[0] || pg.Data[0].Klusser == nil || *pg.Data[0].Klusser != "Piet Bakker" {
		t.Errorf("status=ingepland: %+v", pg)
	}
	if _, pg := get(admin, "q=gordijnrail"); pg.Total != 1 || pg.Data[0].ID != dh[0] {
		t.Errorf("search: %+v", pg)
	}
	if _, pg := get(admin, "woonplaats=zeist"); pg.Total != 1 || pg.Data[0].ID != ut {
		t.Errorf("woonplaats=zeist: %+v", pg)
	}
	if _, pg := get(admin, "sort=datum&order=asc&per_page=1"); pg.Data[0].Datum != today.AddDays(1).String() {
		t.Errorf("sort datum asc: %+v", pg.Data)
	}

	// The franchise owner: its region only, also when it asks for another.
	if _, pg := get(denHaag, "per_page=50"); pg.Total != 4 || ids(pg)[ut] {
		t.Errorf("franchise den-haag: total %d, utrecht shown %v", pg.Total, ids(pg)[ut])
	}
	if _, pg := get(denHaag, "regio=utrecht"); pg.Total != 0 || len(pg.Data) != 0 {
		t.Errorf("franchise den-haag asking for utrecht: %+v", pg)
	}
	if s, _ := get(piet, ""); s != http.StatusForbidden {
		t.Errorf("klusser: %d", s)
	}
	var e servertest.APIError
	if s := p.Call(t, admin, http.MethodGet, "/api/v1/klussen?sort=email", nil, &e); s != http.StatusBadRequest || e.Error.Message == "" {
		t.Errorf("sort on a field outside the allow-list: %d %+v", s, e)
	}
	_ = fmt.Sprint
}
