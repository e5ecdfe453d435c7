package events

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
)

// Heartbeat keeps idle streams open through proxies.
const Heartbeat = 20 * time.Second

// Routes returns the stream's route. The stream is plain net/http rather than a go-kit endpoint:
// an endpoint answers once, a stream never finishes.
func Routes(h *Hub) []httpapi.Route {
	return []httpapi.Route{{
		Method: http.MethodGet,
		Path:   "/api/v1/events",
		Summary: "Live wijzigingen van klussen (Server-Sent Events); Last-Event-ID hervat na een onderbreking met " +
			"alle gemiste gebeurtenissen, of met één gebeurtenis 'reload' (gegevens opnieuw laden) als die niet meer bewaard zijn (24 uur); " +
			"gebeurtenis 'notification' (zonder id of gegevens) zegt dat de eigen meldingen veranderden (D33)",
		Tag:          "events",
		Resource:     "events",
		Action:       "read",
		Query:        []httpapi.Param{{Name: "last_event_id", Description: "alternatief voor de Last-Event-ID-header"}},
		Response:     Event{},
		ResponseType: httpapi.EventStream,
		Handler:      http.HandlerFunc(h.serve),
	}}
}

func (h *Hub) serve(w http.ResponseWriter, r *http.Request) {
	if err := httpapi.AllowQuery(r, "last_event_id"); err != nil {
		httpapi.WriteError(w, r, err)
		return
	}
	lastID, resume, err := lastEventID(r)
	if err != nil {
		httpapi.WriteError(w, r, err)
		return
	}
	actor := tenants.ActorFrom(r.Context())
	rc := http.NewResponseController(w)

	// Subscribe before replaying, so nothing falls between the replay and the live stream.
	sub, cancel := h.subscribe(actor)
	defer cancel()
	var missed []Event
	reload := false
	if resume { // a first connection starts with what happens from now on
		complete, newest, err := h.kept(r.Context(), actor, lastID)
		if err == nil && complete {
			missed, err = h.since(r.Context(), actor, lastID)
		}
		if err != nil {
			httpapi.WriteError(w, r, httpapi.Internal(err))
			return
		}
		if !complete { // pruned: no replay can be whole; the client reloads and goes on from the newest
			reload, lastID = true, newest
		}
	}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 3000\n\n")
	if reload {
		if _, err := fmt.Fprintf(w, "id: %d\nevent: %s\ndata: {}\n\n", lastID, ReloadEvent); err != nil {
			return
		}
	}
	// Every missed event, a page at a time: a page of ReplayPage means there may be more.
	for {
		for _, e := range missed {
			if !write(w, e) {
				return
			}
			lastID = e.ID
		}
		if len(missed) < ReplayPage {
			break
		}
		_ = rc.Flush()
		if missed, err = h.since(r.Context(), actor, lastID); err != nil {
			return // the client reconnects with the last id it got, and the replay goes on from there
		}
	}
	_ = rc.Flush()

	beat := time.NewTicker(Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case e, ok := <-sub.ch:
			if !ok {
				return // dropped by the hub; the browser reconnects with Last-Event-ID
			}
			if e.ID <= lastID {
				continue // already sent in the replay
			}
			if !write(w, e) {
				return
			}
			lastID = e.ID
		case <-sub.inbox:
			if _, err := fmt.Fprintf(w, "event: %s\ndata: {}\n\n", InboxEvent); err != nil {
				return
			}
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

func write(w http.ResponseWriter, e Event) bool {
	data, err := json.Marshal(e)
	if err != nil {
		slog.Error("events: encode", "err", err)
		return false
	}
	_, err = fmt.Fprintf(w, "id: %d\nevent: klus\ndata: %s\n\n", e.ID, data)
	return err == nil
}

// lastEventID reads where a reconnecting client left off; resume is false on a first connection.
func lastEventID(r *http.Request) (id int64, resume bool, err error) {
	v := r.Header.Get("Last-Event-ID")
	if q := r.URL.Query().Get("last_event_id"); q != "" {
		v = q
	}
	if v == "" {
		return 0, false, nil
	}
	id, err = strconv.ParseInt(v, 10, 64)
	if err != nil || id < 0 {
		return 0, false, httpapi.BadRequest("invalid_last_event_id", "Ongeldige Last-Event-ID.", nil)
	}
	return id, true, nil
}
