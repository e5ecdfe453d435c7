package status_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs/jobstest"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The customer's status link (D24).

func TestStatusLinkShowsWhatD24AllowsAndNothingMore(t *testing.T) {
	links := servertest.StatusLinks()
	p := servertest.NewPortal(t, servertest.Options{Links: links})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	p.Exec(t, `UPDATE profiles SET profiel_foto_url = 'piet/foto.jpg' WHERE id = $1`, p.Actor(piet).UserID)
	p.Exec(t, `UPDATE franchise_settings SET support_phone = '070 999 88 77' WHERE regio = 'den-haag'`)
	klus := p.Job(t, servertest.Job{Assignment: "pool", Naam: "Mevrouw Geheim", Email: "geheim@example.nl"})
	token := links.Token(klus)

	s, body, raw := servertest.StatusOf(t, p, token)
	if s != http.StatusOK || body["stand"] != "Aanvraag ontvangen" || body["annuleerbaar"] != true || body["klusser"] != nil ||
		body["support_telefoon"] != "070 999 88 77" || body["categorie"] == "" || body["woonplaats"] != "Voorburg" {
		t.Fatalf("open job: %d %s", s, raw)
	}
	allowed := []string{"categorie", "beschrijving", "datum", "tijd", "woonplaats", "stand", "status", "gepland_op", "klusser",
		"support_telefoon", "annuleerbaar", "factuur_pdf", "schouw", "offerte", "factuur"} // schouw and offerte: D26; factuur: D30
	for k := range body {
		if !slices.Contains(allowed, k) {
			t.Errorf("the status answer has %q, which D24 does not show", k)
		}
	}

	// Planned: the date and time, and of the klusser the first name and photo only (D5).
	start := time.Now().Add(48 * time.Hour).Truncate(time.Minute)
	p.Exec(t, `UPDATE klussen SET klusser_id = $2, claimed_at = now(), status = 'ingepland', geplande_start_tijd = $3,
	           klusser_telefoon = '06 12 34 56 01' WHERE id = $1`, klus, p.Actor(piet).UserID, start)
	s, body, raw = servertest.StatusOf(t, p, token)
	k, _ := body["klusser"].(map[string]any)
	if s != http.StatusOK || body["stand"] != "Ingepland" || body["annuleerbaar"] != false || k["voornaam"] != "Piet" ||
		k["foto"] != "/files/public/piet/foto.jpg" || body["gepland_op"] == nil {
		t.Fatalf("planned job: %d %s", s, raw)
	}
	for _, secret := range []string{"Bakker", "06 12 34 56 01", "Herenstraat", "2271", "Mevrouw Geheim", "geheim@example.nl", "070 111 22 33", klus.String()} {
		if strings.Contains(raw, secret) {
			t.Errorf("the status answer shows %q: %s", secret, raw)
		}
	}
}

func TestStatusLinkRefusesTamperedRevokedAndExpiredLinks(t *testing.T) {
	links := servertest.StatusLinks()
	p := servertest.NewPortal(t, servertest.Options{Links: links, Files: true})
	klus := p.Job(t, servertest.Job{Assignment: "pool"})
	token := links.Token(klus)
	tampered := token[:10] + map[bool]string{true: "B", false: "A"}[token[10] == 'A'] + token[11:]
	unknown := links.Token(uuid.New())
	_, _, notFoundBody := servertest.StatusOf(t, p, "no-such-token")
	for name, tok := range map[string]string{"tampered": tampered, "unknown job": unknown, "other secret": status.NewLinks("x-other-secret-of-at-least-32-characters", "").Token(klus)} {
		s, _, raw := servertest.StatusOf(t, p, tok)
		if s != http.StatusNotFound || raw != notFoundBody {
			t.Errorf("%s link: %d %s (want the same 404 as any unknown link: %s)", name, s, raw, notFoundBody)
		}
	}
	// Revoked by an admin.
	p.Exec(t, `UPDATE klussen SET status_link_revoked_at = now() WHERE id = $1`, klus)
	if s, _, _ := servertest.StatusOf(t, p, token); s != http.StatusNotFound {
		t.Errorf("revoked link: %d", s)
	}
	p.Exec(t, `UPDATE klussen SET status_link_revoked_at = NULL WHERE id = $1`, klus)

	// Finished: the invoice is offered for 90 days after the job was finished, then the link ends.
	p.Exec(t, `UPDATE klussen SET status = 'afgerond' WHERE id = $1`, klus)
	p.Exec(t, `INSERT INTO facturen (klus_id, regio, factuurnummer, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, created_at, pdf_url)
	           VALUES ($1, 'den-haag', '2026-9001', 6500, 1365, 7865, now() - interval '89 days', NULL)`, klus)
	s, body, raw := servertest.StatusOf(t, p, token)
	if s != http.StatusOK || body["stand"] != "Afgerond" || body["factuur_pdf"] != "/api/v1/status/"+token+"/factuur.pdf" {
		t.Fatalf("finished 89 days ago: %d %s", s, raw)
	}
	// An issued invoice never changes (migration 027), so the older one is another finished job's.
	older := p.Job(t, servertest.Job{Assignment: "pool", Status: "afgerond"})
	p.Exec(t, `INSERT INTO facturen (klus_id, regio, factuurnummer, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, created_at, pdf_url)
	           VALUES ($1, 'den-haag', '2026-9002', 6500, 1365, 7865, now() - interval '91 days', NULL)`, older)
	if s, _, _ := servertest.StatusOf(t, p, links.Token(older)); s != http.StatusNotFound {
		t.Errorf("finished 91 days ago: %d, want 404", s)
	}
}

