package events_test

import (
	"bufio"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

var (
	evKlusserDH = tenants.Actor{UserID: uuid.New(), Role: tenants.Klusser, Regions: []string{"den-haag"}}
	evActors    = map[string]tenants.Actor{
		"admin":        {UserID: uuid.New(), Role: tenants.Admin},
		"franchise-dh": {UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}},
		"klusser-dh":   evKlusserDH,
	}
)

// eventServer is one server process: its own hub, listening on the shared database.
func eventServer(t *testing.T, d *dbtest.Database) *httptest.Server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	hub := events.NewHub(d.DB)
	go hub.Run(ctx)
	select {
	case <-hub.Ready():
	case <-time.After(10 * time.Second):
		t.Fatal("hub did not start listening")
	}
	enf, _ := policy.New()
	h, _ := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: slog.Default(), Site: web.Site{Brand: "Klusmaat"}, Events: hub,
		Resolver: func(r *http.Request) (tenants.Actor, error) {
			if a, ok := evActors[r.Header.Get("X-Test-Actor")]; ok {
				return a, nil
			}
			return tenants.AnonymousActor(), nil
		}})
	ts := httptest.NewServer(servertest.Checked(t, h))
	t.Cleanup(ts.Close)
	return ts
}

type stream struct {
	events chan events.Event
	ids    chan string
	cancel func()
}

// subscribe opens the event stream as one of evActors; lastID resumes when not empty.
func subscribe(t *testing.T, base, actor, lastID string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/v1/events", nil)
	req.Header.Set("X-Test-Actor", actor)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("stream as %s: %d %s", actor, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	s := &stream{events: make(chan events.Event, 100), ids: make(chan string, 100), cancel: func() { cancel(); resp.Body.Close() }}
	t.Cleanup(s.cancel)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			line := sc.Text()
			if id, ok := strings.CutPrefix(line, "id: "); ok {
				s.ids <- id
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				var e events.Event
				if json.Unmarshal([]byte(data), &e) == nil {
					s.events <- e
				}
			}
		}
	}()
	return s
}

// collect gathers the job ids a stream receives within d.
func (s *stream) collect(d time.Duration) map[uuid.UUID]bool {
	got := map[uuid.UUID]bool{}
	deadline := time.After(d)
	for {
		select {
		case e := <-s.events:
			got[e.KlusID] = true
		case <-deadline:
			return got
		}
	}
}

func insertJob(t *testing.T, d *dbtest.Database, regio, woonplaats, postcode string, pool bool) uuid.UUID {
	t.Helper()
	id := uuid.New()
	var assignment any
	if pool {
		assignment = "pool"
	}
	d.As(t, evActors["admin"], func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), `INSERT INTO klussen (id, regio, assignment_type, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
			VALUES ($1, $2, $3, 'montage', 'x', current_date + 1, 'ochtend', 'Straat 1', $4, $5, '070')`, id, regio, assignment, postcode, woonplaats)
		return err
	})
	return id
}

// A franchise owner hears its region only; a klusser the pool of its region only; two server
// processes on one database both deliver.
func TestEventsAreFilteredPerActorAcrossServers(t *testing.T) {
	d := dbtest.New(t)
	a, b := eventServer(t, d), eventServer(t, d)
	franchiseA := subscribe(t, a.URL, "franchise-dh", "")
	franchiseB := subscribe(t, b.URL, "franchise-dh", "")
	klusser := subscribe(t, a.URL, "klusser-dh", "")
	admin := subscribe(t, b.URL, "admin", "")
	time.Sleep(200 * time.Millisecond) // let the subscriptions register

	dhPool := insertJob(t, d, "den-haag", "Voorburg", "2271 AB", true)
	dhNew := insertJob(t, d, "den-haag", "Voorburg", "2271 AB", false)
	utPool := insertJob(t, d, "utrecht", "Utrecht", "3511 AB", true)

	for name, s := range map[string]*stream{"server A": franchiseA, "server B": franchiseB} {
		got := s.collect(2 * time.Second)
		if !got[dhPool] || !got[dhNew] || got[utPool] {
			t.Errorf("franchise den-haag on %s: pool %t, new %t, utrecht %t", name, got[dhPool], got[dhNew], got[utPool])
		}
	}
	if got := klusser.collect(time.Second); !got[dhPool] || got[dhNew] || got[utPool] {
		t.Errorf("klusser den-haag: pool %t, non-pool %t, utrecht pool %t", got[dhPool], got[dhNew], got[utPool])
	}
	if got := admin.collect(time.Second); !got[dhPool] || !got[dhNew] || !got[utPool] {
		t.Errorf("admin: %v", got)
	}

	// Anonymous visitors get no stream.
	resp, err := http.Get(a.URL + "/api/v1/events")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("anonymous stream: %d", resp.StatusCode)
	}
}

