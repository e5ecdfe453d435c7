package klusser_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/klusser"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The klussers of the back office: an admin sees every klusser, a franchise owner only
// those of its regions, whatever filter or id it tries; the detail shows the reviews and hours of
// finished work orders; a franchise owner reads the work order and invoice of its region's
// finished job (migration 021); a klusser reads none of it.
func TestKlussersByRegion(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Work: true, Files: true})
	job, w := b.PlannedJob(t, b.Piet, "Mevrouw Jansen", "jansen@example.nl")
	b.StartedAgo(t, b.Piet, w, 90*time.Minute)
	if s := b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), nil); s != http.StatusOK {
		t.Fatalf("afronden: %d", s)
	}

	names := func(who, query string) (out []string, total int) {
		var page list.Page[klusser.Klusser]
		if s := b.Call(t, who, http.MethodGet, "/api/v1/klussers"+query, nil, &page); s != http.StatusOK {
			t.Fatalf("GET /api/v1/klussers%s as %s: %d", query, b.Actor(who).Role, s)
		}
		for _, k := range page.Data {
			out = append(out, k.Naam)
		}
		return out, page.Total
	}
	if got, n := names(b.Admin, ""); n != 2 || got[0] != "Gerrit Visser" || got[1] != "Piet Bakker" {
		t.Errorf("admin: %v (%d), want both by name", got, n)
	}
	if got, n := names(b.Franchise, ""); n != 1 || got[0] != "Piet Bakker" {
		t.Errorf("franchise den-haag: %v (%d), want Piet only", got, n)
	}
	if got, n := names(b.Franchise, "?regio=utrecht"); n != 0 {
		t.Errorf("franchise den-haag asking for utrecht: %v", got)
	}
	if got, n := names(b.Franchise, "?q=gerrit"); n != 0 {
		t.Errorf("franchise den-haag searching gerrit: %v", got)
	}
	if got, n := names(b.Admin, "?q=56+02"); n != 1 || got[0] != "Gerrit Visser" {
		t.Errorf("admin searching a phone part: %v", got)
	}

	var one klusser.One
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussers/"+b.ID(b.Piet).String(), nil, &one); s != http.StatusOK {
		t.Fatalf("franchise reads Piet: %d", s)
	}
	if len(one.Data.Beoordelingen) != 1 || one.Data.Beoordelingen[0].RatingAlgemeen != 5 || len(one.Data.Uren) != 1 || one.Data.Uren[0].Uren != 2 {
		t.Errorf("Piet's reviews and hours: %+v %+v", one.Data.Beoordelingen, one.Data.Uren)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussers/"+b.ID(b.Gerrit).String(), nil, &e); s != http.StatusNotFound || e.Error.Message != "Klusser niet gevonden" {
		t.Errorf("franchise den-haag reads a utrecht klusser: %d %+v", s, e)
	}
	for _, path := range []string{"/api/v1/klussers", "/api/v1/klussers/" + b.ID(b.Piet).String()} {
		if s := b.Call(t, b.Piet, http.MethodGet, path, nil, nil); s != http.StatusForbidden {
			t.Errorf("klusser GET %s: %d, want 403", path, s)
		}
	}

	var detail struct {
		Data klus.Detail `json:"data"`
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussen/"+job.String(), nil, &detail); s != http.StatusOK {
		t.Fatalf("franchise reads its region's finished job: %d", s)
	}
	if !detail.Data.WerkbonGesloten || detail.Data.Werkbon == nil || detail.Data.Factuur == nil {
		t.Errorf("franchise sees the finished job's work order and invoice: %+v %+v", detail.Data.Werkbon, detail.Data.Factuur)
	}
}

// Franchise settings: a franchise owner reads and saves the support contact of its own
// regions only; another region is refused and left unchanged; a klusser may do neither.
func TestFranchiseSettingsOfOwnRegions(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	var got struct {
		Data struct {
			Regios []struct {
				Regio        string `json:"regio"`
				SupportPhone string `json:"support_phone"`
				SupportEmail string `json:"support_email"`
			} `json:"regios"`
		} `json:"data"`
		Message string `json:"message"`
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/regio-instellingen", nil, &got); s != http.StatusOK || len(got.Data.Regios) != 1 || got.Data.Regios[0].Regio != "den-haag" {
		t.Fatalf("franchise den-haag reads: %d %+v", s, got.Data)
	}
	body := map[string]any{"regios": []map[string]string{{"regio": "den-haag", "support_phone": "070 300 40 50", "support_email": "denhaag@klusmaat.nl"}}}
	if s := b.Call(t, b.Franchise, http.MethodPut, "/api/v1/regio-instellingen", body, &got); s != http.StatusOK || got.Message != "Opgeslagen" ||
		got.Data.Regios[0].SupportPhone != "070 300 40 50" {
		t.Errorf("franchise saves its region: %d %+v", s, got)
	}
	var e servertest.APIError
	other := map[string]any{"regios": []map[string]string{{"regio": "utrecht", "support_phone": "030 000 00 00", "support_email": ""}}}
	if s := b.Call(t, b.Franchise, http.MethodPut, "/api/v1/regio-instellingen", other, &e); s != http.StatusForbidden || e.Error.Message != "Dit is niet uw regio." {
		t.Errorf("franchise den-haag saves utrecht: %d %+v", s, e)
	}
	bad := map[string]any{"regios": []map[string]string{{"regio": "den-haag", "support_phone": "12", "support_email": "x@"}}}
	if s := b.Call(t, b.Franchise, http.MethodPut, "/api/v1/regio-instellingen", bad, &e); s != http.StatusBadRequest ||
		e.Error.Fields["regios.den-haag.support_phone"] == "" || e.Error.Fields["regios.den-haag.support_email"] != "Vul een geldig e-mailadres in." {
		t.Errorf("bad phone and e-mail: %d %+v", s, e)
	}
	var utrecht string
	b.Query(t, &utrecht, `SELECT coalesce((SELECT support_phone FROM franchise_settings WHERE regio = 'utrecht'), '')`)
	if utrecht == "030 000 00 00" {
		t.Error("the refused region was changed")
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/regio-instellingen", nil, &got); s != http.StatusOK || len(got.Data.Regios) != 4 {
		t.Errorf("admin reads every region: %d %d", s, len(got.Data.Regios))
	}
	for _, m := range []string{http.MethodGet, http.MethodPut} {
		if s := b.Call(t, b.Piet, m, "/api/v1/regio-instellingen", body, nil); s != http.StatusForbidden {
			t.Errorf("klusser %s: %d, want 403", m, s)
		}
	}
}
