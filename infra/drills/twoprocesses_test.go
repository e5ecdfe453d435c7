package drills

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// process is a running klusmaat command, stopped when the test ends.
func process(t *testing.T, bin string, env []string, args ...string) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _, _ = cmd.Process.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
		if t.Failed() {
			t.Logf("klusmaat %v output:\n%s", args, out.String())
		}
	})
}

// minimalBuilds writes the two front-end builds serve needs (the drill exercises the API only).
func minimalBuilds(t *testing.T) (portal, admin string) {
	page := `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="klusmaat-config" content=""><title>Klusmaat</title></head><body><div id="root"></div></body></html>`
	portal, admin = t.TempDir(), t.TempDir()
	for _, dir := range []string{portal, admin} {
		if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "routes.json"), []byte(`["/"]`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return portal, admin
}

func waitReady(t *testing.T, base string) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		if resp, err := http.Get(base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready after 30 s", base)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Two `klusmaat serve` processes and one `klusmaat worker` on one database, signed in through the
// real Kratos: an event made on one server reaches a stream on the other; 100 klussers claiming
// one pool job, half through each server, give one winner; the confirmation e-mail of a request
// made on one server is sent by the worker exactly once.
func TestTwoServeProcessesAndAWorker(t *testing.T) {
	smtpURL, mailAPI := jobstest.MailDev(t)
	pub, adm := kratosURLs(t)
	d := dbtest.New(t)
	bin := klusmaatBinary(t)
	portal, admin := minimalBuilds(t)

	// Accounts: an admin and 100 klussers of den-haag (Kratos identities, roles, profiles).
	acc := accounts.NewService(kratostest.Kratos(t), d.DB)
	system := tenants.WithActor(context.Background(), tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	const password = "Klusmaat-drill-2026!"
	run := uuid.NewString()[:6]
	newAccount := func(role tenants.Role, i int) string {
		email := fmt.Sprintf("twee-%s-%s-%d@example.nl", run, role, i)
		regions := []string{"den-haag"}
		if role == tenants.Admin {
			regions = nil
		}
		id, err := acc.Create(system, accounts.NewAccount{Email: email, Naam: fmt.Sprintf("Drill %s %d", role, i), Password: password, Role: role, Regions: regions})
		if err != nil {
			t.Error(err)
			return ""
		}
		t.Cleanup(func() { _ = acc.Delete(system, id) })
		return email
	}
	adminEmail := newAccount(tenants.Admin, 0)
	klussers := make([]string, 100)
	var wg sync.WaitGroup
	for i := range klussers {
		wg.Add(1)
		go func() { defer wg.Done(); klussers[i] = newAccount(tenants.Klusser, i) }()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	common := []string{"DATABASE_URL=" + d.AppURL, "DATABASE_QUEUE_URL=" + d.QueueURL, "DATABASE_OWNER_URL=",
		"KLUSMAAT_ACTOR_KEY=" + dbtest.ActorKey, "KRATOS_PUBLIC_URL=" + pub.String(), "KRATOS_ADMIN_URL=" + adm.String(),
		"SMTP_URL=" + smtpURL, "METRICS_ADDR=", "LOG_LEVEL=warn", "BLOB_URL=file://" + t.TempDir()}
	servers := make([]string, 2)
	for i := range servers {
		port := freePort(t)
		servers[i] = "http://127.0.0.1:" + port
		process(t, bin, append(common, "KLUSMAAT_LISTEN=127.0.0.1:"+port, "KLUSMAAT_PUBLIC_URL="+servers[i],
			"KLUSMAAT_RUN_WORKERS=false", "KLUSMAAT_FORM_LIMIT=1000", "KLUSMAAT_LOGIN_LIMIT=100000",
			"KLUSMAAT_PORTAL_DIST="+portal, "KLUSMAAT_ADMIN_DIST="+admin), "serve")
	}
	process(t, bin, common, "worker")
	for _, s := range servers {
		waitReady(t, s)
	}
	a, b := servers[0], servers[1]

	login := func(base, email string) *kratostest.Browser {
		br := kratostest.NewBrowser(t, base)
		if status, flow := br.Login(email, password); status != http.StatusOK {
			t.Fatalf("login %s on %s: %d %v", email, base, status, flow.MessageIDs())
		}
		return br
	}
	adminA, adminB := login(a, adminEmail), login(b, adminEmail)

	// The admin's stream on B.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, b+"/api/v1/events", nil)
	resp, err := adminB.HTTP.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("stream on B: %v %v", err, resp)
	}
	lines := make(chan string, 100)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()

	// A public request with an e-mail address, made on A.
	to := fmt.Sprintf("twee-%s-klant@example.nl", run)
	body, _ := json.Marshal(map[string]any{"categorie": "veiligheid", "beschrijving": "Handgreep plaatsen (twee servers).",
		"datum": calendar.System.Today().AddDays(3).String(), "tijd": "middag", "naam": "Mevrouw Van Dijk", "telefoon": "070 386 12 01",
		"email": to, "adres": "Herenstraat 21", "postcode": "2271 CB", "woonplaats": "Voorburg", "contact_voorkeur": "bellen"})
	post, _ := http.NewRequest(http.MethodPost, a+"/api/v1/public/aanvragen", bytes.NewReader(body))
	post.Header.Set("Content-Type", "application/json")
	post.Header.Set(httpapi.CSRFHeader, "1")
	res, err := http.DefaultClient.Do(post)
	if err != nil {
		t.Fatal(err)
	}
	var created struct {
		ID uuid.UUID `json:"id"`
	}
	_ = json.NewDecoder(res.Body).Decode(&created)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("request on A: %d", res.StatusCode)
	}
	deadline := time.After(10 * time.Second)
	for heard := false; !heard; {
		select {
		case l := <-lines:
			heard = strings.HasPrefix(l, "data:") && strings.Contains(l, created.ID.String())
		case <-deadline:
			t.Fatal("the stream on server B did not hear the request made on server A")
		}
	}
	if mails := jobstest.WaitForMails(t, mailAPI, to, 1, 20*time.Second); len(mails) != 1 {
		t.Fatalf("%d confirmation e-mails, want 1", len(mails))
	}

	// Into the pool (through A), then 100 claims, every other one through B.
	if s, out := adminA.Do(http.MethodPost, "/api/v1/klussen/"+created.ID.String()+"/pool", nil, httpapi.CSRFHeader, "1"); s != http.StatusOK {
		t.Fatalf("pool: %d %v", s, out)
	}
	browsers := make([]*kratostest.Browser, len(klussers))
	for i, email := range klussers {
		wg.Add(1)
		go func() { defer wg.Done(); browsers[i] = login([]string{a, b}[i%2], email) }()
	}
	wg.Wait()
	statuses := make([]int, len(browsers))
	start := make(chan struct{})
	for i, br := range browsers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			statuses[i], _ = br.Do(http.MethodPost, "/api/v1/klusser/klussen/"+created.ID.String()+"/claim", nil, httpapi.CSRFHeader, "1")
		}()
	}
	close(start)
	wg.Wait()
	wins, lost := map[string]int{}, 0
	for i, s := range statuses {
		switch s {
		case http.StatusOK:
			wins[[]string{"A", "B"}[i%2]]++
		case http.StatusConflict:
			lost++
		default:
			t.Errorf("claim %d: %d", i, s)
		}
	}
	if wins["A"]+wins["B"] != 1 || lost != 99 {
		t.Fatalf("wins %v and %d told it was taken; want one winner over both servers and 99", wins, lost)
	}
	time.Sleep(time.Second)
	if mails := jobstest.MailsTo(t, mailAPI, to); len(mails) != 1 {
		t.Fatalf("%d confirmation e-mails in the end, want exactly 1", len(mails))
	}
	t.Logf("stream across servers ok; one e-mail; claims: winner on %v, %d refused", wins, lost)
}
