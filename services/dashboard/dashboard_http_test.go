package dashboard_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/dashboard"
	"github.com/klusmaat/klusmaat/services/klant"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The dashboard counts in SQL without archived jobs; a franchise owner gets its regions only. A
// public request reaches an admin's event stream, on which the console reloads the counts.
func TestDashboardCountsAndAPublicRequestOnTheStream(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Hub: true})
	b.Job(t, servertest.Job{})
	b.Job(t, servertest.Job{Status: "ingepland", Klusser: b.Piet})
	b.Job(t, servertest.Job{Status: "afgerond", Klusser: b.Piet, Woonplaats: "Voorburg"})
	b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Status: "bezig"})
	archived := b.Job(t, servertest.Job{})
	b.Exec(t, `UPDATE klussen SET archived = true WHERE id = $1`, archived)

	var one dashboard.One
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/dashboard", nil, &one); s != http.StatusOK {
		t.Fatalf("dashboard: %d", s)
	}
	d := one.Data
	if d.Statussen != (dashboard.Statussen{Open: 1, Ingepland: 1, Bezig: 1, Afgerond: 1}) || d.Totaal != 4 || len(d.Regios) != 4 {
		t.Errorf("admin dashboard: %+v", d)
	}
	for _, r := range d.Regios {
		want := map[string]int{"den-haag": 3, "utrecht": 1}[r.Regio]
		if r.Totaal != want || (r.Regio == "den-haag" && (r.Naam != "Den Haag" || r.Open != 1 || r.Afgerond != 1)) {
			t.Errorf("region row %+v, want total %d", r, want)
		}
	}
	if len(d.RecenteActiviteit) != 4 || len(d.TopWoonplaatsen) != 2 || d.TopWoonplaatsen[0] != (dashboard.Woonplaats{Woonplaats: "Voorburg", Aantal: 3}) {
		t.Errorf("recent %d, top towns %+v", len(d.RecenteActiviteit), d.TopWoonplaatsen)
	}
	var fo dashboard.One
	s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/dashboard", nil, &fo)
	if f := fo.Data; s != http.StatusOK || f.Totaal != 3 || len(f.Regios) != 1 ||
		f.Regios[0].Regio != "den-haag" || f.Statussen.Bezig != 0 {
		t.Errorf("franchise dashboard: %d %+v", s, f)
	}
	if s := b.Call(t, b.Piet, http.MethodGet, "/api/v1/dashboard", nil, nil); s != http.StatusForbidden {
		t.Errorf("klusser dashboard: %d", s)
	}

	// The admin's stream hears a public request as an INSERT; the dashboard counts it.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, b.URL+"/api/v1/events", nil)
	req.Header.Set("X-Test-User", b.Admin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("stream: %v %v", err, resp)
	}
	stream := readStream(t, resp)
	var created struct {
		ID uuid.UUID `json:"id"`
	}
	if s := b.Call(t, "", http.MethodPost, "/api/v1/public/aanvragen", servertest.ValidRequest(), &created); s != http.StatusCreated {
		t.Fatalf("public request: %d", s)
	}
	deadline := time.After(15 * time.Second)
	for heard := false; !heard; {
		select {
		case e := <-stream.events:
			heard = e.KlusID == created.ID && e.Op == "INSERT" && e.Status == "open" && e.Regio == "den-haag"
		case <-deadline:
			t.Fatal("the admin's stream did not hear the public request")
		}
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/dashboard", nil, &one); s != http.StatusOK || one.Data.Statussen.Open != 2 || one.Data.RecenteActiviteit[0].ID != created.ID {
		t.Errorf("dashboard after the request: %d %+v", s, one.Data.Statussen)
	}
}

// Migration 026: the counts the dashboard and the customer list read follow every kind of change
// of the jobs, and equal a fresh count of the table afterwards.
func TestCountsFollowEveryChange(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	var ids []uuid.UUID
	for i := 0; i < 6; i++ {
		ids = append(ids, b.Job(t, servertest.Job{Email: fmt.Sprintf("klant%d@example.nl", i%3)}))
	}
	b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA", Email: "klant0@example.nl"})
	b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+ids[0].String()+"/status", klus.StatusForm{Status: "bezig"}, nil)
	b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+ids[1].String()+"/archive", nil, nil)
	b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+ids[2].String()+"/assign", klus.AssignForm{KlusserID: b.ID(b.Piet)}, nil)
	b.Call(t, b.Admin, http.MethodDelete, "/api/v1/klussen/"+ids[3].String(), nil, nil)
	b.Call(t, b.Admin, http.MethodDelete, "/api/v1/klanten/klant1%40example.nl", nil, nil)
	b.Exec(t, `UPDATE klussen SET regio = 'rotterdam', woonplaats = 'Schiedam', telefoon = '010 111 22 33' WHERE id = $1`, ids[5])
	b.Exec(t, `UPDATE klussen SET email = 'verhuisd@example.nl' WHERE id = $1`, ids[0])
	b.Exec(t, `UPDATE klussen SET status = 'ingepland'`) // one statement, many rows

	var stale int
	b.Query(t, &stale, `
		SELECT count(*) FROM (
		    (SELECT regio, status, woonplaats, archived::text, aantal::text FROM klus_tellingen WHERE aantal <> 0
		     EXCEPT SELECT regio, status, woonplaats, archived::text, count(*)::text FROM klussen GROUP BY 1, 2, 3, 4)
		    UNION ALL
		    (SELECT regio, status, woonplaats, archived::text, count(*)::text FROM klussen GROUP BY 1, 2, 3, 4
		     EXCEPT SELECT regio, status, woonplaats, archived::text, aantal::text FROM klus_tellingen WHERE aantal <> 0)
		    UNION ALL
		    (SELECT email, telefoon, woonplaats, aantal_klussen::text, laatste_klus::text FROM klant_overzicht
		     EXCEPT SELECT * FROM (
		         SELECT DISTINCT ON (email) email, telefoon, woonplaats, (count(*) OVER (PARTITION BY email))::text, created_at::text
		         FROM klussen WHERE email <> '' ORDER BY email, created_at DESC, id) fresh)
		    UNION ALL
		    (SELECT 'week', regio, week::text, status, aantal::text FROM klus_week_tellingen WHERE aantal <> 0
		     EXCEPT SELECT 'week', regio, date_trunc('week', datum)::date::text, status, count(*)::text FROM klussen WHERE NOT archived GROUP BY 2, 3, 4)
		    UNION ALL
		    (SELECT 'week', regio, date_trunc('week', datum)::date::text, status, count(*)::text FROM klussen WHERE NOT archived GROUP BY 2, 3, 4
		     EXCEPT SELECT 'week', regio, week::text, status, aantal::text FROM klus_week_tellingen WHERE aantal <> 0)) x`)
	if stale != 0 {
		t.Errorf("%d count rows differ from a fresh count of the jobs", stale)
	}
	var p list.Page[klant.Klant]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klanten", nil, &p); s != http.StatusOK || p.Total != 3 {
		t.Errorf("customers after the changes: %d %+v", s, p) // klant0, klant2, verhuisd; klant1 deleted
	}
}

type streamOf struct{ events chan events.Event }

func readStream(t *testing.T, resp *http.Response) *streamOf {
	s := &streamOf{events: make(chan events.Event, 100)}
	t.Cleanup(func() { resp.Body.Close() })
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var e events.Event
				if json.Unmarshal([]byte(data), &e) == nil {
					s.events <- e
				}
			}
		}
	}()
	return s
}
