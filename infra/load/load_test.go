// Package load is `make load`: load figures of five requests that matter, each beside pgbench on
// the same PostgreSQL cluster in the same run, so a figure can be read against what the machine
// does at all. It drives a running server (KLUSMAAT_LOAD_URL) with vegeta's attack library,
// bounded in time and in count, on loopback only; without KLUSMAAT_LOAD_URL it is skipped, so it
// never runs in make test.
package load

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The bounds of every scenario: at most this long and this many requests.
const (
	duration    = 5 * time.Second
	maxRequests = 20000
	demoPass    = "Klusmaat-demo-2026"
)

type scenario struct {
	name    string
	clients int
	target  func(i int) vegeta.Target
	// write: the baseline is pgbench's default (TPC-B-like) write script, not select-only.
	write bool
}

// bulkJobs is how many jobs make load adds (klusmaat seed-bulk) before the run, for the admin
// jobs list at scale.
const bulkJobs = 100_000

func TestLoad(t *testing.T) {
	base := os.Getenv("KLUSMAAT_LOAD_URL")
	if base == "" {
		t.Skip("KLUSMAAT_LOAD_URL not set: make load runs this against its own server")
	}
	if u, err := url.Parse(base); err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost") {
		t.Fatalf("load runs on loopback only, not %q", base)
	}
	klusser := sessionCookie(t, base, "piet.bakker@klusmaat.nl")
	admin := sessionCookie(t, base, "admin@klusmaat.nl")
	day := calendar.System.Today().AddDays(3).String()

	// A tenth of the bulk jobs is archived, and the list hides archived jobs by default.
	if total := listTotal(t, base+"/api/v1/klussen?page=1&per_page=25", admin); total < bulkJobs*9/10 {
		t.Fatalf("the admin jobs list holds %d jobs; make load adds %d first (klusmaat seed-bulk, a tenth archived)", total, bulkJobs)
	}

	scenarios := []scenario{
		{name: "public job request (insert + e-mail job, one transaction)", clients: 16, write: true, target: func(i int) vegeta.Target {
			body, _ := json.Marshal(map[string]any{
				"categorie": "veiligheid", "beschrijving": fmt.Sprintf("Twee handgrepen plaatsen (load %d).", i),
				"datum": day, "tijd": "middag", "naam": "Mevrouw Van Dijk", "telefoon": "070 386 12 01",
				"email": fmt.Sprintf("load-%d@example.nl", i), "adres": "Herenstraat 21", "postcode": "2271 CB",
				"woonplaats": "Voorburg", "contact_voorkeur": "whatsapp",
			})
			return vegeta.Target{Method: http.MethodPost, URL: base + "/api/v1/public/aanvragen", Body: body,
				Header: http.Header{"Content-Type": {"application/json"}, httpapi.CSRFHeader: {"1"}}}
		}},
		{name: "anonymous showcase read", clients: 16, target: func(int) vegeta.Target {
			return vegeta.Target{Method: http.MethodGet, URL: base + "/api/v1/public/klussers"}
		}},
		{name: "klusser pool read with RLS", clients: 64, target: func(int) vegeta.Target {
			return vegeta.Target{Method: http.MethodGet, URL: base + "/api/v1/klusser/pool", Header: http.Header{"Cookie": {klusser}}}
		}},
		{name: "authenticated notifications read", clients: 64, target: func(int) vegeta.Target {
			return vegeta.Target{Method: http.MethodGet, URL: base + "/api/v1/notifications", Header: http.Header{"Cookie": {klusser}}}
		}},
		{name: fmt.Sprintf("admin jobs list, first page (%d jobs loaded)", bulkJobs), clients: 16, target: func(int) vegeta.Target {
			return vegeta.Target{Method: http.MethodGet, URL: base + "/api/v1/klussen?page=1&per_page=25", Header: http.Header{"Cookie": {admin}}}
		}},
	}

	// KLUSMAAT_LOAD_ONLY keeps the scenarios whose name holds it (e.g. "pool"), for a quick look at
	// one; make load runs them all.
	if only := os.Getenv("KLUSMAAT_LOAD_ONLY"); only != "" {
		scenarios = slices.DeleteFunc(scenarios, func(s scenario) bool { return !strings.Contains(s.name, only) })
	}

	// The baselines: select-only for the reads, the default TPC-B-like script for the write, each
	// only when a scenario needs it.
	meter := newCPUMeter()
	tps, pgPerTx := map[string]float64{}, map[string]float64{}
	for _, b := range []struct {
		clients int
		write   bool
	}{{16, false}, {64, false}, {16, true}} {
		if slices.ContainsFunc(scenarios, func(s scenario) bool { return s.clients == b.clients && s.write == b.write }) {
			key := baselineKey(b.clients, b.write)
			tps[key], pgPerTx[key] = pgbench(t, meter, b.clients, b.write)
		}
	}
	profiler := newProfiler(t)
	type row struct {
		s   scenario
		m   vegeta.Metrics
		cpu cpuSample
	}
	var rows []row
	fmt.Printf("\n%-58s %7s %9s %8s %8s %8s %9s %s\n", "scenario", "clients", "requests", "req/s", "p50", "p99", "success", "req/s ÷ pgbench tps")
	for _, s := range scenarios {
		warm(s)
		stop := profiler.start(s.name)
		before := meter.sample()
		m := attack(s)
		cpu := meter.sample().since(before)
		stop()
		base := tps[baselineKey(s.clients, s.write)]
		fmt.Printf("%-58s %7d %9d %8.0f %8s %8s %8.1f%% %.3f (%s %.0f tps); CPU per request: server %.0f µs, PostgreSQL %.0f µs\n",
			s.name, s.clients, m.Requests, m.Throughput, m.Latencies.P50.Round(time.Microsecond*100), m.Latencies.P99.Round(time.Microsecond*100),
			m.Success*100, m.Throughput/base, baselineName(s.write), base, perRequest(cpu.server, m.Requests), perRequest(cpu.postgres, m.Requests))
		if m.Success < 0.99 {
			t.Errorf("%s: %.1f%% successful (%v)", s.name, m.Success*100, m.StatusCodes)
		}
		rows = append(rows, row{s, m, cpu})
	}
	profiler.report()

	// The same figures as README.md's table, to paste. The CPU per request is the server's and
	// PostgreSQL's (all of the cluster's processes), beside PostgreSQL's per pgbench transaction.
	fmt.Printf("\n| scenario | clients | req/s | p50 | p99 | baseline (pgbench, same run) | ratio | CPU per request: server, PostgreSQL (pgbench tx) |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		key := baselineKey(r.s.clients, r.s.write)
		fmt.Printf("| %s | %d | %.0f | %s | %s | %s %.0f tps | %.3f | %.0f µs, %.0f µs (%.0f µs) |\n", r.s.name, r.s.clients, r.m.Throughput,
			r.m.Latencies.P50.Round(time.Microsecond*100), r.m.Latencies.P99.Round(time.Microsecond*100), baselineName(r.s.write), tps[key],
			r.m.Throughput/tps[key], perRequest(r.cpu.server, r.m.Requests), perRequest(r.cpu.postgres, r.m.Requests), pgPerTx[key])
	}
}

