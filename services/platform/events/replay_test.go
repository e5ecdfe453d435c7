package events_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

var (
	admin      = tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	franchiseD = tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}}
)

// message is one server-sent event as the client reads it.
type message struct {
	id    int64
	event string
	data  string
}

// replay opens the stream as a with Last-Event-ID lastID and reads until want events have come or
// the stream has been quiet for a second.
func replay(t *testing.T, hub *events.Hub, a tenants.Actor, lastID string, want int) []message {
	t.Helper()
	route := events.Routes(hub)[0]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route.Handler.ServeHTTP(w, r.WithContext(tenants.WithActor(r.Context(), a)))
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+route.Path, nil)
	req.Header.Set("Last-Event-ID", lastID)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("stream: %d", resp.StatusCode)
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	var got []message
	var m message
	for len(got) < want {
		select {
		case line, ok := <-lines:
			if !ok {
				return got
			}
			switch {
			case strings.HasPrefix(line, "id: "):
				m.id, _ = strconv.ParseInt(strings.TrimPrefix(line, "id: "), 10, 64)
			case strings.HasPrefix(line, "event: "):
				m.event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				m.data = strings.TrimPrefix(line, "data: ")
			case line == "" && m.event != "":
				got = append(got, m)
				m = message{}
			}
		case <-time.After(time.Second):
			return got
		}
	}
	return got
}

// TestReplayIsWhole (issue 42, item 7): a client that reconnects with Last-Event-ID is sent every
// event it missed that it may see, however many pages of events.ReplayPage that takes (921 stored
// events of its region, as the finding had: it used to get the oldest 500 and then only live ones),
// and when some of what it missed is no longer kept it is told to reload instead of silently
// missing it.
func TestReplayIsWhole(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	const stored = 921
	d.As(t, admin, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
			SELECT CASE WHEN i % 4 = 0 THEN 'utrecht' ELSE 'den-haag' END, 'montage', 'klus ' || i, current_date, 'ochtend',
			       'Laan ' || i, '2271 AB', 'Voorburg', '070'
			FROM generate_series(1, $1 * 4 / 3 + 1) i`, stored)
		return err
	})
	var denHaag int
	d.As(t, admin, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM klus_events WHERE regio = 'den-haag'`).Scan(&denHaag)
	})
	if denHaag <= events.ReplayPage || denHaag < stored {
		t.Fatalf("the test stores %d den-haag events, want more than a page (%d)", denHaag, events.ReplayPage)
	}
	hub := events.NewHub(d.DB)

	got := replay(t, hub, franchiseD, "0", denHaag+1)
	if len(got) != denHaag {
		t.Fatalf("replayed %d events, want all %d of the region", len(got), denHaag)
	}
	for i, m := range got {
		var e events.Event
		if err := json.Unmarshal([]byte(m.data), &e); err != nil || m.event != "klus" || e.Regio != "den-haag" || e.ID != m.id {
			t.Fatalf("event %d: %+v (%v)", i, m, err)
		}
		if i > 0 && m.id <= got[i-1].id {
			t.Fatalf("event %d (id %d) does not follow %d", i, m.id, got[i-1].id)
		}
	}
	// From the middle: the rest, nothing twice.
	middle := got[600].id
	if rest := replay(t, hub, franchiseD, strconv.FormatInt(middle, 10), denHaag); len(rest) != denHaag-601 || rest[0].id <= middle {
		t.Fatalf("from id %d: %d events, want %d", middle, len(rest), denHaag-601)
	}

	// The oldest events are pruned: a client that missed some of them reloads, and goes on from the
	// newest event.
	var newest int64
	d.As(t, admin, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM klus_events WHERE id <= $1`, got[100].id); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT max(id) FROM klus_events`).Scan(&newest)
	})
	got = replay(t, hub, franchiseD, "0", 2)
	if len(got) != 1 || got[0].event != events.ReloadEvent || got[0].id != newest {
		t.Fatalf("after pruning, from 0: %+v, want one %q event with id %d", got, events.ReloadEvent, newest)
	}
	// One that missed nothing pruned is replayed as before.
	if rest := replay(t, hub, franchiseD, strconv.FormatInt(got[0].id, 10), 1); len(rest) != 0 {
		t.Fatalf("from the newest id: %+v, want nothing", rest)
	}
	if rest := replay(t, hub, admin, strconv.FormatInt(newest-5, 10), 10); len(rest) != 5 || rest[0].event != "klus" {
		t.Fatalf("the admin from newest-5: %+v, want 5 events", rest)
	}
}
