package server_test

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

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// FuzzPublicForms sends whatever a visitor could send to the two public forms through the real
// server and database: the answer is never a 5xx. (U+0000 in any text field used to be a 500.)
func FuzzPublicForms(f *testing.F) {
	d := dbtest.New(f)
	q, err := jobs.NewQueue(d.DB.QueuePool(), nil, jobs.Options{}) // insert-only: confirmations are queued, not sent
	if err != nil {
		f.Fatal(err)
	}
	enf, err := policy.New()
	if err != nil {
		f.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	previous := slog.Default()
	slog.SetDefault(quiet) // the access log of every fuzzed request would drown the output
	f.Cleanup(func() { slog.SetDefault(previous) })
	h, _ := server.New(server.Deps{DB: d.DB, Policy: enf, Logger: quiet, Site: web.Site{Brand: "Klusmaat"}, Queue: q,
		FormLimit: server.FormLimit{Max: 1 << 30, Window: time.Hour}})

	f.Add(false, "application/json", servertest.With(servertest.ValidRequest(), map[string]any{"email": "klant@example.nl"}))
	f.Add(false, "application/json", servertest.With(servertest.ValidRequest(), map[string]any{"naam": "a\x00b"}))
	f.Add(false, "application/json", []byte(strings.Replace(string(servertest.With(servertest.ValidRequest(), nil)), `"Voorburg"`, `"Voor\u0000burg"`, 1)))
	f.Add(false, "application/json", servertest.With(servertest.ValidRequest(), map[string]any{"datum": "9999-12-31", "beschrijving": strings.Repeat("é", 200)}))
	f.Add(false, "application/json", servertest.With(servertest.ValidRequest(), map[string]any{"postcode": "0000 AA", "woonplaats": ""}))
	f.Add(false, "Application/JSON; charset=UTF-8", []byte(`{"categorie":"montage","CATEGORIE":"veiligheid"}`))
	f.Add(false, "text/plain", []byte(`{}`))
	f.Add(true, "application/json", servertest.ValidApplication(map[string]any{"leeftijd": 1e300}))
	f.Add(true, "application/json", servertest.ValidApplication(map[string]any{"leeftijd": "\u0000"}))
	f.Add(true, "application/json", servertest.ValidApplication(map[string]any{"leeftijd": -9223372036854775808}))
	f.Add(true, "application/json", servertest.ValidApplication(map[string]any{"beschikbaarheid": []string{"Maandag", "Maandag\u0000"}}))
	f.Add(true, "application/json", servertest.ValidApplication(map[string]any{"email": "kees@example.nl", "ervaring": strings.Repeat("\n", 3000)}))
	f.Fuzz(func(t *testing.T, application bool, contentType string, body []byte) {
		path := "/api/v1/public/aanvragen"
		if application {
			path = "/api/v1/public/aanmeldingen"
		}
		r := httptest.NewRequestWithContext(context.Background(), http.MethodPost, path, bytes.NewReader(body))
		r.Header.Set("Content-Type", contentType)
		r.Header.Set(httpapi.CSRFHeader, "1")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("%s answered %d to %q (%s): %s", path, w.Code, body, contentType, w.Body.String())
		}
	})
}