func TestCustomerCancelsOnlyAnOpenUnplannedRequest(t *testing.T) {
	links := servertest.StatusLinks()
	p := servertest.NewPortal(t, servertest.Options{Links: links, Work: true})
	admin := uuid.New()
	p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, admin)
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	open := p.Job(t, servertest.Job{Assignment: "pool"})
	claimed := p.Job(t, servertest.Job{Assignment: "pool", Klusser: piet})
	cancel := func(id uuid.UUID) (int, map[string]any) {
		req, _ := http.NewRequest(http.MethodPost, p.URL+"/api/v1/status/"+links.Token(id)+"/annuleren", nil)
		req.Header.Set("X-Klusmaat-CSRF", "1")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body
	}
	if s, body := cancel(claimed); s != http.StatusConflict {
		t.Errorf("cancelling a claimed job: %d %v", s, body)
	}
	s, body := cancel(open)
	if s != http.StatusOK || body["stand"] != "Geannuleerd" || body["annuleerbaar"] != false {
		t.Fatalf("cancel: %d %v", s, body)
	}
	if s, _ := cancel(open); s != http.StatusConflict {
		t.Errorf("a second cancel: %d", s)
	}
	var archived bool
	var at *time.Time
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT archived, geannuleerd_at FROM klussen WHERE id = $1`, open).Scan(&archived, &at)
	})
	if !archived || at == nil {
		t.Errorf("the cancelled request: archived %v, geannuleerd_at %v", archived, at)
	}
	// The admins hear of it.
	deadline := time.Now().Add(15 * time.Second)
	for {
		var msg string
		p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
			err := tx.QueryRow(context.Background(), `SELECT message FROM notifications WHERE user_id = $1 AND klus_id = $2 AND type = 'klus_geannuleerd'`, admin, open).Scan(&msg)
			if err == pgx.ErrNoRows {
				return nil
			}
			return err
		})
		if msg == "Aanvraag geannuleerd door de klant" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no cancellation notification for the admin (got %q)", msg)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// The link reaches the customer in the e-mail, and the token is stored nowhere: not in any table,
// not in the job queue.
func TestStatusLinkIsMailedButNotStored(t *testing.T) {
	links := servertest.StatusLinks()
	smtpURL, apiURL := jobstest.MailDev(t)
	p := servertest.NewPortal(t, servertest.Options{Links: links, Work: true, SMTP: smtpURL})
	to := "klant-" + uuid.NewString()[:8] + "@example.nl"
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	klus := p.Job(t, servertest.Job{Assignment: "pool", Email: to, Naam: "Mevrouw Jansen"})
	if s := p.Call(t, piet, http.MethodPost, servertest.ClaimPath(klus), nil, nil); s != http.StatusOK {
		t.Fatalf("claim: %d", s)
	}
	datum := calendar.System.Today().AddDays(3).String() // the job's date (portal.job)
	if s := p.Call(t, piet, http.MethodPut, servertest.PlanPath(klus), map[string]string{"datum": datum, "tijd": "10:00"}, nil); s != http.StatusOK {
		t.Fatalf("plan: %d", s)
	}
	mails := jobstest.WaitForMails(t, apiURL, to, 1, 20*time.Second)
	link := regexp.MustCompile(`https://www\.example\.nl/status/([A-Za-z0-9_-]{43})`).FindStringSubmatch(mails[0].Text)
	if link == nil || link[1] != links.Token(klus) {
		t.Fatalf("the planning e-mail lacks the status link: %s", mails[0].Text)
	}
	token := link[1]
	// No column of any table holds the token; nor does the job queue (its e-mail jobs name the job,
	// the worker makes the link when it sends).
	var queued int
	if err := p.DB.DB.QueuePool().QueryRow(context.Background(),
		`SELECT count(*) FROM river.river_job WHERE args::text LIKE '%' || $1 || '%'`, token).Scan(&queued); err != nil {
		t.Fatal(err)
	}
	if queued != 0 {
		t.Errorf("%d queued jobs hold the status token", queued)
	}
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `
			SELECT table_schema, table_name FROM information_schema.tables
			WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
		if err != nil {
			return err
		}
		tables, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (string, error) {
			var s, n string
			err := r.Scan(&s, &n)
			return fmt.Sprintf("%q.%q", s, n), err
		})
		if err != nil {
			return err
		}
		for _, tbl := range tables {
			var n int
			if err := tx.QueryRow(context.Background(), `SELECT count(*) FROM `+tbl+` t WHERE t::text LIKE '%' || $1 || '%'`, token).Scan(&n); err != nil {
				return fmt.Errorf("%s: %w", tbl, err)
			}
			if n > 0 {
				t.Errorf("%s holds the status token in %d rows", tbl, n)
			}
		}
		return nil
	})
}
