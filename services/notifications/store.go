package notifications

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// pgStore is the PostgreSQL store (module.go makes it). Every statement also says user_id =
// actor_id(): row-level security lets admins see all notifications, but an inbox is one's own.
type pgStore struct{ db *tenants.DB }

// List reads the page and how many of the inbox are unread in one statement, so one proved
// transaction and one round trip instead of two (make load: the notifications read). The unread
// count is a subquery of its own (an init plan: counted once, not per row) that every row of the
// page carries; only a page past the last one, which has no row to carry it, counts in a read of
// its own.
func (s *pgStore) List(ctx context.Context, p list.Params) (list.Page[Notification], int, error) {
	unread := -1
	page, err := tenants.ListPage(ctx, s.db, p, `
		SELECT id, message, type, klus_id, read_at, created_at,
		       (SELECT count(*) FROM notifications u WHERE u.user_id = actor_id() AND u.read_at IS NULL) AS unread
		FROM notifications WHERE user_id = actor_id()`, nil,
		func(r pgx.Row) (Notification, error) {
			var n Notification
			err := r.Scan(&n.ID, &n.Message, &n.Type, &n.KlusID, &n.ReadAt, &n.CreatedAt, &unread)
			return n, err
		})
	switch {
	case err != nil:
		return page, 0, err
	case unread >= 0:
		return page, unread, nil
	case page.Total == 0:
		return page, 0, nil // no notification at all, so none unread
	}
	unread, err = s.UnreadCount(ctx)
	return page, unread, err
}

func (s *pgStore) UnreadCount(ctx context.Context) (int, error) {
	var n int
	err := s.db.Read(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM notifications WHERE user_id = actor_id() AND read_at IS NULL`).Scan(&n)
	})
	return n, err
}

func (s *pgStore) MarkRead(ctx context.Context, id uuid.UUID) (bool, error) {
	var found bool
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE notifications SET read_at = coalesce(read_at, now())
			WHERE id = $1 AND user_id = actor_id()`, id)
		found = tag.RowsAffected() == 1
		return err
	})
	return found, err
}

func (s *pgStore) MarkAllRead(ctx context.Context) (int, error) {
	var n int
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE notifications SET read_at = now() WHERE user_id = actor_id() AND read_at IS NULL`)
		n = int(tag.RowsAffected())
		return err
	})
	return n, err
}