// A client that reconnects with Last-Event-ID gets what happened while it was away, filtered.
func TestEventsResumeAfterReconnect(t *testing.T) {
	d := dbtest.New(t)
	srv := eventServer(t, d)
	s := subscribe(t, srv.URL, "franchise-dh", "")
	time.Sleep(200 * time.Millisecond)
	first := insertJob(t, d, "den-haag", "Voorburg", "2271 AB", false)
	var lastID string
	select {
	case lastID = <-s.ids:
	case <-time.After(3 * time.Second):
		t.Fatal("no first event")
	}
	_ = first
	s.cancel() // the connection drops

	missed1 := insertJob(t, d, "den-haag", "Leidschendam", "2265 AP", true)
	other := insertJob(t, d, "utrecht", "Utrecht", "3511 AB", true)
	missed2 := insertJob(t, d, "den-haag", "Wassenaar", "2241 BX", false)

	again := subscribe(t, srv.URL, "franchise-dh", lastID)
	got := again.collect(time.Second)
	if !got[missed1] || !got[missed2] || got[other] || got[first] {
		t.Fatalf("replay after %s: missed1 %t missed2 %t utrecht %t first %t", lastID, got[missed1], got[missed2], got[other], got[first])
	}
}

// Anyone with a database connection can NOTIFY the events channel; a subscriber still receives
// only real events its actor may read, never what a notification claims.
func TestForgedNotificationsReachNoOne(t *testing.T) {
	d := dbtest.New(t)
	srv := eventServer(t, d)
	franchise := subscribe(t, srv.URL, "franchise-dh", "")
	time.Sleep(200 * time.Millisecond)

	utrecht := insertJob(t, d, "utrecht", "Utrecht", "3511 AB", true)
	var utrechtEvent int64
	d.As(t, evActors["admin"], func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT id FROM klus_events WHERE klus_id = $1`, utrecht).Scan(&utrechtEvent)
	})
	forgedJob := uuid.New()
	conn, err := pgx.Connect(context.Background(), d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for _, payload := range []string{
		// The old payload: a whole event, made up.
		`{"id": 999999, "klus_id": "` + forgedJob.String() + `", "op": "INSERT", "regio": "den-haag", "status": "open", "assignment_type": "pool"}`,
		// A real event of another region.
		strconv.FormatInt(utrechtEvent, 10),
	} {
		// The NOTIFY command needs no privilege at all (pg_notify is revoked from the server's role).
		if _, err := conn.Exec(context.Background(), "NOTIFY klus_events, '"+strings.ReplaceAll(payload, "'", "''")+"'"); err != nil {
			t.Fatal(err)
		}
	}
	real := insertJob(t, d, "den-haag", "Voorburg", "2271 AB", true)

	got := franchise.collect(2 * time.Second)
	if got[forgedJob] || got[utrecht] || !got[real] || len(got) != 1 {
		t.Fatalf("franchise den-haag received forged %t, utrecht %t, its own region's job %t (%d jobs)", got[forgedJob], got[utrecht], got[real], len(got))
	}
}
