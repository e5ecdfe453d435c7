package drills

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/schema"
)

const actorKey = "klusmaat-drill-actor-key-0123456789abcdef"

// pgCluster runs scripts/pg.sh for a cluster of the drill's own (never the test stack's).
func pgCluster(t *testing.T, args ...string) {
	cmd := exec.Command("../../scripts/pg.sh", args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pg.sh %v: %v\n%s", args, err, out)
	}
}

// PostgreSQL restarted under a write load: the server serves again within 5 s of the database's
// return, by itself, and every request it acknowledged (201) is in the database.
func TestPostgresRestartUnderWriteLoad(t *testing.T) {
	port := os.Getenv("KLUSMAAT_TEST_DRILL_PG_PORT")
	if port == "" {
		if os.Getenv("KLUSMAAT_REQUIRE_DB") != "" {
			t.Fatal("KLUSMAAT_TEST_DRILL_PG_PORT must be set (make test sets it)")
		}
		t.Skip("no port for the drill's own cluster")
	}
	name := "drill-" + port
	pgCluster(t, "start", name, port)
	t.Cleanup(func() { pgCluster(t, "destroy", name) })
	url := func(role string) string {
		return fmt.Sprintf("postgres://klusmaat_%s:klusmaat_%s_dev@127.0.0.1:%s/klusmaat", role, role, port)
	}
	ctx := context.Background()
	if _, err := schema.Migrate(ctx, url("owner"), actorKey); err != nil {
		t.Fatal(err)
	}
	database, err := tenants.Open(ctx, tenants.Config{URL: url("app"), QueueURL: url("queue"), ActorKey: actorKey})
	if err != nil {
		t.Fatal(err)
	}
	defer database.Close()
	q, err := jobs.NewQueue(database.QueuePool(), server.NewWorkers(server.WorkerDeps{DB: database}), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	enf, _ := policy.New()
	h, _ := server.New(server.Deps{DB: database, Policy: enf, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Site: web.Site{Brand: "Klusmaat"}, Queue: q, FormLimit: server.FormLimit{Max: 1_000_000, Window: time.Minute}})
	srv := httptest.NewServer(h)
	defer srv.Close()

	// The write load: public job requests, each acknowledged one remembered.
	var mu sync.Mutex
	acked := []uuid.UUID{}
	var lastOK time.Time
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 10 * time.Second}
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				body, _ := json.Marshal(map[string]any{
					"categorie": "veiligheid", "beschrijving": fmt.Sprintf("Handgreep plaatsen (drill %d-%d).", w, i),
					"datum": calendar.System.Today().AddDays(3).String(), "tijd": "middag", "naam": "Mevrouw Van Dijk",
					"telefoon": "070 386 12 01", "adres": "Herenstraat 21", "postcode": "2271 CB", "woonplaats": "Voorburg",
					"contact_voorkeur": "bellen",
				})
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/v1/public/aanvragen", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set(httpapi.CSRFHeader, "1")
				resp, err := client.Do(req)
				if err != nil {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				var created struct {
					ID uuid.UUID `json:"id"`
				}
				_ = json.NewDecoder(resp.Body).Decode(&created)
				resp.Body.Close()
				if resp.StatusCode == http.StatusCreated {
					mu.Lock()
					acked = append(acked, created.ID)
					lastOK = time.Now()
					mu.Unlock()
				} else {
					time.Sleep(50 * time.Millisecond) // refused while the database is away: try again
				}
			}
		}()
	}
	time.Sleep(time.Second)
	mu.Lock()
	before := len(acked)
	mu.Unlock()
	if before == 0 {
		t.Fatal("no request was served before the restart")
	}

	pgCluster(t, "stop", name)
	time.Sleep(time.Second)
	pgCluster(t, "start", name, port) // returns when the cluster accepts connections
	back := time.Now()
	deadline := back.Add(5 * time.Second)
	for {
		mu.Lock()
		ok := lastOK.After(back)
		mu.Unlock()
		if ok {
			t.Logf("served again %v after PostgreSQL returned", time.Since(back).Round(10*time.Millisecond))
			break
		}
		if time.Now().After(deadline) {
			close(stop)
			wg.Wait()
			t.Fatal("the server did not serve again within 5 s of PostgreSQL's return")
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	close(stop)
	wg.Wait()

	var stored int
	system := tenants.SystemActor()
	if err := database.InTx(ctx, system, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM klussen WHERE id = ANY($1)`, acked).Scan(&stored)
	}); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d requests acknowledged (%d before the restart), %d stored", len(acked), before, stored)
	if stored != len(acked) {
		t.Fatalf("%d acknowledged requests, %d in the database: %d lost", len(acked), stored, len(acked)-stored)
	}
}
