// Package events streams job changes to the dashboards as Server-Sent Events (document 001
// section 7: admin and franchise dashboards reload on job inserts and deletes; klussers follow the
// pool), and tells each user when its own notifications change (D33). Database triggers append every change to klus_events and NOTIFY its id (migrations 008
// and 013); each server process listens and, for every subscriber, reads the new events back
// through row-level security as the subscriber's actor, so each sees only what it may: a
// franchise owner its regions, a klusser the pool of its regions and its own jobs, an admin
// everything. A notification is only a hint that there is something to read: anyone may NOTIFY,
// so its payload is never passed on. A client that reconnects sends Last-Event-ID and is replayed
// everything it missed, read the same way, page by page; when some of it is no longer kept
// (Retention), it gets one 'reload' event instead.
package events

import (
	"context"
	"log/slog"
	"slices"
	"strconv"
	"strings"
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

// Hub fans events out to the subscribers of this process.
type Hub struct {
	db    *tenants.DB
	hints chan int64 // ids of new events, from NOTIFY

	mu        sync.Mutex
	subs      map[*subscriber]struct{}
	listening bool
	ready     chan struct{}
}

type subscriber struct {
	actor tenants.Actor
	ch    chan Event
	inbox chan struct{} // a pending "your notifications changed" (InboxEvent); one is enough
}

// NewHub returns a hub; Run makes it listen.
func NewHub(db *tenants.DB) *Hub {
	return &Hub{db: db, hints: make(chan int64, hintBuffer), subs: map[*subscriber]struct{}{}, ready: make(chan struct{})}
}

// hintBuffer holds the ids that arrive while the previous batch is being read; when it is full the
// hub has fallen behind, and every stream resyncs from its Last-Event-ID instead.
const hintBuffer = 4096

// maxBatch bounds how many event ids one read asks for.
const maxBatch = 200

// Run listens for events until ctx ends. After a lost connection subscribers are told to resync
// (their stream ends; the browser reconnects with Last-Event-ID and is replayed the gap).
func (h *Hub) Run(ctx context.Context) {
	go h.prune(ctx)
	go h.deliver(ctx)
	inboxListening := false // touched by the inbox listener's goroutine only
	go func() {
		_ = h.db.Listen(ctx, InboxChannel, h.inboxHint, func() {
			if inboxListening {
				h.nudgeAll()
			}
			inboxListening = true
		})
	}()
	_ = h.db.Listen(ctx, "klus_events", h.hint, h.listened)
}

// InboxChannel is where the notifications trigger (migration 046) announces that a user's
// notifications changed; the payload is the user's id.
const InboxChannel = "notifications"

// InboxEvent is the event that tells a stream its user's notifications changed (new ones, or
// marked read elsewhere): the client reloads its inbox. It carries no data and no id.
const InboxEvent = "notification"

// inboxHint nudges the streams of the user a notification names. The payload is trusted no further
// than that: a forged one makes a user's own inbox reload.
func (h *Hub) inboxHint(payload string) {
	user, err := uuid.Parse(payload)
	if err != nil || user == uuid.Nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if s.actor.UserID == user {
			nudge(s)
		}
	}
}

// nudgeAll tells every stream to reload its inbox: after a lost listening connection (not at the
// first LISTEN) hints may have been missed.
func (h *Hub) nudgeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		nudge(s)
	}
}