func baselineKey(clients int, write bool) string { return fmt.Sprintf("%d/%t", clients, write) }

func baselineName(write bool) string {
	if write {
		return "TPC-B-like"
	}
	return "select-only"
}

// listTotal reads the total of a list page (D25) as the cookie's user.
func listTotal(t *testing.T, u, cookie string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var page struct {
		Total int `json:"total"`
	}
	if err := json.NewDecoder(res.Body).Decode(&page); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", u, res.StatusCode, err)
	}
	return page.Total
}

// warm sends one request per client at once before a scenario's figures are taken, untimed, as a
// server in use has had them: its database connections made and the session looked up.
func warm(s scenario) {
	var wg sync.WaitGroup
	for i := range s.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tgt := s.target(-1 - i)
			req, err := tgt.Request()
			if err != nil {
				return
			}
			if res, err := http.DefaultClient.Do(req); err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		}()
	}
	wg.Wait()
}

// attack runs one scenario as fast as its clients go, for at most duration and maxRequests.
func attack(s scenario) vegeta.Metrics {
	n := 0
	targeter := func(tgt *vegeta.Target) error {
		if n >= maxRequests {
			return vegeta.ErrNoTargets
		}
		*tgt = s.target(n)
		n++
		return nil
	}
	a := vegeta.NewAttacker(vegeta.Workers(uint64(s.clients)), vegeta.MaxWorkers(uint64(s.clients)), vegeta.KeepAlive(true),
		vegeta.Timeout(10*time.Second), vegeta.Connections(s.clients))
	var m vegeta.Metrics
	for res := range a.Attack(targeter, vegeta.Rate{}, duration, s.name) {
		m.Add(res)
	}
	m.Close()
	return m
}

