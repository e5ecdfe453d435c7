package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

type greetRequest struct{ Naam, Regio string }

// LogAttrs keeps the region, never the name.
func (g greetRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("regio", g.Regio)} }

type greeting struct {
	Tekst string `json:"tekst"`
}

func (g greeting) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("chars", len(g.Tekst))} }

// kitServer serves routes made by a Kit that logs to the returned buffer, with request ids.
func kitServer(t *testing.T, rts ...httpapi.Route) (*httptest.Server, *bytes.Buffer, []httpapi.Route) {
	t.Helper()
	logs := &bytes.Buffer{}
	k := httpapi.Kit{Logger: slog.New(httpapi.LogHandler{Handler: slog.NewJSONHandler(logs, nil)})}
	built := k.Routes(rts...)
	mux := http.NewServeMux()
	for _, rt := range built {
		mux.Handle(rt.Pattern(), rt.Handler)
	}
	srv := httptest.NewServer(httpapi.WithRequestID(mux))
	t.Cleanup(srv.Close)
	return srv, logs, built
}

func greetRoute(fn func(context.Context, greetRequest) (greeting, error)) httpapi.Route {
	return httpapi.Route{Method: http.MethodGet, Path: "/api/v1/groet", Tag: "groet", Op: "Greet",
		Endpoint: httpapi.Typed(fn),
		Decode: func(_ context.Context, r *http.Request) (any, error) {
			return greetRequest{Naam: r.URL.Query().Get("naam"), Regio: r.URL.Query().Get("regio")}, nil
		}}
}

func get(t *testing.T, url string, header ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if len(header) == 2 {
		req.Header.Set(header[0], header[1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	return resp, b.String()
}

// The chain writes one line per call: the operation, what request and answer offer, the duration
// and the request id; nothing the client typed that the types do not offer.
func TestKitLogsEveryCallWithoutPersonalData(t *testing.T) {
	srv, logs, built := kitServer(t, greetRoute(func(_ context.Context, r greetRequest) (greeting, error) {
		return greeting{Tekst: "Hallo " + r.Naam}, nil
	}))
	if !built[0].Chained() {
		t.Fatal("a route built by the kit does not say so")
	}
	resp, body := get(t, srv.URL+"/api/v1/groet?naam=Mevrouw+Jansen&regio=utrecht", "X-Request-Id", "kit-test-0001")
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "Hallo Mevrouw Jansen") {
		t.Fatalf("answer %d %s", resp.StatusCode, body)
	}
	recs := logRecords(t, logs)
	if len(recs) != 1 {
		t.Fatalf("%d log lines, want 1: %s", len(recs), logs)
	}
	r := recs[0]
	if r["msg"] != "groet.Greet" || r["regio"] != "utrecht" || r["chars"] != float64(len("Hallo Mevrouw Jansen")) ||
		r["request_id"] != "kit-test-0001" || r["took_ms"] == nil || r["level"] != "INFO" {
		t.Errorf("log line %v", r)
	}
	if strings.Contains(logs.String(), "Jansen") {
		t.Errorf("the name reached the log: %s", logs)
	}
}

// A refusal is answered with its status and logged as such: the code and the refused fields'
// names, not their messages; a failure is logged as a warning with its cause.
func TestKitLogsRefusalsAndFailures(t *testing.T) {
	var fail error
	srv, logs, _ := kitServer(t, greetRoute(func(context.Context, greetRequest) (greeting, error) { return greeting{}, fail }))

	fail = domainerr.Invalid("invalid_groet", "Vul een naam in.", map[string]string{"naam": "Vul een naam in."})
	if resp, _ := get(t, srv.URL+"/api/v1/groet"); resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("refusal answered %d", resp.StatusCode)
	}
	fail = errors.New("database down")
	if resp, body := get(t, srv.URL+"/api/v1/groet"); resp.StatusCode != http.StatusInternalServerError || strings.Contains(body, "database") {
		t.Fatalf("failure answered %d %s", resp.StatusCode, body)
	}
	recs := logRecords(t, logs)
	if len(recs) != 2 {
		t.Fatalf("%d log lines: %s", len(recs), logs)
	}
	if recs[0]["refused"] != "invalid_groet" || recs[0]["level"] != "INFO" || strings.Contains(logs.String(), "Vul een naam") {
		t.Errorf("refusal line %v", recs[0])
	}
	if f, _ := recs[0]["fields"].([]any); len(f) != 1 || f[0] != "naam" {
		t.Errorf("refused fields %v", recs[0]["fields"])
	}
	if recs[1]["level"] != "WARN" || recs[1]["err"] != "database down" {
		t.Errorf("failure line %v", recs[1])
	}
}

// Typed refuses a request of the wrong type as an internal error, where a cast would panic.
func TestTypedRefusesTheWrongRequestType(t *testing.T) {
	rt := greetRoute(func(context.Context, greetRequest) (greeting, error) { return greeting{}, nil })
	rt.Decode = func(context.Context, *http.Request) (any, error) { return "geen groetverzoek", nil }
	srv, logs, _ := kitServer(t, rt)
	if resp, _ := get(t, srv.URL+"/api/v1/groet"); resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("answered %d", resp.StatusCode)
	}
	if !strings.Contains(logs.String(), "endpoint takes httpapi_test.greetRequest, the decoder made string") {
		t.Errorf("log does not name the mismatch: %s", logs)
	}
}

