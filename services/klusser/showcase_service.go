package klusser

// The public handyman showcase of the site (/klussers, document 000): the klussers that are active
// and visible on the website, best rated first, with showcase fields only (D5). Visitors use it
// without signing in. It is the smallest part of the domain and the worked example of
// docs/adding-a-domain.md.

import (
	"context"
	"errors"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// ShowcaseService is the showcase use-case.
type ShowcaseService interface {
	// List returns a page of the active klussers that are visible on the website, best rated
	// first and unrated last unless p sorts otherwise, with showcase fields only.
	List(ctx context.Context, p list.Params) (list.Page[ShowcaseKlusser], error)
}

// ShowcaseStore reads the showcase from the database; store.go implements it on PostgreSQL.
type ShowcaseStore interface {
	// ListVisible returns a page of the rows of the public_klussers view, photos as stored keys.
	ListVisible(ctx context.Context, p list.Params) (list.Page[ShowcaseKlusser], error)
}

// PhotoURL turns a stored photo key into the URL a browser fetches; showcase photos are public (D6).
type PhotoURL func(key string) string

// NewShowcaseService returns the showcase service.
func NewShowcaseService(store ShowcaseStore, photoURL PhotoURL) ShowcaseService {
	return &showcaseService{store: store, photoURL: photoURL}
}

type showcaseService struct {
	store    ShowcaseStore
	photoURL PhotoURL
}

// MaxCarouselPhotos is how many carousel photos a klusser has at most (document 000 section 9).
const MaxCarouselPhotos = 3

func (s *showcaseService) List(ctx context.Context, p list.Params) (list.Page[ShowcaseKlusser], error) {
	page, err := s.store.ListVisible(ctx, p)
	if err != nil {
		return page, errors.Join(errors.New("showcase: list"), err)
	}
	rows := page.Data
	for i := range rows {
		rows[i].ProfielFotoURL = s.url(rows[i].ProfielFotoURL)
		photos := make([]string, 0, MaxCarouselPhotos)
		for _, key := range rows[i].CarouselFotos {
			if key != "" && len(photos) < MaxCarouselPhotos {
				photos = append(photos, s.photoURL(key))
			}
		}
		rows[i].CarouselFotos = photos
		if rows[i].Specialisaties == nil {
			rows[i].Specialisaties = []string{}
		}
	}
	return page, nil
}

func (s *showcaseService) url(key *string) *string {
	if key == nil || *key == "" {
		return nil
	}
	u := s.photoURL(*key)
	return &u
}

// ShowcaseKlusser is a handyman as the public sees it: the showcase fields of D5, never a phone number,
// e-mail, address, age or document.
type ShowcaseKlusser struct {
	ID                    string   `json:"id" doc:"Profiel-id"`
	Naam                  string   `json:"naam"`
	Woonplaats            string   `json:"woonplaats"`
	Specialisaties        []string `json:"specialisaties"`
	GemiddeldeBeoordeling *float64 `json:"gemiddelde_beoordeling" doc:"1 tot 5; null als er nog geen beoordeling is"`
	TotaalUren            float64  `json:"totaal_uren"`
	GepensioneerdSinds    *int     `json:"gepensioneerd_sinds" doc:"Jaartal"`
	IntroTekst            string   `json:"intro_tekst"`
	ProfielFotoURL        *string  `json:"profiel_foto_url" doc:"null: 'Geen foto beschikbaar'"`
	CarouselFotos         []string `json:"carousel_fotos" doc:"Hoogstens 3 foto-URL's"`
}
