package server_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"flag"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// the region isolation proof (D4), generated from the route table: every /api route
// of the server × every kind of actor, with ids and region filters that point into a region the
// actor does not run (rotterdam, which only the admin may see). For each cell the answer's status
// must equal testdata/isolation.csv, a table a reviewer reads, and no answer may carry a marker
// of a region the actor may not see: jobs, klussers, customers and work orders of den-haag,
// utrecht and rotterdam each carry "mark-<region>" in a description, a name or an address.
// A route missing from the table (or a row without a route) fails the test.
//
// go test ./services/server -run IsolationMatrix -update-isolation rewrites the table from what
// the server answers; read the diff before committing it.
var updateIsolation = flag.Bool("update-isolation", false, "rewrite testdata/isolation.csv from the answers")

const isolationTable = "testdata/isolation.csv"

// isolationActor is a column of the table: who asks, and which regions' markers it may see.
type isolationActor struct {
	name   string
	actor  tenants.Actor
	sees   []string // regions whose rows the actor may see (admin: all)
	handle string
}

var isolationRegions = []string{"den-haag", "utrecht", "rotterdam"}

func marker(regio string) string { return "mark-" + strings.ReplaceAll(regio, "-", "") }

func TestIsolationMatrix(t *testing.T) {
	links := status.NewLinks(dbtest.ActorKey, "") // the key the database checks tokens with (migration 041)
	// Every actor asks every status route from one address: more than a visitor's limit, which
	// is not what this matrix is about (services/status/page_test.go and infra/drills/limits_test.go are).
	p := servertest.NewPortal(t, servertest.Options{Files: true, Hub: true, Links: &links, Kratos: true,
		StatusLimit: httpapi.NewLimiter(1000, time.Minute)})

	// Fixtures: per region a klusser, an open pool job, and a finished job with its work order and
	// invoice, every one of them marked. Built before any actor asks, as the system or the klusser.
	type fixture struct {
		klusser string
		open    uuid.UUID
		done    uuid.UUID
		werkbon uuid.UUID
		factuur uuid.UUID
		email   string
	}
	towns := map[string][2]string{"den-haag": {"Voorburg", "2271 AB"}, "utrecht": {"Zeist", "3701 AA"}, "rotterdam": {"Schiedam", "3111 AA"}}
	fx := map[string]fixture{}
	for _, r := range isolationRegions {
		m := marker(r)
		f := fixture{email: m + "@example.nl"}
		f.klusser = p.Klusser(t, "Klusser "+m, "06 12 34 56 78", r)
		p.Exec(t, `UPDATE profiles SET email = $2 WHERE id = $1`, p.Actor(f.klusser).UserID, "klusser-"+m+"@example.nl")
		f.open = p.Job(t, servertest.Job{Regio: r, Woonplaats: towns[r][0], Postcode: towns[r][1], Assignment: "pool", Email: f.email, Naam: "Klant " + m})
		start := calendar.System.Today().At(9, 0)
		f.done = p.Job(t, servertest.Job{Regio: r, Woonplaats: towns[r][0], Postcode: towns[r][1], Assignment: "pool", Status: "ingepland",
			Klusser: f.klusser, Email: f.email, Naam: "Klant " + m, Start: &start})
		p.Exec(t, `UPDATE klussen SET beschrijving = $2 WHERE id IN ($1, $3)`, f.open, "Klus "+m, f.done)
		var w werkbon.Werkbon
		if s := p.Call(t, f.klusser, http.MethodPost, "/api/v1/klusser/klussen/"+f.done.String()+"/werkbon", nil, &w); s != http.StatusOK {
			t.Fatalf("%s: open work order: %d", r, s)
		}
		p.StartedAgo(t, f.klusser, w, time.Hour)
		done := servertest.Afronden(t)
		done.Opmerkingen = "Opmerking " + m
		var answer struct {
			Factuur struct {
				ID uuid.UUID `json:"id"`
			} `json:"factuur"`
		}
		if s := p.Call(t, f.klusser, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), done, &answer); s != http.StatusOK {
			t.Fatalf("%s: afronden: %d", r, s)
		}
		f.werkbon, f.factuur = w.ID, answer.Factuur.ID
		fx[r] = f
	}

	actors := []isolationActor{
		{name: "anonymous"},
		{name: "geen-rol", actor: tenants.Actor{UserID: uuid.New(), Role: tenants.Authenticated}},
		{name: "klusser-den-haag", handle: fx["den-haag"].klusser, sees: []string{"den-haag"}},
		{name: "klusser-utrecht", handle: fx["utrecht"].klusser, sees: []string{"utrecht"}},
		{name: "franchise-den-haag", actor: tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}}, sees: []string{"den-haag"}},
		{name: "franchise-utrecht", actor: tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"utrecht"}}, sees: []string{"utrecht"}},
		{name: "franchise-twee", actor: tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag", "utrecht"}}, sees: []string{"den-haag", "utrecht"}},
		{name: "franchise-geen", actor: tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{}}},
		{name: "admin", actor: tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}, sees: isolationRegions},
	}
	for i, a := range actors {
		switch {
		case a.handle != "":
		case a.name == "anonymous":
			actors[i].handle = "anonymous"
		default:
			actors[i].handle = p.Add(a.actor)
			role := string(a.actor.Role)
			if role != string(tenants.Authenticated) {
				p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, a.actor.UserID, role)
			}
			p.Exec(t, `INSERT INTO profiles (id, naam, regio) VALUES ($1, $2, $3)`, a.actor.UserID, "Gebruiker "+a.name, nonNilRegions(a.actor.Regions))
		}
	}

	// Every path parameter points at rotterdam, which no actor but the admin may see.
	ro := fx["rotterdam"]
	params := map[string]string{
		"/api/v1/klussen/{id}":            ro.open.String(),
		"/api/v1/klusser/klussen/{id}":    ro.open.String(),
		"/api/v1/klusser/werkbonnen/{id}": ro.werkbon.String(),
		"/api/v1/werkbonnen/{id}":         ro.werkbon.String(),
		"/api/v1/klusser/facturen/{id}":   ro.factuur.String(),
		"/api/v1/facturen/{id}":           ro.factuur.String(),
		"/api/v1/klussers/{id}":           p.Actor(ro.klusser).UserID.String(),
		"/api/v1/klanten/{email}":         url.PathEscape(ro.email),
		"/api/v1/admin/klanten/{email}":   url.PathEscape(ro.email),
		// The status link is the customer's key (D24), not a region's: a job id in its place opens nothing.
		"/api/v1/status/{token}": ro.open.String(),
		"/api/v1/settings/{id}":  "algemeen",
		// D32: only admins set a region's fee percentage.
		"/api/v1/afdracht-percentages/{regio}": "rotterdam",
		"{itemId}":                             uuid.NewString(),
		"{slot}":                               "profiel",
		"{id}":                                 uuid.NewString(), // documents, exports, photos, notifications: none of the actor's
	}

	routes := apiRoutes(t, p)
	// The admin goes last, and within each actor reads come before writes and deletions last, so
	// the admin's writes to the rotterdam rows change nothing another cell depends on.
	slices.SortFunc(routes, func(a, b httpapi.Route) int {
		if c := methodRank(a.Method) - methodRank(b.Method); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})

	got := map[string][]string{}
	leaks := 0
	for ai, a := range actors {
		for _, rt := range routes {
			key := rt.Method + " " + rt.Path
			if got[key] == nil {
				got[key] = make([]string, len(actors))
			}
			code, body := isolationCall(t, p, a.handle, rt, concretePath(rt.Path, params))
			got[key][ai] = strconv.Itoa(code)
			for _, r := range isolationRegions {
				if slices.Contains(a.sees, r) {
					continue
				}
				if bytes.Contains(bytes.ToLower(body), []byte(marker(r))) {
					leaks++
					t.Errorf("LEAK: %s as %s answered %d with a row of %s: %.300s", key, a.name, code, r, body)
				}
			}
		}
	}

	header := []string{"method", "path"}
	for _, a := range actors {
		header = append(header, a.name)
	}
	if *updateIsolation {
		writeIsolationTable(t, header, routes, got)
		return
	}
	want := readIsolationTable(t, header)
	cells := 0
	for _, rt := range routes {
		key := rt.Method + " " + rt.Path
		row, ok := want[key]
		if !ok {
			t.Errorf("%s is not in %s: add its row (who may call it, and what each actor gets)", key, isolationTable)
			continue
		}
		for i, a := range actors {
			cells++
			if row[i] != got[key][i] {
				t.Errorf("%s as %s: %s, the table says %s", key, a.name, got[key][i], row[i])
			}
		}
		delete(want, key)
	}
	for key := range want {
		t.Errorf("%s has a row in %s but the server has no such route", key, isolationTable)
	}
	servertest.Figure("isolation matrix: %d routes × %d actors = %d cells, %d leaks", len(routes), len(actors), cells, leaks)
}

