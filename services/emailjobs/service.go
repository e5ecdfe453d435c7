// Package emailjobs shows admins the platform's outgoing e-mail (D16): every e-mail job with its
// recipient, template, state, attempts and last error, so that a failed delivery is visible
// instead of silently lost.
package emailjobs

import (
	"context"
	"errors"
	"slices"
	"time"
)

// Service lists e-mail jobs.
type Service interface {
	// List returns the newest e-mail jobs first, optionally only those in one state.
	List(ctx context.Context, state string) ([]Job, error)
}

// Store reads River's job table.
type Store interface {
	List(ctx context.Context, state string, limit int) ([]Job, error)
}

// States are River's job states, as the filter accepts them.
var States = []string{"available", "scheduled", "running", "retryable", "completed", "cancelled", "discarded"}

// ErrUnknownState is a filter value outside States.
var ErrUnknownState = errors.New("emailjobs: unknown state")

// NewService returns the service.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

// Limit is how many jobs one list shows.
const Limit = 200

func (s *service) List(ctx context.Context, state string) ([]Job, error) {
	if state != "" && !slices.Contains(States, state) {
		return nil, ErrUnknownState
	}
	return s.store.List(ctx, state, Limit)
}

// Job is one e-mail job.
type Job struct {
	ID          int64      `json:"id"`
	Template    string     `json:"template"`
	Recipient   string     `json:"recipient"`
	State       string     `json:"state" doc:"available, scheduled, running, retryable, completed, cancelled of discarded"`
	Attempts    int        `json:"attempts"`
	MaxAttempts int        `json:"max_attempts"`
	LastError   *string    `json:"last_error"`
	CreatedAt   time.Time  `json:"created_at"`
	FinalizedAt *time.Time `json:"finalized_at"`
}
