package klusser

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/klusmaat/klusmaat/tenants/list"
)

type fakeStore struct {
	rows []ShowcaseKlusser
	err  error
}

func (f fakeStore) ListVisible(context.Context, list.Params) (list.Page[ShowcaseKlusser], error) {
	return list.Page[ShowcaseKlusser]{Data: f.rows, Total: len(f.rows)}, f.err
}

func str(s string) *string { return &s }

func TestListTurnsPhotoKeysIntoURLs(t *testing.T) {
	store := fakeStore{rows: []ShowcaseKlusser{
		{Naam: "Met foto", ProfielFotoURL: str("p/1.jpg"), CarouselFotos: []string{"c/1.jpg", "", "c/2.jpg", "c/3.jpg", "c/4.jpg"}},
		{Naam: "Zonder foto", ProfielFotoURL: str("")},
	}}
	svc := NewShowcaseService(store, func(key string) string { return "/files/public/" + key })
	page, err := svc.List(context.Background(), list.Params{})
	if err != nil {
		t.Fatal(err)
	}
	got := page.Data
	if got[0].ProfielFotoURL == nil || *got[0].ProfielFotoURL != "/files/public/p/1.jpg" {
		t.Errorf("profile photo URL %v", got[0].ProfielFotoURL)
	}
	// At most three carousel photos, empty slots skipped (document 000 section 9).
	if want := []string{"/files/public/c/1.jpg", "/files/public/c/2.jpg", "/files/public/c/3.jpg"}; !slices.Equal(got[0].CarouselFotos, want) {
		t.Errorf("carousel %v, want %v", got[0].CarouselFotos, want)
	}
	// No photo is null, so the card shows 'Geen foto beschikbaar'; lists are never null in JSON.
	if got[1].ProfielFotoURL != nil || got[1].CarouselFotos == nil || got[1].Specialisaties == nil {
		t.Errorf("klusser without photos: %+v", got[1])
	}
}

func TestListPassesStoreErrorsOn(t *testing.T) {
	boom := errors.New("database down")
	_, err := NewShowcaseService(fakeStore{err: boom}, nil).List(context.Background(), list.Params{})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v does not wrap the store's", err)
	}
}
