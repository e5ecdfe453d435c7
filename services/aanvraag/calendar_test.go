package aanvraag_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/aanvraag"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// memStore keeps the last job; the SQL side is tested against PostgreSQL in services/server.
type memStore struct{ last *aanvraag.Job }

func (m *memStore) Create(_ context.Context, j aanvraag.Job) error { m.last = &j; return nil }
func (m *memStore) Towns(context.Context, list.Params) (list.Page[aanvraag.Town], error) {
	return list.Page[aanvraag.Town]{}, nil
}
func (m *memStore) Categories(context.Context, list.Params) (list.Page[aanvraag.Category], error) {
	return list.Page[aanvraag.Category]{}, nil
}

func request(datum string) aanvraag.Aanvraag {
	return aanvraag.Aanvraag{
		Categorie: "montage", Beschrijving: "Lamp ophangen in de gang.", Datum: datum, Tijd: "ochtend",
		Naam: "Mevrouw Jansen", Telefoon: "070 386 12 01", Adres: "Herenstraat 1", Postcode: "2271 AB",
		Woonplaats: "Voorburg",
	}
}

// At 00:30 in the Netherlands (23:30 UTC the evening before) "today" is the Dutch date: the wizard
// offers it, so the server accepts it, and refuses the UTC date, which is yesterday here.
func TestTheWishedDateIsCheckedAgainstTheDutchToday(t *testing.T) {
	now := time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC) // 1 January 2027, 00:30 in Amsterdam
	store := &memStore{}
	svc := aanvraag.NewService(store, calendar.Fixed(now))

	if _, err := svc.Submit(context.Background(), request("2027-01-01")); err != nil {
		t.Fatalf("Dutch today refused: %v", err)
	}
	if store.last == nil || store.last.Datum.String() != "2027-01-01" {
		t.Fatalf("stored date = %v, want 2027-01-01", store.last)
	}

	_, err := svc.Submit(context.Background(), request("2026-12-31"))
	var fields validate.Errors
	if !errors.As(err, &fields) || fields["datum"] != "Kies een datum vanaf vandaag." {
		t.Fatalf("the UTC date (yesterday in the Netherlands) gave %v, want 'Kies een datum vanaf vandaag.'", err)
	}

	// A year ahead is the last date offered; a day more is refused.
	if _, err := svc.Submit(context.Background(), request("2028-01-01")); err != nil {
		t.Fatalf("a year ahead refused: %v", err)
	}
	_, err = svc.Submit(context.Background(), request("2028-01-02"))
	if !errors.As(err, &fields) || fields["datum"] != "Kies een datum binnen een jaar." {
		t.Fatalf("a year and a day ahead gave %v", err)
	}
}
