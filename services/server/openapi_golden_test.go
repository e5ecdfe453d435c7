package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/platform/web"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/status"
)

// openAPIGolden is the checked-in API description. The front ends generate their request and
// response types from it (make api-types), so it must be the document the server serves.
const openAPIGolden = "openapi.json"

var update = flag.Bool("update", false, "rewrite "+openAPIGolden+" from the route table")

// The checked-in document equals the one the server serves at /api/openapi.json. After a change
// to a route or its Go types: go test ./services/server -run OpenAPIGolden -update, then
// make api-types, and commit both.
func TestOpenAPIGoldenMatchesTheRouteTable(t *testing.T) {
	served := servedOpenAPI(t)
	if *update {
		if err := os.WriteFile(openAPIGolden, served, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	golden, err := os.ReadFile(openAPIGolden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(golden, served) {
		t.Fatalf("services/server/%s is stale (first difference at line %d); run\n"+
			"  go test ./services/server -run OpenAPIGolden -update && make api-types\nand commit the result",
			openAPIGolden, firstDifferentLine(golden, served))
	}
}

// servedOpenAPI asks a server for its document, indented for readable diffs. Every optional
// dependency that adds routes is present (none is contacted: the document needs only the route
// table), so that no route is missing from the golden; no database is needed.
func servedOpenAPI(t *testing.T) []byte {
	t.Helper()
	enf, err := policy.New()
	if err != nil {
		t.Fatal(err)
	}
	kratos, err := identity.NewKratos("http://127.0.0.1:1", "http://127.0.0.1:2")
	if err != nil {
		t.Fatal(err)
	}
	storage, err := files.OpenStorage(context.Background(), "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h, _ := server.New(server.Deps{
		Policy: enf,
		Logger: slog.New(slog.DiscardHandler),
		Site:   web.Site{Brand: "Klusmaat"},
		Kratos: kratos,
		Queue:  new(jobs.Queue),
		Events: events.NewHub(nil),
		Files:  storage,
		StatusLinks: func() *status.Links {
			l := status.NewLinks("openapi-golden-secret-of-32-characters", "")
			return &l
		}(),
	})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/openapi.json", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /api/openapi.json: %d %s", rec.Code, rec.Body)
	}
	var doc any
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

func firstDifferentLine(a, b []byte) int {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}
