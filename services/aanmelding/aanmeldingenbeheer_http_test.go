package aanmelding_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/aanmelding"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// pdfFile is the smallest file that is a PDF by its content.
func pdfFile() []byte { return []byte("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n") }

// The applications pipeline: a public application is found in the back office, reviewed,
// written to, and turned into a klusser account with its VOG in one operation (D14) — when a later
// step fails, the Kratos identity is removed again and nothing is stored.
func TestApplicationPipeline(t *testing.T) {
	k := kratostest.Kratos(t)
	b := servertest.NewBackOffice(t, servertest.Options{Ory: k, Files: true})
	var sent aanmelding.Result
	form := map[string]any{"naam": "Truus Timmer", "leeftijd": 69, "telefoon": "06 98 76 54 32", "email": "truus-" + uuid.NewString()[:6] + "@example.nl",
		"woonplaats": "Rijswijk", "motivatie": "Ik ben handig.", "beschikbaarheid": []string{"Maandag", "Woensdag"}, "heeft_vog": true}
	if s := b.Call(t, "anonymous", http.MethodPost, "/api/v1/public/aanmeldingen", form, &sent); s != http.StatusCreated {
		t.Fatalf("public application: %d", s)
	}
	base := "/api/v1/aanmeldingen/" + sent.ID.String()

	var page list.Page[aanmelding.Row]
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/aanmeldingen?q=rijswijk", nil, &page); s != http.StatusOK || page.Total != 1 ||
		page.Data[0].Naam != "Truus Timmer" || page.Data[0].Status != "nieuw" || page.Data[0].Leeftijd != 69 {
		t.Fatalf("list: %d %+v", s, page)
	}
	var counts aanmelding.CountsAnswer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/aanmeldingen/counts", nil, &counts); s != http.StatusOK || counts.Data.Nieuw != 1 || counts.Data.Goedgekeurd != 0 {
		t.Errorf("counts: %d %+v", s, counts)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/aanmeldingen/"+uuid.NewString(), nil, &e); s != http.StatusNotFound || e.Error.Message != "Aanmelding niet gevonden" {
		t.Errorf("unknown id: %d %+v", s, e)
	}

	// Review: status and internal notes, audited.
	var one aanmelding.One
	if s := b.Call(t, b.Admin, http.MethodPut, base+"/beoordeling", aanmelding.Beoordeling{Status: "in_behandeling", Notities: "Bellen dinsdag"}, &one); s != http.StatusOK ||
		one.Message != "Status bijgewerkt" || one.Data.Status != "in_behandeling" || one.Data.Notities != "Bellen dinsdag" {
		t.Errorf("review: %d %+v", s, one)
	}
	if s := b.Call(t, b.Admin, http.MethodPut, base+"/beoordeling", aanmelding.Beoordeling{Status: "misschien"}, &e); s != http.StatusBadRequest || e.Error.Fields["status"] == "" {
		t.Errorf("unknown status: %d %+v", s, e)
	}

	// Communication: section 5's messages; the e-mail is a River job in the same transaction.
	for _, c := range []struct {
		b    aanmelding.Bericht
		want string
	}{
		{aanmelding.Bericht{Type: "note", Content: "  "}, "Vul een notitie in"},
		{aanmelding.Bericht{Type: "phone"}, "Vul notities in"},
		{aanmelding.Bericht{Type: "whatsapp"}, "Vul een bericht in"},
		{aanmelding.Bericht{Type: "email", Content: "Welkom"}, "Vul onderwerp en inhoud in"},
	} {
		if s := b.Call(t, b.Admin, http.MethodPost, base+"/communicatie", c.b, &e); s != http.StatusBadRequest || e.Error.Message != c.want {
			t.Errorf("%s refused: %d %+v, want %q", c.b.Type, s, e, c.want)
		}
	}
	var log aanmelding.MessageAnswer
	for _, c := range []struct {
		b    aanmelding.Bericht
		want string
	}{
		{aanmelding.Bericht{Type: "note", Content: "Sterke motivatie"}, "Notitie toegevoegd"},
		{aanmelding.Bericht{Type: "phone", Content: "Gebeld, VOG aangevraagd"}, "Telefoongesprek gelogd"},
		{aanmelding.Bericht{Type: "email", Subject: "Uw aanmelding", Content: "Beste Truus,\n\nWelkom!"}, "Email verzonden"},
		{aanmelding.Bericht{Type: "whatsapp", Content: "Hallo Truus & welkom"}, "WhatsApp geopend"},
	} {
		if s := b.Call(t, b.Admin, http.MethodPost, base+"/communicatie", c.b, &log); s != http.StatusCreated || log.Message != c.want {
			t.Errorf("%s: %d %+v", c.b.Type, s, log)
		}
	}
	if log.WhatsAppURL == nil || *log.WhatsAppURL != "https://wa.me/31698765432?text=Hallo+Truus+%26+welkom" {
		t.Errorf("WhatsApp link: %v", log.WhatsAppURL)
	}
	var mails int
	if err := b.DB.DB.QueuePool().QueryRow(context.Background(),
		`SELECT count(*) FROM river.river_job WHERE kind = 'email' AND args->>'to' = $1 AND args->'data'->>'onderwerp' = 'Uw aanmelding'`,
		form["email"]).Scan(&mails); err != nil {
		t.Fatal(err)
	}
	if mails != 1 {
		t.Errorf("%d e-mail jobs for the applicant, want 1", mails)
	}
	b.Call(t, b.Admin, http.MethodGet, base, nil, &one)
	if len(one.Data.Communicatie) != 4 || one.Data.Communicatie[0].Type != "whatsapp" || one.Data.Communicatie[3].Type != "note" {
		t.Errorf("timeline (newest first): %+v", one.Data.Communicatie)
	}

	// Documents are judged by content: an executable named .pdf is refused, a PDF kept.
	docs := base + "/documenten"
	if s := b.Form(t, b.Admin, http.MethodPost, docs, map[string]string{"document_type": "id_bewijs"}, "paspoort.pdf", servertest.ELF(), &e); s != http.StatusUnsupportedMediaType {
		t.Errorf("an executable named .pdf: %d %+v", s, e)
	}
	if s := b.Form(t, b.Admin, http.MethodPost, docs, map[string]string{"document_type": "id_bewijs"}, "paspoort.pdf", pdfFile(), nil); s != http.StatusCreated && s != http.StatusOK {
		t.Errorf("a PDF: %d", s)
	}

	// The account: only from an approved application, with e-mail, password, region and a VOG.
	email := "truus-klusser-" + uuid.NewString()[:6] + "@example.nl"
	fields := map[string]string{"email": email, "password": "Klusmaat-Truus-2026!", "regio": "den-haag"}
	if s := b.Form(t, b.Admin, http.MethodPost, base+"/account", fields, "vog.pdf", pdfFile(), &e); s != http.StatusConflict || e.Error.Code != "aanmelding_not_approved" {
		t.Errorf("account before approval: %d %+v", s, e)
	}
	b.Call(t, b.Admin, http.MethodPut, base+"/beoordeling", aanmelding.Beoordeling{Status: "goedgekeurd"}, &one)
	if s := b.Form(t, b.Admin, http.MethodPost, base+"/account", map[string]string{"regio": "den-haag"}, "vog.pdf", pdfFile(), &e); s != http.StatusBadRequest || e.Error.Message != "Vul email en wachtwoord in" {
		t.Errorf("without e-mail and password: %d %+v", s, e)
	}
	if s := b.Form(t, b.Admin, http.MethodPost, base+"/account", fields, "", nil, &e); s != http.StatusBadRequest || e.Error.Message != "Upload een VOG document" {
		t.Errorf("without VOG: %d %+v", s, e)
	}
	if s := b.Form(t, b.Admin, http.MethodPost, base+"/account", map[string]string{"email": email, "password": "Klusmaat-Truus-2026!", "regio": ""}, "vog.pdf", pdfFile(), &e); s != http.StatusBadRequest || e.Error.Message != "Selecteer minimaal één regio" {
		t.Errorf("without region: %d %+v", s, e)
	}
	if s := b.Form(t, b.Admin, http.MethodPost, base+"/account", fields, "vog.pdf", servertest.ELF(), &e); s != http.StatusUnsupportedMediaType {
		t.Errorf("an executable as VOG: %d %+v", s, e)
	}

	// A later step fails (the VOG's row cannot be written): the identity is removed again (D14).
	owner, err := pgx.Connect(context.Background(), b.DB.OwnerURL)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close(context.Background())
	if _, err := owner.Exec(context.Background(), `
		CREATE FUNCTION test_refuse_vog() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test: refused'; END $$;
		CREATE TRIGGER test_refuse_vog BEFORE INSERT ON klusser_documents FOR EACH ROW EXECUTE FUNCTION test_refuse_vog();`); err != nil {
		t.Fatal(err)
	}
	if s := b.Form(t, b.Admin, http.MethodPost, base+"/account", fields, "vog.pdf", pdfFile(), &e); s != http.StatusInternalServerError {
		t.Errorf("failing step: %d %+v", s, e)
	}
	if n := servertest.KratosHas(t, k, email); n != 0 {
		t.Errorf("Kratos kept the identity of a failed account: %d", n)
	}
	var profiles int
	b.Query(t, &profiles, `SELECT count(*) FROM profiles WHERE email = $1`, email)
	if profiles != 0 {
		t.Errorf("a failed account left a profile")
	}
	if _, err := owner.Exec(context.Background(), `DROP TRIGGER test_refuse_vog ON klusser_documents; DROP FUNCTION test_refuse_vog();`); err != nil {
		t.Fatal(err)
	}

	var made aanmelding.AccountAnswer
	if s := b.Form(t, b.Admin, http.MethodPost, base+"/account", fields, "vog.pdf", pdfFile(), &made); s != http.StatusCreated || made.Message != "Klusser account succesvol aangemaakt!" {
		t.Fatalf("account: %d %+v", s, made)
	}
	if n := servertest.KratosHas(t, k, email); n != 1 {
		t.Errorf("Kratos has %d identities for the new klusser", n)
	}
	var naam, telefoon, woonplaats, role, vogKey string
	var regio, dagen []string
	var vog bool
	b.Query(t, &role, `SELECT role FROM user_roles WHERE user_id = $1`, made.KlusserID)
	b.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT naam, telefoon, woonplaats, regio, beschikbaarheid, heeft_vog, vog_document_url FROM profiles WHERE id = $1`,
			made.KlusserID).Scan(&naam, &telefoon, &woonplaats, &regio, &dagen, &vog, &vogKey)
	})
	if role != "klusser" || naam != "Truus Timmer" || telefoon != "06 98 76 54 32" || woonplaats != "Rijswijk" ||
		strings.Join(regio, ",") != "den-haag" || strings.Join(dagen, ",") != "Maandag,Woensdag" || !vog || vogKey == "" {
		t.Errorf("the profile from the application: role %q %q %q %q %v %v %v %q", role, naam, telefoon, woonplaats, regio, dagen, vog, vogKey)
	}
	b.Call(t, b.Admin, http.MethodGet, base, nil, &one)
	if one.Data.KlusserID == nil || *one.Data.KlusserID != made.KlusserID || len(one.Data.Documenten) != 2 {
		t.Errorf("the application after the account: %+v", one.Data)
	}
	for _, d := range one.Data.Documenten {
		if d.KlusserID == nil || *d.KlusserID != made.KlusserID {
			t.Errorf("document %s not on the klusser's profile", d.DocumentType)
		}
	}
	if s := b.Form(t, b.Admin, http.MethodPost, base+"/account", fields, "vog.pdf", pdfFile(), &e); s != http.StatusConflict {
		t.Errorf("a second account: %d %+v", s, e)
	}

	// Franchise owners and klussers are refused every route of the pipeline.
	for _, who := range []string{b.Franchise, b.Piet} {
		for _, c := range []struct{ method, path string }{
			{http.MethodGet, "/api/v1/aanmeldingen"}, {http.MethodGet, "/api/v1/aanmeldingen/counts"}, {http.MethodGet, base},
			{http.MethodPut, base + "/beoordeling"}, {http.MethodPost, base + "/communicatie"},
		} {
			if s := b.Call(t, who, c.method, c.path, map[string]string{"status": "afgewezen", "type": "note", "content": "x"}, nil); s != http.StatusForbidden {
				t.Errorf("%s %s as %s: %d", c.method, c.path, b.Actor(who).Role, s)
			}
		}
		if s := b.Form(t, who, http.MethodPost, base+"/account", fields, "vog.pdf", pdfFile(), nil); s != http.StatusForbidden {
			t.Errorf("account as %s: %d", b.Actor(who).Role, s)
		}
	}
}
