package klus

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// fakeStore records what the service asks of the store.
type fakeStore struct {
	PortaalStore
	planned  time.Time
	statuses []string
	phone    string
}

func (f *fakeStore) Plan(_ context.Context, _ uuid.UUID, start time.Time, _ string) (Klus, error) {
	f.planned = start
	return Klus{}, nil
}

func (f *fakeStore) Agenda(_ context.Context, statuses []string, _ list.Params) (list.Page[Klus], error) {
	f.statuses = statuses
	return list.Page[Klus]{}, nil
}

func (f *fakeStore) SupportPhone(context.Context) (string, error) { return f.phone, nil }

// The plan's start is the chosen Dutch date and time as an instant, whatever the machine's zone;
// the time is checked on the half hour between 08:00 and 20:00 before the store is asked.
func TestPlanStartsAtTheDutchTime(t *testing.T) {
	f := &fakeStore{}
	// 23:30 UTC on 28 March 2026 is already the 29th in Amsterdam (summer time starts that night).
	s := NewPortaalService(f, calendar.Fixed(time.Date(2026, time.March, 28, 23, 30, 0, 0, time.UTC)), "088")
	if _, err := s.Plan(context.Background(), uuid.New(), Planning{Datum: "2026-03-28", Tijd: "10:00"}); domainerr.As(err) == nil {
		t.Fatalf("yesterday in Amsterdam accepted: %v", err)
	}
	if _, err := s.Plan(context.Background(), uuid.New(), Planning{Datum: "2026-03-29", Tijd: "09:30"}); err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, time.March, 29, 7, 30, 0, 0, time.UTC); !f.planned.Equal(want) {
		t.Fatalf("start %v, want %v (09:30 summer time)", f.planned.UTC(), want)
	}
	for _, tijd := range []string{"7:30", "08:00:00", "19:45", "20:30", "24:00", "morgen"} {
		_, err := s.Plan(context.Background(), uuid.New(), Planning{Datum: "2026-03-29", Tijd: tijd})
		var d *domainerr.Error
		if !errors.As(err, &d) || d.Fields["tijd"] != MsgTijd {
			t.Errorf("tijd %q: %v", tijd, err)
		}
	}
}

// The agenda tabs ask for the statuses of document 001 section 2; no tab is every status.
func TestAgendaTabs(t *testing.T) {
	f := &fakeStore{}
	s := NewPortaalService(f, calendar.System, "")
	for tab, want := range map[string]string{"te-doen": "[open ingepland bezig]", "afgerond": "[afgerond]", "": "[open ingepland bezig afgerond]"} {
		p := list.Params{Filters: map[string][]string{}}
		if tab != "" {
			p.Filters["tab"] = []string{tab}
		}
		if _, err := s.Agenda(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(f.statuses); got != want {
			t.Errorf("tab %q: %s, want %s", tab, got, want)
		}
	}
}

// Without a support phone in the database the configured contact phone is answered (D19).
func TestSupportFallsBackToTheContactPhone(t *testing.T) {
	s := NewPortaalService(&fakeStore{}, calendar.System, "088 000 00 00")
	if got, _ := s.Support(context.Background()); got.Telefoon != "088 000 00 00" {
		t.Fatalf("support %q", got.Telefoon)
	}
}