func nonNilRegions(r []string) []string {
	if r == nil {
		return []string{}
	}
	return r
}

func methodRank(m string) int {
	switch m {
	case http.MethodGet:
		return 0
	case http.MethodDelete:
		return 2
	}
	return 1
}

// apiRoutes is the server's route table under /api (the OpenAPI document's routes).
func apiRoutes(t *testing.T, p *servertest.Portal) []httpapi.Route {
	t.Helper()
	var out []httpapi.Route
	for _, rt := range p.Routes {
		if strings.HasPrefix(rt.Path, "/api/") && rt.Path != "/api/openapi.json" {
			out = append(out, rt)
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d API routes: the test server lacks modules", len(out))
	}
	return out
}

// concretePath fills a route's path parameters: the longest matching prefix's value.
func concretePath(path string, params map[string]string) string {
	out := path
	for strings.Contains(out, "{") {
		i := strings.Index(out, "{")
		j := strings.Index(out[i:], "}") + i
		name := out[i : j+1]
		value, best := "", -1
		for k, v := range params {
			if strings.HasPrefix(k, "/") {
				if strings.HasPrefix(out, strings.TrimSuffix(k, name)) && strings.HasSuffix(k, name) && len(k) > best {
					value, best = v, len(k)
				}
			} else if k == name && best < 0 {
				value = v
			}
		}
		out = out[:i] + value + out[j+1:]
	}
	return out
}

// isolationCall asks once: list routes with a region filter into rotterdam, writes with an empty
// JSON object, streams for a moment. Answers the status and body.
func isolationCall(t *testing.T, p *servertest.Portal, handle string, rt httpapi.Route, path string) (int, []byte) {
	t.Helper()
	if rt.List != nil {
		for _, f := range rt.List.Filters {
			if f.Name == "regio" {
				path += "?regio=rotterdam"
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if rt.Path == "/api/v1/events" {
		ctx, cancel = context.WithTimeout(context.Background(), 700*time.Millisecond)
		defer cancel()
	}
	var body io.Reader
	if rt.Method != http.MethodGet && rt.Method != http.MethodDelete {
		body = strings.NewReader("{}")
	}
	req, _ := http.NewRequestWithContext(ctx, rt.Method, p.URL+path, body)
	req.Header.Set(httpapi.CSRFHeader, "1")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Test-User", handle)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", rt.Method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body) // a stream ends with the context; what came is kept
	return resp.StatusCode, b
}

func readIsolationTable(t *testing.T, header []string) map[string][]string {
	t.Helper()
	f, err := os.Open(isolationTable)
	if err != nil {
		t.Fatalf("%v (run with -update-isolation to make it)", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("%s: %v", isolationTable, err)
	}
	if !slices.Equal(rows[0], header) {
		t.Fatalf("%s columns %v, want %v", isolationTable, rows[0], header)
	}
	out := map[string][]string{}
	for _, row := range rows[1:] {
		out[row[0]+" "+row[1]] = row[2:]
	}
	return out
}

func writeIsolationTable(t *testing.T, header []string, routes []httpapi.Route, got map[string][]string) {
	t.Helper()
	var buf bytes.Buffer
	buf.WriteString("# The region isolation matrix (D4): the status each actor gets from each API route,\n" +
		"# with ids and region filters that point into rotterdam (a region only the admin may see).\n" +
		"# Checked by TestIsolationMatrix in isolation_test.go, which also asserts that no answer carries\n" +
		"# a row of a region the actor may not see. 401: not signed in; 403: the role may not; 404: not\n" +
		"# found (or not the actor's: the same answer); 400: the empty form was refused.\n")
	w := csv.NewWriter(&buf)
	_ = w.Write(header)
	sorted := slices.Clone(routes)
	slices.SortFunc(sorted, func(a, b httpapi.Route) int {
		return strings.Compare(a.Path+" "+a.Method, b.Path+" "+b.Method)
	})
	for _, rt := range sorted {
		_ = w.Write(append([]string{rt.Method, rt.Path}, got[rt.Method+" "+rt.Path]...))
	}
	w.Flush()
	if err := os.WriteFile(isolationTable, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
