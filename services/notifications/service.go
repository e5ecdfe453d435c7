// Package notifications is the signed-in user's own inbox (document 001: admins hear when jobs are
// picked up, planned or changed; klussers when a job enters their region's pool). The rows are
// written by the notify jobs; this service lists them and marks them read, always the user's own,
// also for admins, whose row-level security would otherwise show everyone's.
package notifications

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Service is the inbox.
type Service interface {
	// List returns a page of the user's notifications, newest first unless p sorts otherwise,
	// and how many are unread.
	List(ctx context.Context, p list.Params) (Inbox, error)
	// UnreadCount returns how many of the user's notifications are unread.
	UnreadCount(ctx context.Context) (int, error)
	// MarkRead marks one of the user's notifications read.
	MarkRead(ctx context.Context, id uuid.UUID) error
	// MarkAllRead marks all the user's notifications read and returns how many changed.
	MarkAllRead(ctx context.Context) (int, error)
}

// Store is the SQL side; every method works on the actor's own rows.
type Store interface {
	// List returns a page and how many of the actor's notifications are unread, read together.
	List(ctx context.Context, p list.Params) (list.Page[Notification], int, error)
	UnreadCount(ctx context.Context) (int, error)
	MarkRead(ctx context.Context, id uuid.UUID) (bool, error)
	MarkAllRead(ctx context.Context) (int, error)
}

// ErrNotFound: no such notification of this user.
var ErrNotFound = domainerr.NotFound("notification_not_found", "Deze melding bestaat niet.")

// NewService returns the inbox service.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

func (s *service) List(ctx context.Context, p list.Params) (Inbox, error) {
	page, n, err := s.store.List(ctx, p)
	if err != nil {
		return Inbox{}, err
	}
	return Inbox{Page: page, Unread: n}, nil
}

func (s *service) UnreadCount(ctx context.Context) (int, error) { return s.store.UnreadCount(ctx) }

func (s *service) MarkRead(ctx context.Context, id uuid.UUID) error {
	ok, err := s.store.MarkRead(ctx, id)
	if err == nil && !ok {
		return ErrNotFound
	}
	return err
}

func (s *service) MarkAllRead(ctx context.Context) (int, error) { return s.store.MarkAllRead(ctx) }

// Notification is one message in the inbox.
type Notification struct {
	ID        uuid.UUID  `json:"id"`
	Message   string     `json:"message"`
	Type      string     `json:"type" doc:"klus_opgepakt, klus_ingepland, klus_gewijzigd of nieuwe_klus"`
	KlusID    *uuid.UUID `json:"klus_id"`
	ReadAt    *time.Time `json:"read_at"`
	CreatedAt time.Time  `json:"created_at"`
}

// Inbox is the inbox answer: a page of notifications and how many of all are unread.
type Inbox struct {
	list.Page[Notification]
	Unread int `json:"unread"`
}

// LogAttrs adds the unread count to the page's.
func (i Inbox) LogAttrs() []slog.Attr { return append(i.Page.LogAttrs(), slog.Int("unread", i.Unread)) }
