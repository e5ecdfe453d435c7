// Package emailjobs shows admins the platform's outgoing e-mail (D16): every e-mail job with its
// recipient, template, state, attempts and last error, so that a failed delivery is visible
// instead of silently lost.
package emailjobs

import (
	"context"
	"time"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// Service lists e-mail jobs.
type Service interface {
	// List returns a page of e-mail jobs, newest first unless p sorts otherwise, filtered by state
	// and recipient as p says.
	List(ctx context.Context, p list.Params) (list.Page[Job], error)
}

// Store reads River's job table.
type Store interface {
	List(ctx context.Context, p list.Params) (list.Page[Job], error)
}

// States are River's job states, as the filter accepts them.
var States = []string{"available", "scheduled", "running", "retryable", "completed", "cancelled", "discarded"}

// NewService returns the service.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

func (s *service) List(ctx context.Context, p list.Params) (list.Page[Job], error) {
	return s.store.List(ctx, p)
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