// sessionCookie signs in through the server's Kratos proxy and returns the session cookie.
func sessionCookie(t *testing.T, base, email string) string {
	b := kratostest.NewBrowser(t, base)
	if status, flow := b.Login(email, demoPass); status != http.StatusOK {
		t.Fatalf("login %s: %d %v", email, status, flow.MessageIDs())
	}
	u, _ := url.Parse(base)
	var parts []string
	for _, c := range b.HTTP.Jar.Cookies(u) {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return strings.Join(parts, "; ")
}

var (
	tpsLine = regexp.MustCompile(`tps = ([0-9.]+)`)
	txLine  = regexp.MustCompile(`number of transactions actually processed: ([0-9]+)`)
)

// pgbench runs pgbench's built-in select-only script (write: its default TPC-B-like script) with
// clients connections on the same cluster (KLUSMAAT_LOAD_PGBENCH: its connection options, database
// initialised by make load), and returns its transactions per second and PostgreSQL's CPU per
// transaction in microseconds.
func pgbench(t *testing.T, meter cpuMeter, clients int, write bool) (tps, pgPerTx float64) {
	conn := os.Getenv("KLUSMAAT_LOAD_PGBENCH")
	bin := os.Getenv("KLUSMAAT_LOAD_PGBENCH_BIN")
	if conn == "" || bin == "" {
		t.Fatal("KLUSMAAT_LOAD_PGBENCH and KLUSMAAT_LOAD_PGBENCH_BIN are set by make load")
	}
	var out bytes.Buffer
	args := []string{"-n", "-T", strconv.Itoa(int(duration.Seconds())), "-c", strconv.Itoa(clients), "-j", "2"}
	if !write {
		args = append(args, "-S")
	}
	args = append(args, strings.Fields(conn)...)
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	before := meter.sample()
	if err := cmd.Run(); err != nil {
		t.Fatalf("pgbench: %v\n%s", err, out.String())
	}
	time.Sleep(200 * time.Millisecond) // pgbench's backends end and the postmaster reaps them
	cpu := meter.sample().since(before)
	m := tpsLine.FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("pgbench printed no tps:\n%s", out.String())
	}
	tps, _ = strconv.ParseFloat(m[1], 64)
	if n := txLine.FindStringSubmatch(out.String()); n != nil {
		count, _ := strconv.ParseUint(n[1], 10, 64)
		pgPerTx = perRequest(cpu.postgres, count)
	}
	fmt.Printf("pgbench %s, %d clients, %v: %.0f tps; PostgreSQL CPU per transaction %.0f µs\n", baselineName(write), clients, duration, tps, pgPerTx)
	return tps, pgPerTx
}
