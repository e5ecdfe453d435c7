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

func (s *pgStore) List(ctx context.Context, p list.Params) (list.Page[Notification], error) {
	return tenants.ListPage(ctx, s.db, p, `
		SELECT id, message, type, klus_id, read_at, created_at FROM notifications WHERE user_id = actor_id()`, nil,
		func(r pgx.Row) (Notification, error) {
			var n Notification
			err := r.Scan(&n.ID, &n.Message, &n.Type, &n.KlusID, &n.ReadAt, &n.CreatedAt)
			return n, err
		})
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
