package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// A path's id: a UUID is read, anything else is the route's own "not found", and a query on a
// route that takes none is refused before the id is looked at.
func TestPathID(t *testing.T) {
	notFound := domainerr.NotFound("x_not_found", "Niet gevonden")
	id := uuid.New()
	r := httptest.NewRequest("GET", "/x/"+id.String(), nil)
	r.SetPathValue("id", id.String())
	if got, err := PathID(r, notFound); err != nil || got != id {
		t.Errorf("PathID = %v, %v; want %v", got, err, id)
	}
	r.SetPathValue("id", "123")
	if _, err := PathID(r, notFound); !errors.Is(err, notFound) {
		t.Errorf("a malformed id: %v, want the route's not found", err)
	}
	q := httptest.NewRequest("GET", "/x/"+id.String()+"?a=1", nil)
	q.SetPathValue("id", id.String())
	if _, err := PathID(q, notFound); err == nil || errors.Is(err, notFound) {
		t.Errorf("a query: %v, want the unknown-parameter refusal", err)
	}
	if v, err := DecodePathID(notFound)(nil, r); err == nil || v != nil {
		t.Errorf("DecodePathID of a malformed id = %v, %v", v, err)
	}
	r.SetPathValue("id", id.String())
	v, err := DecodeIDRequest(notFound, "factuur_id")(nil, r)
	if err != nil || v.(IDRequest).ID != id || v.(IDRequest).LogAttrs()[0].Key != "factuur_id" {
		t.Errorf("DecodeIDRequest = %+v, %v; want the id logged as factuur_id", v, err)
	}
}

// A route on a record with a body: the id goes where into puts it and the body into the form it
// names; a malformed id is the route's "not found" before the body is read, and a bad body is
// refused as DecodeJSON refuses it.
func TestDecodeIDBody(t *testing.T) {
	notFound := domainerr.NotFound("x_not_found", "Niet gevonden")
	type form struct {
		Naam string `json:"naam"`
	}
	type request struct {
		ID uuid.UUID
		form
	}
	decode := DecodeIDBody(notFound, 0, func(r *request, id uuid.UUID) any { r.ID = id; return &r.form })
	id := uuid.New()
	req := func(path, body string) *http.Request {
		r := httptest.NewRequest("PUT", "/x/"+path, strings.NewReader(body))
		r.SetPathValue("id", path)
		return r
	}
	v, err := decode(nil, req(id.String(), `{"naam":"Piet"}`))
	if err != nil || v.(request).ID != id || v.(request).Naam != "Piet" {
		t.Errorf("DecodeIDBody = %+v, %v; want the id and the name", v, err)
	}
	if _, err := decode(nil, req("123", `{"naam":"Piet"}`)); !errors.Is(err, notFound) {
		t.Errorf("a malformed id: %v, want the route's not found", err)
	}
	if v, err := decode(nil, req(id.String(), `{"onbekend":1}`)); err == nil || v != nil {
		t.Errorf("an unknown field = %v, %v; want a refusal", v, err)
	}

	got, err := ByID(func(_ context.Context, id uuid.UUID) (string, error) { return id.String(), nil })(context.Background(), IDRequest{ID: id})
	if err != nil || got != id.String() {
		t.Errorf("ByID = %v, %v; want the method called with the id", got, err)
	}
}

type statusForm struct {
	Status string `json:"status"`
}

func (f statusForm) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("status", f.Status)} }

// A record's id with a body of a form: the endpoint gets both, and the log line names the record
// under its key and then what the form offers (here the status), nothing else.
func TestIDBody(t *testing.T) {
	id := uuid.New()
	r := httptest.NewRequest("POST", "/x/"+id.String(), strings.NewReader(`{"status":"open"}`))
	r.SetPathValue("id", id.String())
	v, err := DecodeIDBodyOf[statusForm](domainerr.NotFound("x_not_found", "Niet gevonden"), "klus_id", 0)(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	attrs := v.(IDBody[statusForm]).LogAttrs()
	if len(attrs) != 2 || attrs[0].Key != "klus_id" || attrs[0].Value.Any() != id || attrs[1].Key != "status" || attrs[1].Value.String() != "open" {
		t.Errorf("log attributes %v; want klus_id and status", attrs)
	}
	got, err := WithBody(func(_ context.Context, got uuid.UUID, f statusForm) (string, error) {
		return got.String() + " " + f.Status, nil
	})(context.Background(), v)
	if err != nil || got != id.String()+" open" {
		t.Errorf("WithBody = %v, %v; want the id and the status", got, err)
	}
}
