package klusser_test

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/klusmaat/klusmaat/services/klusser"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

func pngPhoto(t testing.TB) []byte {
	t.Helper()
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 60, 60))); err != nil {
		t.Fatal(err)
	}
	return pic.Bytes()
}

// The admin's klussers: a new klusser is a Kratos identity, role and profile made in
// one operation (D14) with section 8's messages; the profile is saved with section 5's rules;
// showcase photos are uploaded (images only, 5MB), shown on the public page and removed; archiving
// takes a klusser off the public page; deleting removes identity, profile and work orders and
// keeps the issued invoice. Franchise owners and klussers are refused every write.
func TestAdminManagesKlussers(t *testing.T) {
	k := kratostest.Kratos(t)
	b := servertest.NewBackOffice(t, servertest.Options{Ory: k, Files: true})

	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussers", klusser.CreateForm{}, &e); s != http.StatusBadRequest ||
		e.Error.Message != "Vul alle verplichte velden in" {
		t.Fatalf("empty dialog: %d %+v", s, e)
	}
	for _, f := range []string{"naam", "email", "password", "telefoon", "woonplaats", "regio"} {
		if e.Error.Fields[f] == "" {
			t.Errorf("no message for %s: %v", f, e.Error.Fields)
		}
	}
	email := "kees-" + uuid.NewString()[:8] + "@example.nl"
	leeftijd := 68
	nieuw := klusser.CreateForm{Naam: "Kees de Klusser", Email: email, Password: "Klusmaat-test-2026!", Telefoon: "06 11 22 33 44",
		Woonplaats: "Voorburg", Regio: []string{"den-haag"}, Leeftijd: &leeftijd, HeeftVOG: true}
	var made klusser.Answer
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussers", nieuw, &made); s != http.StatusCreated || made.Message != "Klusser succesvol aangemaakt" {
		t.Fatalf("create: %d %+v", s, made)
	}
	kees := made.Data.ID
	if n := servertest.KratosHas(t, k, email); n != 1 {
		t.Fatalf("Kratos has %d identities for the new klusser", n)
	}
	var role string
	b.Query(t, &role, `SELECT role FROM user_roles WHERE user_id = $1`, kees)
	if role != "klusser" || made.Data.Woonplaats != "Voorburg" || *made.Data.Leeftijd != 68 || !made.Data.Actief || made.Data.Zichtbaar {
		t.Errorf("new klusser: role %q %+v", role, made.Data)
	}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussers", nieuw, &e); s != http.StatusConflict ||
		e.Error.Message != "Er bestaat al een gebruiker met dit e-mailadres. Controleer de lijst met klussers." {
		t.Errorf("duplicate address: %d %+v", s, e)
	}

	var tot klusser.TotalenAnswer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussers/totalen", nil, &tot); s != http.StatusOK || tot.Data.Totaal != 3 || tot.Data.Actief != 3 {
		t.Errorf("cards: %d %+v", s, tot)
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussers/totalen", nil, &tot); s != http.StatusOK || tot.Data.Totaal != 2 {
		t.Errorf("cards of den-haag's owner: %d %+v (Piet and Kees)", s, tot)
	}

	// The profile: section 5's rules.
	year := calendar.System.Today().Year
	profiel := klusser.Profiel{Naam: "Kees de Klusser", Telefoon: "06 11 22 33 44", Woonplaats: "Voorburg", Regio: []string{"den-haag", "utrecht"},
		Zichtbaar: true, IntroTekst: "Ik help graag.", Specialisaties: []string{"Tuinwerk", "Houtwerk"}, Beschikbaarheid: []string{"Dinsdag", "Maandag"}}
	path := "/api/v1/klussers/" + kees.String()
	for _, bad := range []int{1949, year + 1} {
		p := profiel
		p.GepensioneerdSinds = &bad
		if s := b.Call(t, b.Admin, http.MethodPut, path, p, &e); s != http.StatusBadRequest || e.Error.Fields["gepensioneerd_sinds"] == "" {
			t.Errorf("retired since %d: %d %+v", bad, s, e)
		}
	}
	p := profiel
	p.Specialisaties = []string{"Koken"}
	if s := b.Call(t, b.Admin, http.MethodPut, path, p, &e); s != http.StatusBadRequest || e.Error.Fields["specialisaties"] == "" {
		t.Errorf("unknown specialisation: %d %+v", s, e)
	}
	sinds := 2015
	profiel.GepensioneerdSinds = &sinds
	var saved klusser.Answer
	if s := b.Call(t, b.Admin, http.MethodPut, path, profiel, &saved); s != http.StatusOK || saved.Message != "Profiel opgeslagen" ||
		strings.Join(saved.Data.Specialisaties, ",") != "Houtwerk,Tuinwerk" || strings.Join(saved.Data.Beschikbaarheid, ",") != "Maandag,Dinsdag" ||
		strings.Join(saved.Data.Regio, ",") != "den-haag,utrecht" || *saved.Data.GepensioneerdSinds != 2015 {
		t.Errorf("save profile: %d %+v", s, saved)
	}

	// Showcase photos: images only, 5MB, public, shown on /klussers, removed again.
	fotoPath := path + "/fotos/profiel"
	var foto struct {
		URL     *string `json:"url"`
		Message string  `json:"message"`
	}
	if s := b.Form(t, b.Admin, http.MethodPost, fotoPath, nil, "kees.jpg", servertest.ELF(), &e); s != http.StatusUnsupportedMediaType {
		t.Errorf("an executable named .jpg: %d %+v", s, e)
	}
	big := append(pngPhoto(t), make([]byte, 5<<20)...)
	if s := b.Form(t, b.Admin, http.MethodPost, fotoPath, nil, "groot.png", big, &e); s != http.StatusRequestEntityTooLarge || e.Error.Message != "Bestand mag maximaal 5MB zijn" {
		t.Errorf("a photo over 5MB: %d %+v", s, e)
	}
	if s := b.Form(t, b.Admin, http.MethodPost, fotoPath, nil, "kees.png", pngPhoto(t), &foto); s != http.StatusOK || foto.Message != "Foto geüpload" || foto.URL == nil {
		t.Fatalf("upload: %d %+v", s, foto)
	}
	first := *foto.URL
	if s := getStatus(t, b.URL+first); s != http.StatusOK {
		t.Errorf("the public photo answers %d", s)
	}
	if !strings.Contains(publicKlussers(t, b), first) {
		t.Errorf("/klussers does not show the new photo")
	}
	if s := b.Form(t, b.Admin, http.MethodPost, fotoPath, nil, "kees2.png", pngPhoto(t), &foto); s != http.StatusOK || *foto.URL == first {
		t.Fatalf("replace: %d %+v", s, foto)
	}
	if s := getStatus(t, b.URL+first); s != http.StatusNotFound {
		t.Errorf("the replaced photo still answers %d", s)
	}
	second := *foto.URL
	if page := publicKlussers(t, b); !strings.Contains(page, second) || strings.Contains(page, first) {
		t.Errorf("/klussers does not show the replacing photo instead of the first")
	}
	if s := b.Call(t, b.Admin, http.MethodDelete, fotoPath, nil, &foto); s != http.StatusOK || foto.Message != "Foto verwijderd" || foto.URL != nil {
		t.Errorf("remove: %d %+v", s, foto)
	}
	if s := getStatus(t, b.URL+second); s != http.StatusNotFound || strings.Contains(publicKlussers(t, b), second) {
		t.Errorf("the removed photo still answers %d or shows on /klussers", s)
	}

	// Nobody but an admin changes klussers; nothing changes when they try.
	for _, who := range []string{b.Franchise, b.Piet} {
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{http.MethodPost, "/api/v1/klussers", nieuw},
			{http.MethodPut, path, profiel},
			{http.MethodPost, path + "/archive", nil},
			{http.MethodDelete, path, nil},
			{http.MethodDelete, fotoPath, nil},
		} {
			if s := b.Call(t, who, c.method, c.path, c.body, nil); s != http.StatusForbidden {
				t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, b.Actor(who).Role, s)
			}
		}
		if s := b.Form(t, who, http.MethodPost, fotoPath, nil, "x.png", pngPhoto(t), nil); s != http.StatusForbidden {
			t.Errorf("photo upload as %s: %d", b.Actor(who).Role, s)
		}
	}

	// Archive: inactive, off the public page, data kept.
	if !strings.Contains(publicKlussers(t, b), "Kees de Klusser") {
		t.Fatalf("a visible active klusser is not on /klussers")
	}
	var archived klusser.Answer
	if s := b.Call(t, b.Admin, http.MethodPost, path+"/archive", nil, &archived); s != http.StatusOK || archived.Message != "Klusser gearchiveerd" || archived.Data.Actief {
		t.Errorf("archive: %d %+v", s, archived)
	}
	if strings.Contains(publicKlussers(t, b), "Kees de Klusser") {
		t.Errorf("an archived klusser is still on /klussers")
	}
	// Saving the profile without a status leaves the klusser archived; 'actief' true brings it back.
	if s := b.Call(t, b.Admin, http.MethodPut, path, profiel, &saved); s != http.StatusOK || saved.Data.Actief {
		t.Errorf("a profile saved without actief changed the status: %d actief=%v", s, saved.Data.Actief)
	}
	terug := profiel
	ja := true
	terug.Actief = &ja
	if s := b.Call(t, b.Admin, http.MethodPut, path, terug, &saved); s != http.StatusOK || !saved.Data.Actief {
		t.Errorf("reactivate: %d actief=%v", s, saved.Data.Actief)
	}
	if !strings.Contains(publicKlussers(t, b), "Kees de Klusser") {
		t.Errorf("a reactivated visible klusser is not back on /klussers")
	}
	if len(b.Audit(t, kees.String())) < 3 {
		t.Errorf("create, update and archive are not all in the audit log: %+v", b.Audit(t, kees.String()))
	}

	// Delete: a klusser with a finished job and its invoice.
	keesHandle := b.Add(tenants.Actor{UserID: kees, Role: tenants.Klusser, Regions: []string{"den-haag"}})
	_, w := b.PlannedJob(t, keesHandle, "Mevrouw Jansen", "jansen@example.nl")
	b.StartedAgo(t, keesHandle, w, time.Hour)
	if s := b.Call(t, keesHandle, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), nil); s != http.StatusOK {
		t.Fatalf("afronden: %d", s)
	}
	open := b.Job(t, servertest.Job{Regio: "den-haag", Woonplaats: "Voorburg", Postcode: "2271 AB", Assignment: "direct", Status: "ingepland", Klusser: keesHandle})
	if !strings.Contains(publicKlussers(t, b), "Kees de Klusser") {
		t.Fatalf("the klusser to delete is not on /klussers")
	}
	var gone klusser.Message
	if s := b.Call(t, b.Admin, http.MethodDelete, path, nil, &gone); s != http.StatusOK || gone.Message != "Klusser permanent verwijderd" {
		t.Fatalf("delete: %d %+v", s, gone)
	}
	if strings.Contains(publicKlussers(t, b), "Kees de Klusser") {
		t.Errorf("a deleted klusser is still on /klussers")
	}
	if n := servertest.KratosHas(t, k, email); n != 0 {
		t.Errorf("Kratos still has the deleted klusser's identity")
	}
	var profiles, roles, werkbonnen, facturen, kept int
	b.Query(t, &profiles, `SELECT count(*) FROM profiles WHERE id = $1`, kees)
	b.Query(t, &roles, `SELECT count(*) FROM user_roles WHERE user_id = $1`, kees)
	b.Query(t, &werkbonnen, `SELECT count(*) FROM werkbonnen WHERE id = $1`, w.ID)
	b.Query(t, &facturen, `SELECT count(*) FROM facturen WHERE klus_id = $1 AND klusser_id IS NULL`, w.KlusID)
	b.Query(t, &kept, `SELECT count(*) FROM klussen WHERE id = $1 AND klusser_id IS NULL AND status = 'open'`, open)
	if profiles != 0 || roles != 0 || werkbonnen != 0 || facturen != 1 || kept != 1 {
		t.Errorf("after delete: profiles %d roles %d work orders %d detached invoices %d reopened jobs %d", profiles, roles, werkbonnen, facturen, kept)
	}
	if s := b.Call(t, b.Admin, http.MethodDelete, path, nil, &e); s != http.StatusNotFound || e.Error.Message != "Klusser niet gevonden" {
		t.Errorf("delete again: %d %+v", s, e)
	}
	// An admin's id is no klusser's: not deleted through this route.
	if s := b.Call(t, b.Admin, http.MethodDelete, "/api/v1/klussers/"+b.ID(b.Franchise).String(), nil, &e); s != http.StatusNotFound {
		t.Errorf("deleting a franchise owner as a klusser: %d", s)
	}
}

func getStatus(t testing.TB, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func publicKlussers(t testing.TB, b *servertest.BackOffice) string {
	t.Helper()
	resp, err := http.Get(b.URL + "/api/v1/public/klussers")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/api/v1/public/klussers: %d %s", resp.StatusCode, body)
	}
	return string(body)
}
