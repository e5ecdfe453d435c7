package klant

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// createStore records what Create stores; the other calls are not used here.
type createStore struct {
	Store
	got *klus.Gegevens
}

func (s *createStore) Create(_ context.Context, g klus.Gegevens) (Detail, error) {
	s.got = &g
	return Detail{Klant: Klant{ID: g.Email, Email: g.Email}}, nil
}

// Section 5 (new customer) asks e-mail, phone and town, nothing more: a customer without address
// and postcode is made, with or without a first job, and both are stored empty; what the console's
// form (NieuweKlantDialog) refuses, the server refuses with the same message at the same field.
func TestNewCustomerAsksEmailPhoneAndTownOnly(t *testing.T) {
	clock := calendar.Fixed(time.Date(2026, 3, 10, 12, 0, 0, 0, calendar.Zone))
	base := CreateForm{Email: "Zonder.Adres@Example.nl", Telefoon: "06 1234 5678", Woonplaats: "Voorburg"}

	for _, c := range []struct {
		name string
		n    CreateForm
		msg  string
	}{
		{"placeholder job", base, MsgAangemaakt},
		{"with a first job", func() CreateForm {
			n := base
			n.Klus = &EersteKlus{Datum: "2026-03-20", Tijd: "10:30", Categorie: "houtwerk", Beschrijving: "Deur schaven"}
			return n
		}(), MsgMetKlus},
	} {
		st := &createStore{}
		got, err := NewService(st, clock).Create(context.Background(), c.n)
		if err != nil || got.Message != c.msg || st.got == nil {
			t.Fatalf("%s: %+v %v", c.name, got, err)
		}
		if st.got.Adres != "" || st.got.Postcode != "" || st.got.Woonplaats != "Voorburg" || st.got.Email != "zonder.adres@example.nl" {
			t.Errorf("%s: stored %+v", c.name, *st.got)
		}
	}

	with := func(f func(*CreateForm)) CreateForm { n := base; f(&n); return n }
	for _, c := range []struct {
		name, field, want string
		n                 CreateForm
	}{
		{"no e-mail", "email", MsgVerplicht, with(func(n *CreateForm) { n.Email = " " })},
		{"no phone", "telefoon", MsgVerplicht, with(func(n *CreateForm) { n.Telefoon = "" })},
		{"no town", "woonplaats", MsgVerplicht, with(func(n *CreateForm) { n.Woonplaats = "" })},
		{"job without a time", "klus.tijd", MsgKlusGegevens, with(func(n *CreateForm) {
			n.Klus = &EersteKlus{Datum: "2026-03-20", Categorie: "houtwerk", Beschrijving: "Deur schaven"}
		})},
		{"a postcode given is checked", "postcode", "Vul een geldige postcode in, bijvoorbeeld 2271 AB.", with(func(n *CreateForm) { n.Postcode = "12" })},
	} {
		st := &createStore{}
		_, err := NewService(st, clock).Create(context.Background(), c.n)
		var de *domainerr.Error
		if !errors.As(err, &de) || de.Message != c.want || de.Fields[c.field] != c.want || st.got != nil {
			t.Errorf("%s: %v (%+v), want %s: %q and nothing stored", c.name, err, de, c.field, c.want)
		}
		if de != nil && (de.Fields["adres"] != "" || (c.field != "postcode" && de.Fields["postcode"] != "")) {
			t.Errorf("%s: the address is not asked: %+v", c.name, de.Fields)
		}
	}
}
