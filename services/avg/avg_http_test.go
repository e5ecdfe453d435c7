package avg_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/avg"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/offerte"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The customer's AVG rights: export everything held about an address, erase all of it
// but the issued invoices.
func TestAVGExportHoldsEverythingAndEraseLeavesOnlyInvoices(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{Files: true})
	const mail, phone, name, street = "avg-klant@example.nl", "070 444 55 66", "Mevrouw Avg-Test", "Avglaan 7"
	admin := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Admin})
	p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, p.Actor(admin).UserID)
	franchise := p.Add(tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")

	// Two jobs of the customer, one of someone else.
	done := p.Job(t, servertest.Job{Assignment: "pool", Email: mail})
	open := p.Job(t, servertest.Job{Assignment: "pool", Email: mail})
	other := p.Job(t, servertest.Job{Assignment: "pool", Email: "iemand-anders@example.nl"})
	p.Exec(t, `UPDATE klussen SET telefoon = $2, naam = $3, adres = $4 WHERE id = ANY ($1)`, []uuid.UUID{done, open}, phone, name, street)
	// The first is planned (an e-mail is queued to the address), worked and invoiced.
	p.Call(t, piet, http.MethodPost, servertest.ClaimPath(done), nil, nil)
	datum := calendar.System.Today().AddDays(3).String()
	if s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(done), klus.Planning{Datum: datum, Tijd: "10:00"}, nil); s != http.StatusOK {
		t.Fatalf("plan: %d", s)
	}
	var w werkbon.Werkbon
	p.Call(t, piet, http.MethodPost, "/api/v1/klusser/klussen/"+done.String()+"/werkbon", nil, &w)
	p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/materialen"), werkbon.MateriaalForm{ClientID: uuid.New(), Omschrijving: "Plug", BedragCents: 250}, nil)
	servertest.UploadPhoto(t, p, piet, w.ID, "before", uuid.New())
	p.StartedAgo(t, piet, w, 30*60e9)
	var a werkbon.Afronding
	if s := p.Call(t, piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/afronden"), servertest.Afronden(t), &a); s != http.StatusOK {
		t.Fatalf("complete: %d", s)
	}

	// The second: a logged call, a survey with a photo, and a quote (D26).
	openPath := "/api/v1/klussen/" + open.String()
	if s := p.Call(t, admin, http.MethodPost, openPath+"/contacten", map[string]string{"wijze": "gebeld", "notitie": "Teruggebeld"}, nil); s != http.StatusCreated {
		t.Fatalf("contact: %d", s)
	}
	if s := p.Call(t, admin, http.MethodPut, openPath+"/schouw", map[string]string{"datum": datum, "tijd": "11:00", "opnemer": "Kees"}, nil); s != http.StatusOK {
		t.Fatalf("survey: %d", s)
	}
	img := image.NewRGBA(image.Rect(0, 0, 20, 20))
	var pic bytes.Buffer
	_ = png.Encode(&pic, img)
	if s, b := servertest.PostFile(t, p, admin, openPath+"/schouw/fotos", "kast.png", pic.Bytes()); s != http.StatusOK {
		t.Fatalf("survey photo: %d %s", s, b)
	}
	if s := p.Call(t, admin, http.MethodPut, openPath+"/offerte", offerte.Form{ArbeidWijze: "vast", ArbeidOmschrijving: "Kast", ArbeidCents: 9000}, nil); s != http.StatusOK {
		t.Fatalf("quote: %d", s)
	}

	path := "/api/v1/admin/klanten/" + mail
	for _, who := range []string{franchise, piet} {
		if s := p.Call(t, who, http.MethodGet, path+"/export", nil, nil); s != http.StatusForbidden {
			t.Errorf("export as %s: %d", p.Actor(who).Role, s)
		}
		if s := p.Call(t, who, http.MethodPost, path+"/wissen", nil, nil); s != http.StatusForbidden {
			t.Errorf("erase as %s: %d", p.Actor(who).Role, s)
		}
	}

	// The export: every row the database holds about the address, counted independently.
	req, _ := http.NewRequest(http.MethodGet, p.URL+path+"/export", nil)
	req.Header.Set("X-Test-User", admin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("export: %d %s", resp.StatusCode, body)
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string][]byte{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		names[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	var doc map[string][]json.RawMessage
	if err := json.Unmarshal(names["gegevens.json"], &doc); err != nil {
		var loose map[string]any
		_ = json.Unmarshal(names["gegevens.json"], &loose)
		doc = map[string][]json.RawMessage{}
		for k, v := range loose {
			if list, ok := v.([]any); ok {
				for _, x := range list {
					b, _ := json.Marshal(x)
					doc[k] = append(doc[k], b)
				}
			}
		}
	}
	held := map[string]string{
		"klussen":      `SELECT count(*) FROM klussen WHERE lower(email) = $1`,
		"werkbonnen":   `SELECT count(*) FROM werkbonnen w JOIN klussen k ON k.id = w.klus_id WHERE lower(k.email) = $1`,
		"materialen":   `SELECT count(*) FROM work_order_items i JOIN werkbonnen w ON w.id = i.work_order_id JOIN klussen k ON k.id = w.klus_id WHERE lower(k.email) = $1`,
		"fotos":        `SELECT count(*) FROM work_order_photos f JOIN werkbonnen w ON w.id = f.work_order_id JOIN klussen k ON k.id = w.klus_id WHERE lower(k.email) = $1`,
		"facturen":     `SELECT count(*) FROM facturen WHERE lower(klant_email) = $1`,
		"auditlog":     `SELECT count(*) FROM audit_log a JOIN klussen k ON a.entity = 'klus' AND a.entity_id = k.id::text WHERE lower(k.email) = $1`,
		"contacten":    `SELECT count(*) FROM klus_contacten c JOIN klussen k ON k.id = c.klus_id WHERE lower(k.email) = $1`,
		"schouw":       `SELECT count(*) FROM klus_schouwen s JOIN klussen k ON k.id = s.klus_id WHERE lower(k.email) = $1`,
		"schouw_fotos": `SELECT count(*) FROM klus_schouw_fotos f JOIN klussen k ON k.id = f.klus_id WHERE lower(k.email) = $1`,
		"offertes":     `SELECT count(*) FROM offertes o JOIN klussen k ON k.id = o.klus_id WHERE lower(k.email) = $1`,
	}
	for section, sql := range held {
		var n int
		p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error { return tx.QueryRow(context.Background(), sql, mail).Scan(&n) })
		if n == 0 || len(doc[section]) != n {
			t.Errorf("export section %s has %d rows, the database holds %d", section, len(doc[section]), n)
		}
	}
	var queued int
	if err := p.DB.DB.QueuePool().QueryRow(context.Background(),
		`SELECT count(*) FROM river.river_job WHERE kind = 'email' AND lower(args ->> 'to') = $1`, mail).Scan(&queued); err != nil {
		t.Fatal(err)
	}
	if queued == 0 || len(doc["emails"]) != queued {
		t.Errorf("export has %d e-mails, the queue holds %d", len(doc["emails"]), queued)
	}
	for _, prefix := range []string{"facturen/factuur-", "fotos/", "handtekeningen/", "schouw-fotos/"} {
		found := false
		for n, data := range names {
			found = found || (strings.HasPrefix(n, prefix) && len(data) > 0)
		}
		if !found {
			t.Errorf("the export has no %s file (files: %v)", prefix, keys(names))
		}
	}

	// The erase: everything personal goes, the invoice stays (D8), the other customer is untouched.
	var erased avg.Erased
	if s := p.Call(t, admin, http.MethodPost, path+"/wissen", nil, &erased); s != http.StatusOK {
		t.Fatalf("erase: %d", s)
	}
	if erased.Klussen != 2 || erased.FacturenBewaard != 1 || erased.Emails != queued || erased.Toelichting != avg.Kept {
		t.Errorf("erased: %+v", erased)
	}
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `
			SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
		if err != nil {
			return err
		}
		tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, tbl := range tables {
			for _, needle := range []string{mail, phone, name, street} {
				var n int
				if err := tx.QueryRow(context.Background(), fmt.Sprintf(`SELECT count(*) FROM %q t WHERE lower(t::text) LIKE '%%' || lower($1) || '%%'`, tbl), needle).Scan(&n); err != nil {
					return fmt.Errorf("%s: %w", tbl, err)
				}
				if n > 0 && tbl != "facturen" {
					t.Errorf("after the erase %s still holds %q in %d rows", tbl, needle, n)
				}
			}
		}
		for _, tbl := range []string{"klus_contacten", "klus_schouwen", "klus_schouw_fotos", "offertes"} {
			var n int
			if err := tx.QueryRow(context.Background(), fmt.Sprintf(`SELECT count(*) FROM %s WHERE klus_id = ANY ($1)`, tbl), []uuid.UUID{done, open}).Scan(&n); err != nil {
				return err
			}
			if n != 0 {
				t.Errorf("after the erase %s still holds %d rows of the customer's jobs", tbl, n)
			}
		}
		var keep int
		if err := tx.QueryRow(context.Background(), `SELECT count(*) FROM facturen WHERE lower(klant_email) = $1 AND klus_id IS NULL`, mail).Scan(&keep); err != nil {
			return err
		}
		if keep != 1 {
			t.Errorf("%d detached invoices kept, want 1", keep)
		}
		var others int
		if err := tx.QueryRow(context.Background(), `SELECT count(*) FROM klussen WHERE id = $1`, other).Scan(&others); err != nil {
			return err
		}
		if others != 1 {
			t.Error("the other customer's job went too")
		}
		var audited int
		if err := tx.QueryRow(context.Background(), `SELECT count(*) FROM audit_log WHERE entity = 'klant' AND entity_id = $1 AND action IN ('avg_export', 'avg_erase')`,
			avg.Subject(mail)).Scan(&audited); err != nil {
			return err
		}
		if audited != 2 {
			t.Errorf("%d audit entries for the export and the erase, want 2", audited)
		}
		return nil
	})
	if err := p.DB.DB.QueuePool().QueryRow(context.Background(),
		`SELECT count(*) FROM river.river_job WHERE lower(args::text) LIKE '%' || $1 || '%'`, mail).Scan(&queued); err != nil {
		t.Fatal(err)
	}
	if queued != 0 {
		t.Errorf("%d queued jobs still hold the address", queued)
	}
	if s := p.Call(t, admin, http.MethodGet, path+"/export", nil, nil); s != http.StatusOK {
		// Only the invoice is left: it is still the customer's data and comes with an export.
		t.Errorf("export after the erase: %d", s)
	}
	_ = open
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