func nudge(s *subscriber) {
	select {
	case s.inbox <- struct{}{}:
	default: // one is already pending
	}
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

// hint takes a notification's payload as the id of a new event, and nothing more.
func (h *Hub) hint(payload string) {
	id, err := strconv.ParseInt(payload, 10, 64)
	if err != nil || id <= 0 {
		slog.Warn("events: ignoring a notification that is not an event id", "payload_bytes", len(payload))
		return
	}
	select {
	case h.hints <- id:
	default:
		slog.Warn("events: delivery fell behind; streams resync from their last event")
		h.dropAll()
	}
}

// deliver reads the hinted events in batches: all ids waiting at the moment, once per distinct
// actor among the subscribers.
func (h *Hub) deliver(ctx context.Context) {
	for {
		var ids []int64
		select {
		case <-ctx.Done():
			return
		case id := <-h.hints:
			ids = append(ids, id)
		}
	more:
		for len(ids) < maxBatch {
			select {
			case id := <-h.hints:
				ids = append(ids, id)
			default:
				break more
			}
		}
		h.fanOut(ctx, ids)
	}
}

// fanOut reads the events ids as each subscriber's actor (one query per distinct actor) and sends
// every subscriber what its actor may see. A subscriber whose read fails, or that is too slow to
// take its events, loses its stream and resyncs from its Last-Event-ID.
func (h *Hub) fanOut(ctx context.Context, ids []int64) {
	h.mu.Lock()
	groups := map[string][]*subscriber{}
	for s := range h.subs {
		k := actorKey(s.actor)
		groups[k] = append(groups[k], s)
	}
	h.mu.Unlock()

	for _, subs := range groups {
		evs, err := h.read(ctx, subs[0].actor, ids)
		if err != nil && ctx.Err() == nil {
			slog.Warn("events: read back", "role", subs[0].actor.Role, "err", err)
		}
		h.mu.Lock()
		for _, s := range subs {
			if _, ok := h.subs[s]; !ok {
				continue // unsubscribed meanwhile
			}
			if err != nil || !offer(s, evs) {
				h.drop(s)
			}
		}
		h.mu.Unlock()
	}
}

// offer hands evs to s without waiting, and reports false when s is too slow to take them all.
func offer(s *subscriber, evs []Event) bool {
	for _, e := range evs {
		select {
		case s.ch <- e:
		default:
			return false
		}
	}
	return true
}

// actorKey identifies an actor for batching: subscribers with the same role, user and regions
// see the same events.
func actorKey(a tenants.Actor) string {
	regions := slices.Clone(a.Regions)
	slices.Sort(regions)
	return string(a.Role) + "|" + a.UserID.String() + "|" + strings.Join(regions, ",")
}

// read returns the events among ids that actor may see, through row-level security.
func (h *Hub) read(ctx context.Context, a tenants.Actor, ids []int64) ([]Event, error) {
	return h.query(ctx, a, `WHERE id = ANY($1) ORDER BY id`, ids)
}

// drop ends a subscriber's stream; h.mu must be held.
func (h *Hub) drop(s *subscriber) {
	close(s.ch)
	delete(h.subs, s)
}

func (h *Hub) dropAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		h.drop(s)
	}
}

// Subscribers is the number of open event streams of this process (a metric).
func (h *Hub) Subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// subscribe registers a subscriber; the returned channel closes when the hub drops it.
func (h *Hub) subscribe(a tenants.Actor) (*subscriber, func()) {
	s := &subscriber{actor: a, ch: make(chan Event, 256), inbox: make(chan struct{}, 1)}
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.mu.Unlock()
	return s, func() {
		h.mu.Lock()
		if _, ok := h.subs[s]; ok {
			h.drop(s)
		}
		h.mu.Unlock()
	}
}

// ReplayPage is how many missed events a replay reads at a time. A reconnecting client is sent
// every event it missed that it may see, page after page, however many pages that takes.
const ReplayPage = 500

// ReloadEvent is the event a reconnecting client gets instead of a replay when events it may have
// missed are no longer kept (Retention): it reloads its data; the event's id is the newest event's,
// from which it goes on.
const ReloadEvent = "reload"

// since returns the first ReplayPage events after lastID that actor may see, through row-level
// security.
func (h *Hub) since(ctx context.Context, a tenants.Actor, lastID int64) ([]Event, error) {
	return h.query(ctx, a, `WHERE id > $1 ORDER BY id LIMIT `+strconv.Itoa(ReplayPage), lastID)
}

// kept reports whether every event after lastID is still kept, and the newest kept event's id
// (klus_events_kept, migration 041).
func (h *Hub) kept(ctx context.Context, a tenants.Actor, lastID int64) (complete bool, newest int64, err error) {
	err = h.db.InTx(ctx, a, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT complete, newest FROM klus_events_kept($1)`, lastID).Scan(&complete, &newest)
	})
	return complete, newest, err
}

// query reads events as actor a; where selects and orders them, with arg as $1.
func (h *Hub) query(ctx context.Context, a tenants.Actor, where string, arg any) ([]Event, error) {
	var out []Event
	err := h.db.InTx(ctx, a, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id, klus_id, op, regio, status, assignment_type, klusser_id, occurred_at
			FROM klus_events `+where, arg)
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
