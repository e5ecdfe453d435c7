package files_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// End to end with real sessions: two klussers sign in through the real Kratos, as the server's
// middleware chain (CSRF, sessions, policy) resolves them; each uploads to and downloads from its
// own work order and cannot reach the other's photo; a visitor gets 401.
func TestSignedInKlussersThroughKratos(t *testing.T) {
	d := dbtest.New(t)
	k := kratostest.Kratos(t)
	enf, err := policy.New()
	if err != nil {
		t.Fatal(err)
	}
	store, err := files.OpenStorage(context.Background(), "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sessions := identity.NewSessions(k, d.DB, identity.DefaultCookie, identity.DefaultCacheTTL)
	mux := http.NewServeMux()
	for _, rt := range files.New(httpapi.Kit{Logger: slog.New(slog.DiscardHandler)}, d.DB, store, nil) {
		mux.Handle(rt.Pattern(), httpapi.Protect(enf, rt))
	}
	limits := identity.LoginLimits{PerIP: httpapi.NewLimiter(1000, time.Minute), PerAccount: httpapi.NewLimiter(1000, time.Minute)}
	mux.Handle(identity.ProxyPrefix+"/", identity.NewProxy(k, sessions, limits))
	srv := httptest.NewServer(httpapi.RequireCSRF(sessions.Middleware(mux)))
	t.Cleanup(srv.Close)

	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	adminCtx := tenants.WithActor(context.Background(), admin)
	acc := accounts.NewService(k, d.DB)
	const password = "Lange-Test-Zin-2026"
	type klusser struct {
		email string
		id    uuid.UUID
		wo    uuid.UUID
		b     *kratostest.Browser
	}
	var ks []*klusser
	for _, regio := range []string{"den-haag", "utrecht"} {
		email := "files-" + strings.ReplaceAll(uuid.NewString()[:13], "-", "") + "@example.nl"
		id, err := acc.Create(adminCtx, accounts.NewAccount{Email: email, Naam: "Test Klusser", Password: password,
			Role: tenants.Klusser, Regions: []string{regio}})
		if err != nil {
			t.Fatalf("create klusser: %v", err)
		}
		t.Cleanup(func() { _ = acc.Delete(adminCtx, id) })
		kl := &klusser{email: email, id: id, wo: uuid.New(), b: kratostest.NewBrowser(t, srv.URL)}
		klus := uuid.New()
		postcode, town := "2271 AB", "Voorburg"
		if regio == "utrecht" {
			postcode, town = "3511 AB", "Utrecht"
		}
		d.As(t, admin, func(tx pgx.Tx) error {
			_, err := tx.Exec(context.Background(), `
				INSERT INTO klussen (id, status, assignment_type, regio, klusser_id, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
				VALUES ($1, 'bezig', 'direct', $2, $3, 'montage', 'kast', current_date, '09:00', 'a', $4, $5, '1')`,
				klus, regio, id, postcode, town)
			if err != nil {
				return err
			}
			_, err = tx.Exec(context.Background(), `INSERT INTO werkbonnen (id, klus_id, klusser_id, start_tijd) VALUES ($1, $2, $3, now())`, kl.wo, klus, id)
			return err
		})
		if status, flow := kl.b.Login(email, password); status != http.StatusOK {
			t.Fatalf("login: %d %v", status, flow.MessageIDs())
		}
		ks = append(ks, kl)
	}

	send := func(b *kratostest.Browser, method, path, ct string, body []byte) (int, []byte) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, bytes.NewReader(body))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		req.Header.Set(httpapi.CSRFHeader, "1")
		resp, err := b.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, raw
	}

	photos := map[uuid.UUID][]byte{}
	photoIDs := []string{}
	for i, kl := range ks {
		data := jpegBytes(t)
		if i == 1 {
			data = pngBytes(t)
		}
		ct, body := multipartBody(t, [][2]string{{"type", "before"}}, "foto", data)
		status, raw := send(kl.b, http.MethodPost, "/api/v1/werkbonnen/"+kl.wo.String()+"/fotos", ct, body)
		if status != http.StatusOK {
			t.Fatalf("upload: %d %s", status, raw)
		}
		id := answer{status: status, body: raw}.json(t)["id"].(string)
		photoIDs = append(photoIDs, id)
		photos[kl.id] = data
	}
	// Uploading to the other klusser's work order: not found, nothing stored.
	for i, kl := range ks {
		ct, body := multipartBody(t, [][2]string{{"type", "after"}}, "foto.jpg", jpegBytes(t))
		if status, raw := send(kl.b, http.MethodPost, "/api/v1/werkbonnen/"+ks[1-i].wo.String()+"/fotos", ct, body); status != 404 {
			t.Errorf("upload to another's work order: %d %s", status, raw)
		}
	}
	for i, kl := range ks {
		status, raw := send(kl.b, http.MethodGet, "/api/v1/werkbon-fotos/"+photoIDs[i], "", nil)
		if status != 200 || !bytes.Equal(raw, photos[kl.id]) {
			t.Errorf("own photo: %d", status)
		}
		status, raw = send(kl.b, http.MethodGet, "/api/v1/werkbon-fotos/"+photoIDs[1-i], "", nil)
		if status != 404 {
			t.Errorf("other's photo: %d %s", status, raw)
		}
	}
	visitor := kratostest.NewBrowser(t, srv.URL)
	if status, raw := send(visitor, http.MethodGet, "/api/v1/werkbon-fotos/"+photoIDs[0], "", nil); status != 401 {
		t.Errorf("visitor: %d %s", status, raw)
	}
	// Without the CSRF header an upload is refused before anything is read.
	ct, body := multipartBody(t, [][2]string{{"type", "after"}}, "foto.jpg", jpegBytes(t))
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/v1/werkbonnen/"+ks[0].wo.String()+"/fotos", bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	if resp, err := ks[0].b.HTTP.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("upload without CSRF header: %v %v", resp.StatusCode, err)
	} else {
		resp.Body.Close()
	}

	var n int
	d.As(t, admin, func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT count(*) FROM audit_log WHERE action = 'download' AND entity = 'work_order_photo' AND actor_role = 'klusser'`).Scan(&n)
	})
	if n != 2 {
		t.Errorf("%d klusser download audit rows, want 2", n)
	}
	d.As(t, admin, func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT count(*) FROM work_order_photos`).Scan(&n)
	})
	if n != 2 {
		t.Errorf("%d photo rows, want 2", n)
	}
}
