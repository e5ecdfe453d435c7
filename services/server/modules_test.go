package server_test

import (
	"context"
	"log/slog"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/events"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// everyModule is a server's dependencies with every optional part present, so that Routes lists
// every module. Nothing connects: the pool, the queue and the Kratos clients are lazy.
func everyModule(t *testing.T) server.Deps {
	t.Helper()
	const nowhere = "postgres://nobody@127.0.0.1:1/nothing"
	db, err := tenants.Open(context.Background(), tenants.Config{URL: nowhere, QueueURL: nowhere, ActorKey: dbtest.ActorKey})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	q, err := jobs.NewQueue(db.QueuePool(), nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	k, err := identity.NewKratos("http://127.0.0.1:1", "http://127.0.0.1:2")
	if err != nil {
		t.Fatal(err)
	}
	links := status.NewLinks(dbtest.ActorKey, "")
	return server.Deps{DB: db, Logger: slog.New(slog.DiscardHandler), Queue: q, Events: events.NewHub(db),
		Files: files.MemoryStorage(), Kratos: k, StatusLinks: &links}
}

// Every route of every module went through its module's kit: the standard chain (logging now,
// instrumenting later) and the one error mapper. A module that builds a handler by hand fails here
// (and the server refuses to start with it).
func TestEveryRouteGoesThroughTheStandardChain(t *testing.T) {
	routes := server.Routes(everyModule(t))
	modules := map[string]bool{}
	for _, rt := range routes {
		modules[rt.Tag] = true
		if !rt.Chained() || rt.Handler == nil {
			t.Errorf("%s (%s): not built by httpapi.Kit; its module forgot the standard chain", rt.Pattern(), rt.Tag)
		}
	}
	for _, m := range []string{"aanvragen", "aanmeldingen", "showcase", "notifications", "emailjobs", "events", "files", "exports", "identity", "klusser", "werkbon", "factuur", "status", "avg", "klussen", "dashboard", "werkbonnen", "klanten", "instellingen", "audit", "klussers", "franchise", "facturen"} {
		if !modules[m] {
			t.Errorf("module %s has no routes; the test no longer sees every module", m)
		}
	}
}

// Every list speaks the list contract (D25): it takes page, per_page, sort and order as documented
// in the API description, and answers {data, total}. A route that answers rows (an array of
// objects at the top of its answer) is a list and must do the same.
func TestEveryListAnswersDataAndTotal(t *testing.T) {
	routes := server.Routes(everyModule(t))
	doc := httpapi.OpenAPI("test", "0", routes)
	lists := 0
	for _, rt := range routes {
		schema := httpapi.Schema(reflect.TypeOf(rt.Response))
		props, _ := schema["properties"].(map[string]any)
		if rt.List == nil && !hasRows(props) {
			continue
		}
		lists++
		if rt.List == nil {
			t.Errorf("%s answers rows but takes no list parameters (Route.List)", rt.Pattern())
		}
		required, _ := schema["required"].([]string)
		data, _ := props["data"].(map[string]any)
		total, _ := props["total"].(map[string]any)
		if data["type"] != "array" || total["type"] != "integer" || !slices.Contains(required, "data") || !slices.Contains(required, "total") {
			t.Errorf("%s answers %v, want {data: [...], total: N} (list.Page)", rt.Pattern(), schema["properties"])
		}
		if rt.Method != http.MethodGet {
			t.Errorf("%s: a list is read with GET", rt.Pattern())
		}
		op := doc["paths"].(map[string]any)[rt.Path].(map[string]any)["get"].(map[string]any)
		var names []string
		for _, p := range op["parameters"].([]any) {
			names = append(names, p.(map[string]any)["name"].(string))
		}
		for _, want := range []string{"page", "per_page", "order"} {
			if !slices.Contains(names, want) {
				t.Errorf("%s: the API description lacks the list parameter %s (has %s)", rt.Pattern(), want, strings.Join(names, ", "))
			}
		}
	}
	if lists < 5 {
		t.Errorf("%d lists found; showcase, towns, categories, notifications and e-mail jobs are lists", lists)
	}
}

// hasRows reports whether an answer's top level holds an array of objects.
//
// An answer with an id of its own is one entity that carries its lines (a work order with its
// materials and photos), not a list.
func hasRows(props map[string]any) bool {
	if _, entity := props["id"]; entity {
		return false
	}
	for _, p := range props {
		prop, _ := p.(map[string]any)
		items, _ := prop["items"].(map[string]any)
		if prop["type"] == "array" && items["type"] == "object" {
			return true
		}
	}
	return false
}
