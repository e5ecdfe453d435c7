package httpapi

import (
	"errors"
	"net/http/httptest"
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
