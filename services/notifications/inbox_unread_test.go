package notifications_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/notifications"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The inbox reads its page and its unread count together (one statement): every page tells how
// many of the user's notifications are unread, also a page past the last one, which has no row
// to carry the count; the count is the user's own and follows marking read.
func TestInboxTellsTheUnreadOnEveryPage(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	me, other := uuid.New(), uuid.New()
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin'), ($2, 'admin')`, me, other); err != nil {
			return err
		}
		// Five of mine, two of them read; three of someone else's, unread.
		_, err := tx.Exec(ctx, `
			INSERT INTO notifications (user_id, message, type, read_at, created_at)
			SELECT $1::uuid, 'Melding ' || g, 'nieuwe_klus', CASE WHEN g <= 2 THEN now() END, now() - g * interval '1 minute'
			FROM generate_series(1, 5) g
			UNION ALL
			SELECT $2::uuid, 'Andere ' || g, 'nieuwe_klus', NULL, now() FROM generate_series(1, 3) g`, me, other)
		return err
	})

	srv := servertest.NewAPIServer(t, server.Deps{DB: d.DB})
	inbox := func(a tenants.Actor, query string) notifications.Inbox {
		t.Helper()
		srv.As(a)
		status, b, _ := srv.Do(http.MethodGet, "/api/v1/notifications"+query, "")
		var l notifications.Inbox
		if status != http.StatusOK || json.Unmarshal(b, &l) != nil {
			t.Fatalf("inbox %s: %d %s", query, status, b)
		}
		return l
	}
	mine := tenants.Actor{UserID: me, Role: tenants.Admin}
	for _, c := range []struct {
		query       string
		rows, total int
	}{
		{"?page=1&per_page=2", 2, 5},
		{"?page=3&per_page=2", 1, 5},
		{"?page=4&per_page=2", 0, 5}, // past the last page
	} {
		if l := inbox(mine, c.query); len(l.Data) != c.rows || l.Total != c.total || l.Unread != 3 {
			t.Errorf("inbox %s: %d rows of %d, %d unread; want %d of %d, 3 unread", c.query, len(l.Data), l.Total, l.Unread, c.rows, c.total)
		}
	}
	if l := inbox(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}, ""); len(l.Data) != 0 || l.Unread != 0 {
		t.Errorf("an empty inbox: %+v", l)
	}

	srv.As(mine)
	if status, b, _ := srv.Do(http.MethodPost, "/api/v1/notifications/read-all", ""); status != http.StatusOK {
		t.Fatalf("mark all read: %d %s", status, b)
	}
	for _, query := range []string{"?page=1&per_page=2", "?page=4&per_page=2"} {
		if l := inbox(mine, query); l.Unread != 0 {
			t.Errorf("inbox %s after marking all read: %d unread", query, l.Unread)
		}
	}
	if l := inbox(tenants.Actor{UserID: other, Role: tenants.Admin}, fmt.Sprintf("?page=%d&per_page=2", 1)); l.Unread != 3 {
		t.Errorf("someone else's inbox after I marked mine read: %d unread, want 3", l.Unread)
	}
}
