// Package notifications is the signed-in user's own inbox (document 001: admins hear when jobs are
// picked up, planned or changed; klussers when a job enters their region's pool). The rows are
// written by the notify jobs; this service lists them and marks them read, always the user's own,
// also for admins, whose row-level security would otherwise show everyone's.
package notifications

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
)

// Service is the inbox.
type Service interface {
	// List returns the user's newest notifications and how many are unread.
	List(ctx context.Context) (List, error)
	// UnreadCount returns how many of the user's notifications are unread.
	UnreadCount(ctx context.Context) (int, error)
	// MarkRead marks one of the user's notifications read.
	MarkRead(ctx context.Context, id uuid.UUID) error
	// MarkAllRead marks all the user's notifications read and returns how many changed.
	MarkAllRead(ctx context.Context) (int, error)
}

// Store is the SQL side; every method works on the actor's own rows.
type Store interface {
	List(ctx context.Context, limit int) ([]Notification, error)
	UnreadCount(ctx context.Context) (int, error)
	MarkRead(ctx context.Context, id uuid.UUID) (bool, error)
	MarkAllRead(ctx context.Context) (int, error)
}

// ErrNotFound: no such notification of this user.
var ErrNotFound = errors.New("notifications: not found")

// Limit is how many notifications a list shows.
const Limit = 50

// NewService returns the inbox service.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

func (s *service) List(ctx context.Context) (List, error) {
	items, err := s.store.List(ctx, Limit)
	if err != nil {
		return List{}, err
	}
	n, err := s.store.UnreadCount(ctx)
	return List{Items: items, Unread: n}, err
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

// List is the inbox answer.
type List struct {
	Items  []Notification `json:"items"`
	Unread int            `json:"unread"`
}
