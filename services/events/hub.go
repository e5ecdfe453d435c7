// Package events streams job changes to the dashboards as Server-Sent Events (document 001
// section 7: admin and franchise dashboards reload on job inserts and deletes; klussers follow the
// pool). Database triggers append every change to klus_events and NOTIFY it (migration 008); each
// server process listens and fans the events out to its subscribers, each seeing only what its
// actor may see: a franchise owner its regions, a klusser the pool of its regions and its own jobs,
// an admin everything. A client that reconnects sends Last-Event-ID and is replayed what it missed,
// read through row-level security as the same actor.
package events

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
)

// Event is one change of a job.
type Event struct {
	ID             int64      `json:"id"`
	KlusID         uuid.UUID  `json:"klus_id"`
	Op             string     `json:"op" doc:"INSERT, UPDATE of DELETE"`
	Regio          string     `json:"regio"`
	Status         string     `json:"status"`
	AssignmentType *string    `json:"assignment_type"`
	KlusserID      *uuid.UUID `json:"klusser_id"`
	OccurredAt     time.Time  `json:"occurred_at"`
}

// Visible mirrors the row-level security of klus_events for live events.
func Visible(a tenants.Actor, e Event) bool {
	switch a.Role {
	case tenants.Admin:
		return true
	case tenants.Franchise:
		return slices.Contains(a.Regions, e.Regio)
	case tenants.Klusser:
		own := e.KlusserID != nil && *e.KlusserID == a.UserID
		pool := e.AssignmentType != nil && *e.AssignmentType == "pool" && slices.Contains(a.Regions, e.Regio)
		return own || pool
	default:
		return false
	}
}

// Hub fans events out to the subscribers of this process.
type Hub struct {
	db *tenants.DB

	mu        sync.Mutex
	subs      map[*subscriber]struct{}
	listening bool
	ready     chan struct{}
}

type subscriber struct {
	actor tenants.Actor
	ch    chan Event
}

// NewHub returns a hub; Run makes it listen.
func NewHub(db *tenants.DB) *Hub {
	return &Hub{db: db, subs: map[*subscriber]struct{}{}, ready: make(chan struct{})}
}

// Run listens for events until ctx ends. After a lost connection subscribers are told to resync
// (their stream ends; the browser reconnects with Last-Event-ID and is replayed the gap).
func (h *Hub) Run(ctx context.Context) {
	go h.prune(ctx)
	_ = h.db.Listen(ctx, "klus_events", h.publish, h.listened)
}

// Ready is closed once the hub first listens.
func (h *Hub) Ready() <-chan struct{} { return h.ready }

func (h *Hub) listened() {
	h.mu.Lock()
	first := !h.listening
	h.listening = true
	h.mu.Unlock()
	if first {
		close(h.ready)
		return
	}
	h.dropAll()
}

func (h *Hub) publish(payload string) {
	var e Event
	if err := json.Unmarshal([]byte(payload), &e); err != nil {
		slog.Error("events: bad payload", "payload", payload, "err", err)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if !Visible(s.actor, e) {
			continue
		}
		select {
		case s.ch <- e:
		default: // too slow: end its stream; it reconnects and replays from its last id
			close(s.ch)
			delete(h.subs, s)
		}
	}
}

func (h *Hub) dropAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		close(s.ch)
		delete(h.subs, s)
	}
}

// subscribe registers a subscriber; the returned channel closes when the hub drops it.
func (h *Hub) subscribe(a tenants.Actor) (*subscriber, func()) {
	s := &subscriber{actor: a, ch: make(chan Event, 256)}
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.mu.Unlock()
	return s, func() {
		h.mu.Lock()
		if _, ok := h.subs[s]; ok {
			delete(h.subs, s)
			close(s.ch)
		}
		h.mu.Unlock()
	}
}

// MaxReplay bounds how many missed events a reconnecting client is sent; one that missed more
// reloads its page's data anyway.
const MaxReplay = 500

// since returns the events after lastID that actor may see, through row-level security.
func (h *Hub) since(ctx context.Context, a tenants.Actor, lastID int64) ([]Event, error) {
	var out []Event
	err := h.db.InTx(ctx, a, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id, klus_id, op, regio, status, assignment_type, klusser_id, occurred_at
			FROM klus_events WHERE id > $1 ORDER BY id LIMIT $2`, lastID, MaxReplay)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Event, error) {
			var e Event
			err := r.Scan(&e.ID, &e.KlusID, &e.Op, &e.Regio, &e.Status, &e.AssignmentType, &e.KlusserID, &e.OccurredAt)
			return e, err
		})
		return err
	})
	return out, err
}

// Retention is how long events are kept for replay.
const Retention = 24 * time.Hour

// prune deletes events past the retention, hourly, acting as the system.
func (h *Hub) prune(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		err := h.db.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `DELETE FROM klus_events WHERE occurred_at < now() - $1::interval`, Retention.String())
			return err
		})
		if err != nil && ctx.Err() == nil {
			slog.Warn("events: prune", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