// A list route needs no decoder: the kit reads the list parameters of its spec, and refuses
// others before the service is called.
func TestKitDecodesListRoutes(t *testing.T) {
	var got list.Params
	spec := &list.Spec{Sorts: []string{"naam"}, DefaultSort: "naam"}
	srv, _, _ := kitServer(t, httpapi.Route{Method: http.MethodGet, Path: "/api/v1/lijst", Tag: "lijst", Op: "List", List: spec,
		Endpoint: httpapi.Typed(func(_ context.Context, p list.Params) (list.Page[string], error) {
			got = p
			return list.Page[string]{Data: []string{"a"}, Total: 1}, nil
		})})
	resp, body := get(t, srv.URL+"/api/v1/lijst?page=2&order=desc")
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(body) != `{"data":["a"],"total":1}` || got.Page != 2 || got.Order != list.Desc {
		t.Fatalf("list: %d %s, params %+v", resp.StatusCode, body, got)
	}
	got = list.Params{}
	if resp, body := get(t, srv.URL+"/api/v1/lijst?regio=utrecht"); resp.StatusCode != http.StatusBadRequest ||
		!strings.Contains(body, "unknown_parameter") || got.Page != 0 {
		t.Fatalf("unknown filter: %d %s (service called: %v)", resp.StatusCode, body, got.Page != 0)
	}
}

// A read route is a GET that reads, serves its function and describes the answer as the type the
// function returns; an action it names is kept.
func TestReadRouteDeclaresTheAnswerFromItsFunction(t *testing.T) {
	rt := httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/groet", Tag: "groet", Op: "Greet",
		Decode: func(_ context.Context, r *http.Request) (any, error) {
			return greetRequest{Naam: r.URL.Query().Get("naam")}, nil
		}},
		func(_ context.Context, g greetRequest) (greeting, error) {
			return greeting{Tekst: "Dag " + g.Naam}, nil
		})
	if rt.Method != http.MethodGet || rt.Action != "read" {
		t.Fatalf("method %q, action %q", rt.Method, rt.Action)
	}
	if _, ok := rt.Response.(greeting); !ok {
		t.Fatalf("described answer %T, the function answers greeting", rt.Response)
	}
	srv, _, _ := kitServer(t, rt)
	if resp, body := get(t, srv.URL+"/api/v1/groet?naam=Piet"); resp.StatusCode != http.StatusOK || strings.TrimSpace(body) != `{"tekst":"Dag Piet"}` {
		t.Fatalf("read: %d %s", resp.StatusCode, body)
	}
	assign := httpapi.ReadRoute(httpapi.Route{Path: "/x", Op: "X", Action: "assign"}, func(context.Context, httpapi.NoInput) (int, error) { return 1, nil })
	if assign.Action != "assign" {
		t.Errorf("action %q, want the route's own", assign.Action)
	}
	defer func() {
		if recover() == nil {
			t.Error("a read route that names its own answer was built")
		}
	}()
	httpapi.ReadRoute(httpapi.Route{Path: "/x", Op: "X", Response: greeting{}}, func(context.Context, httpapi.NoInput) (int, error) { return 1, nil })
}

// A guard (a rate limit, an upload size) answers before the request is decoded.
func TestKitRunsTheGuardFirst(t *testing.T) {
	decoded := false
	rt := greetRoute(func(context.Context, greetRequest) (greeting, error) { return greeting{}, nil })
	rt.Decode = func(context.Context, *http.Request) (any, error) { decoded = true; return greetRequest{}, nil }
	rt.Guard = func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			httpapi.WriteError(w, r, httpapi.TooManyRequests("Even geduld."))
		})
	}
	srv, _, _ := kitServer(t, rt)
	if resp, _ := get(t, srv.URL+"/api/v1/groet"); resp.StatusCode != http.StatusTooManyRequests || decoded {
		t.Fatalf("guard: %d, decoded %v", resp.StatusCode, decoded)
	}
}

// A route that did not go through the kit says so (the server refuses to mount it), and the kit
// refuses routes it cannot build at start-up.
func TestRoutesOutsideTheKitAreNotChained(t *testing.T) {
	byHand := httpapi.Route{Method: http.MethodGet, Path: "/api/v1/groet", Handler: http.NotFoundHandler()}
	if byHand.Chained() {
		t.Fatal("a hand-made route claims the chain")
	}
	for name, rt := range map[string]httpapi.Route{
		"no op":            {Method: http.MethodGet, Path: "/x", Endpoint: httpapi.Typed(func(context.Context, httpapi.NoInput) (int, error) { return 1, nil })},
		"no endpoint":      {Method: http.MethodGet, Path: "/x", Op: "X"},
		"own handler":      byHand,
		"list spec broken": {Method: http.MethodGet, Path: "/x", Op: "X", List: &list.Spec{DefaultSort: "id"}, Endpoint: httpapi.Typed(func(context.Context, list.Params) (int, error) { return 1, nil })},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: built", name)
				}
			}()
			httpapi.Kit{}.Routes(rt)
		}()
	}
}

// A stream is no endpoint; the kit still logs it, once, when it closes.
func TestKitLogsStreamsWhenTheyClose(t *testing.T) {
	logs := &bytes.Buffer{}
	k := httpapi.Kit{Logger: slog.New(slog.NewJSONHandler(logs, nil))}
	rts := k.Streams(httpapi.Route{Method: http.MethodGet, Path: "/api/v1/events", Tag: "events",
		Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("data: x\n\n")) })})
	if !rts[0].Chained() {
		t.Fatal("stream not chained")
	}
	rts[0].Handler.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/v1/events", nil))
	if recs := logRecords(t, logs); len(recs) != 1 || recs[0]["msg"] != "events.Stream" {
		t.Fatalf("stream log %s", logs)
	}
}
