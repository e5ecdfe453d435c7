package exports_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

func TestHoursExportRunsAsAJobForItsRequesterOnly(t *testing.T) {
	ctx := context.Background()
	d := dbtest.New(t)
	if err := seed.Run(ctx, d.DB, calendar.System.Today(), seed.FixedIDs()); err != nil {
		t.Fatal(err)
	}
	storage, err := files.OpenStorage(ctx, "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer storage.Close()
	q, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(server.WorkerDeps{DB: d.DB, Files: storage}),
		jobs.Options{Work: true, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(ctx)

	requester := tenants.Actor{UserID: seed.FixedIDs()["admin@klusmaat.nl"], Role: tenants.Admin}
	srv := servertest.NewAPIServer(t, server.Deps{DB: d.DB, Queue: q, Files: storage}).As(requester)
	call := srv.Do
	request := func(body string) exports.Export {
		status, b, _ := call(http.MethodPost, "/api/v1/exports", body)
		if status != http.StatusAccepted {
			t.Fatalf("request %s: %d %s", body, status, b)
		}
		var e exports.Export
		_ = json.Unmarshal(b, &e)
		if e.Status != "wachtrij" {
			t.Fatalf("new export: %+v", e)
		}
		return e
	}
	wait := func(id uuid.UUID) exports.Export {
		deadline := time.Now().Add(15 * time.Second)
		for {
			status, b, _ := call(http.MethodGet, "/api/v1/exports/"+id.String(), "")
			var e exports.Export
			_ = json.Unmarshal(b, &e)
			if status != http.StatusOK {
				t.Fatalf("poll: %d %s", status, b)
			}
			if e.Status == "klaar" || e.Status == "mislukt" {
				return e
			}
			if time.Now().After(deadline) {
				t.Fatalf("export stuck: %+v", e)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	// The hours export selects work orders by their Dutch date (the product calendar).
	// The demo's work orders are made on their work dates, the last 20 days.
	today := calendar.System.Today().String()
	monthAgo := calendar.System.Today().AddDays(-30).String()

	all := wait(request(`{"soort":"uren","van":"` + monthAgo + `","tot":"` + today + `","regio":""}`).ID)
	if all.Status != "klaar" || *all.Rijen != 8 || all.Voortgang != 100 {
		t.Fatalf("export of all regions: %+v", all)
	}
	status, csv, hdr := call(http.MethodGet, "/api/v1/exports/"+all.ID.String()+"/download", "")
	if status != http.StatusOK || !strings.HasPrefix(hdr.Get("Content-Type"), "text/csv") || !strings.Contains(hdr.Get("Content-Disposition"), "uren-export-") {
		t.Fatalf("download: %d %v", status, hdr)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if lines[0] != "Datum;Klusser;Regio;Woonplaats;Omschrijving;Uren;Uurtarief;Bedrag (uren x 65)" || len(lines) != 9 {
		t.Fatalf("csv:\n%s", csv)
	}
	for _, l := range lines[1:] {
		f := strings.Split(l, ";")
		if len(f) != 8 || len(f[0]) != 10 || f[0][2] != '-' || f[0][5] != '-' || f[6] != "65,00" {
			t.Fatalf("row %q", l)
		}
		want := map[string]string{"1": "65,00", "2": "130,00", "3": "195,00"}[f[5]]
		if f[7] != want {
			t.Fatalf("row %q: bedrag %s for %s hours, want %s", l, f[7], f[5], want)
		}
	}

	// One region only.
	dh := wait(request(`{"soort":"uren","van":"` + monthAgo + `","tot":"` + today + `","regio":"den-haag"}`).ID)
	if dh.Status != "klaar" || *dh.Rijen != 3 {
		t.Fatalf("den-haag export: %+v", dh)
	}
	// An empty period fails with the spec's message, and cannot be downloaded.
	empty := wait(request(`{"soort":"uren","van":"2020-01-01","tot":"2020-01-31","regio":""}`).ID)
	if empty.Status != "mislukt" || empty.Fout == nil || *empty.Fout != "Geen gewerkte uren gevonden voor deze periode" {
		t.Fatalf("empty export: %+v", empty)
	}
	if status, _, _ := call(http.MethodGet, "/api/v1/exports/"+empty.ID.String()+"/download", ""); status != http.StatusConflict {
		t.Fatalf("download of a failed export: %d", status)
	}
	// 'Facturen Export': every invoice dated in the period, as a job of its own kind.
	var invoices int
	d.As(t, requester, func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT count(*) FROM facturen WHERE datum BETWEEN $1::date - 60 AND $1::date`, today).Scan(&invoices)
	})
	van := calendar.System.Today().AddDays(-60).String()
	fact := wait(request(`{"soort":"facturen","van":"` + van + `","tot":"` + today + `","regio":""}`).ID)
	if invoices == 0 || fact.Status != "klaar" || *fact.Rijen != invoices || !strings.HasPrefix(*fact.Bestandsnaam, "facturen-export-") {
		t.Fatalf("invoices export: %+v, want %d rows", fact, invoices)
	}
	noInvoices := wait(request(`{"soort":"facturen","van":"2020-01-01","tot":"2020-01-31","regio":""}`).ID)
	if noInvoices.Fout == nil || *noInvoices.Fout != "Geen facturen gevonden voor deze periode" {
		t.Fatalf("empty invoices export: %+v", noInvoices)
	}

	// Invalid requests are refused with Dutch field messages, and nothing is queued.
	for _, body := range []string{
		`{"soort":"uren","van":"2026-02-01","tot":"2026-01-01","regio":""}`,
		`{"soort":"uren","van":"2026-01-01","tot":"2026-01-31","regio":"atlantis"}`,
		`{"soort":"alles","van":"2026-01-01","tot":"2026-01-31","regio":""}`,
		`{"soort":"uren","van":"gisteren","tot":"2026-01-31","regio":""}`,
		`{"soort":"uren","van":"2026-01-01","tot":"2026-01-31","regio":"","extra":1}`,
	} {
		if status, b, _ := call(http.MethodPost, "/api/v1/exports", body); status != http.StatusBadRequest {
			t.Errorf("invalid %s: %d %s", body, status, b)
		}
	}

	// Another admin cannot see or download it; a franchise owner cannot ask for one; a visitor neither.
	srv.As(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	if status, _, _ := call(http.MethodGet, "/api/v1/exports/"+all.ID.String()+"/download", ""); status != http.StatusNotFound {
		t.Errorf("other admin downloaded: %d", status)
	}
	srv.As(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}})
	if status, _, _ := call(http.MethodPost, "/api/v1/exports", `{"soort":"uren","van":"`+today+`","tot":"`+today+`","regio":""}`); status != http.StatusForbidden {
		t.Errorf("franchise export: %d", status)
	}
	srv.As(tenants.AnonymousActor())
	if status, _, _ := call(http.MethodGet, "/api/v1/exports/"+all.ID.String(), ""); status != http.StatusUnauthorized {
		t.Errorf("anonymous: %d", status)
	}
}
