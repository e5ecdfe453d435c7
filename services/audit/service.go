// Package audit is the back office's view of the audit log (D22): who changed a job's status,
// assignment, price or region, who deleted what, who downloaded a private document; when, and what
// it was before and after. One page from SQL with filters on who, what, when and which job (D25).
// Admins only; the log itself is written by each domain in the transaction of its change
// (tenants.Audit) and is append-only.
package audit

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// Service is the audit log's list.
type Service interface {
	// List returns a page of entries, newest first.
	List(ctx context.Context, p list.Params) (list.Page[Entry], error)
}

// Store is the SQL side; store.go implements it.
type Store interface {
	List(ctx context.Context, p list.Params, van, tot *time.Time) (list.Page[Entry], error)
}

// Entry is one row of the audit log.
type Entry struct {
	ID         int64           `json:"id"`
	OccurredAt time.Time       `json:"occurred_at"`
	ActorID    *uuid.UUID      `json:"actor_id"`
	ActorNaam  *string         `json:"actor_naam" doc:"naam uit het profiel, als die er is"`
	ActorEmail *string         `json:"actor_email"`
	ActorRole  string          `json:"actor_role"`
	Action     string          `json:"action"`
	Entity     string          `json:"entity"`
	EntityID   string          `json:"entity_id"`
	Regio      *string         `json:"regio"`
	Before     json.RawMessage `json:"before" doc:"JSON-object of null"`
	After      json.RawMessage `json:"after" doc:"JSON-object of null"`
}

// LogAttrs keeps the entry's id.
func (e Entry) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int64("audit_id", e.ID)} }

// NewService returns the service over s.
func NewService(s Store) Service { return &service{store: s} }

type service struct{ store Store }

func (s *service) List(ctx context.Context, p list.Params) (list.Page[Entry], error) {
	van, tot, err := period(p)
	if err != nil {
		return list.Page[Entry]{}, err
	}
	return s.store.List(ctx, p, van, tot)
}
