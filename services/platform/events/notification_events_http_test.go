package events_test

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// eventNames opens the event stream as one of evActors and passes on the name of every event.
func eventNames(t *testing.T, base, actor string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/v1/events", nil)
	req.Header.Set("X-Test-Actor", actor)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	names := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				names <- name
			}
		}
	}()
	return names
}

// waitFor reports whether name arrives within d.
func waitFor(names <-chan string, name string, d time.Duration) bool {
	deadline := time.After(d)
	for {
		select {
		case n := <-names:
			if n == name {
				return true
			}
		case <-deadline:
			return false
		}
	}
}

// D33: the bells follow the inbox live. A notification written for a user (by a notify job, a
// moment after the job's own change) and one marked read elsewhere reach that user's open streams
// as a 'notification' event, and nobody else's.
func TestNotificationsReachTheirUsersStreamOnly(t *testing.T) {
	d := dbtest.New(t)
	srv := eventServer(t, d)
	klusser := eventNames(t, srv.URL, "klusser-dh")
	franchise := eventNames(t, srv.URL, "franchise-dh")
	time.Sleep(200 * time.Millisecond) // both streams subscribed

	var id uuid.UUID
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `INSERT INTO notifications (user_id, message, type)
			VALUES ($1, 'Nieuwe klus beschikbaar in jouw regio!', 'nieuwe_klus') RETURNING id`, evKlusserDH.UserID).Scan(&id)
	})
	if !waitFor(klusser, events.InboxEvent, 5*time.Second) {
		t.Fatal("the klusser's stream did not hear of its new notification")
	}

	d.As(t, evKlusserDH, func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), `UPDATE notifications SET read_at = now() WHERE id = $1`, id)
		return err
	})
	if !waitFor(klusser, events.InboxEvent, 5*time.Second) {
		t.Fatal("the klusser's stream did not hear that its notification was read")
	}
	if waitFor(franchise, events.InboxEvent, time.Second) {
		t.Fatal("another user's stream heard of the klusser's notification")
	}
}
