package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Issue 42, item 6: a NUL or a byte that is not UTF-8 in a query or path parameter, or a whole
// number beyond PostgreSQL's integer in a body, reached the database and came back as a 500 on 36
// route/parameter pairs. The decoding kit now refuses them with a 400 and a Dutch message, for
// every route it builds, before any decoder or service sees them.

// database stands for PostgreSQL behind an endpoint: text it cannot store (not UTF-8, U+0000) and
// a Go int beyond its integer are a failure, as SQLSTATE 22021 and 22003 were.
func database(v any) error {
	var walk func(reflect.Value) error
	walk = func(v reflect.Value) error {
		switch v.Kind() {
		case reflect.String:
			if !utf8.ValidString(v.String()) || strings.ContainsRune(v.String(), 0) {
				return httpapi.Internal(fmt.Errorf("invalid byte sequence for encoding \"UTF8\" (SQLSTATE 22021): %q", v.String()))
			}
		case reflect.Int:
			if v.Int() > math.MaxInt32 || v.Int() < math.MinInt32 {
				return httpapi.Internal(errors.New("integer out of range (SQLSTATE 22003)"))
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					if err := walk(v.Field(i)); err != nil {
						return err
					}
				}
			}
		case reflect.Slice:
			for i := range v.Len() {
				if err := walk(v.Index(i)); err != nil {
					return err
				}
			}
		case reflect.Map:
			for it := v.MapRange(); it.Next(); {
				if err := walk(it.Key()); err != nil {
					return err
				}
				if err := walk(it.Value()); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(reflect.ValueOf(v))
}

type pathRequest struct{ Email, Regio string }

type besluit struct {
	Versie int    `json:"versie"`
	Reden  string `json:"reden" text:"multiline"`
	Groot  int64  `json:"groot"`
}

type besluitRequest struct {
	Token string
	besluit
}

// paramRoutes are routes of every shape the server has: a path parameter with its own decoder, a
// list (page, sort, filter, search), plain query parameters, a body behind a path parameter and a
// stream; each endpoint hands what it decoded to the stand-in database.
func paramRoutes() []httpapi.Route {
	k := httpapi.Kit{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	answer := func(_ context.Context, v any) (map[string]bool, error) {
		return map[string]bool{"ok": true}, database(v)
	}
	routes := k.Routes(
		httpapi.Route{Method: http.MethodGet, Path: "/api/v1/klanten/{email}", Tag: "klant", Op: "Get",
			Endpoint: httpapi.Typed(func(ctx context.Context, r pathRequest) (map[string]bool, error) { return answer(ctx, r) }),
			Decode: func(_ context.Context, r *http.Request) (any, error) {
				return pathRequest{Email: r.PathValue("email"), Regio: r.URL.Query().Get("regio")}, httpapi.AllowQuery(r, "regio")
			}},
		httpapi.Route{Method: http.MethodGet, Path: "/api/v1/klussen", Tag: "klus", Op: "List",
			List: &list.Spec{Sorts: []string{"datum"}, DefaultSort: "datum", Search: "beschrijving",
				Filters: []list.Filter{{Name: "regio"}, {Name: "status", Values: []string{"open", "ingepland"}}}},
			Endpoint: httpapi.Typed(func(ctx context.Context, p list.Params) (map[string]bool, error) {
				return answer(ctx, []any{p.Search, p.Filters})
			})},
		httpapi.Route{Method: http.MethodGet, Path: "/api/v1/klussen/counts", Tag: "klus", Op: "Counts",
			Query:    []httpapi.Param{{Name: "q"}, {Name: "woonplaats"}},
			Endpoint: httpapi.Typed(func(ctx context.Context, r pathRequest) (map[string]bool, error) { return answer(ctx, r) }),
			Decode: func(_ context.Context, r *http.Request) (any, error) {
				return pathRequest{Email: r.URL.Query().Get("q"), Regio: r.URL.Query().Get("woonplaats")}, httpapi.AllowQuery(r, "q", "woonplaats")
			}},
		httpapi.Route{Method: http.MethodPost, Path: "/api/v1/status/{token}/offerte", Tag: "status", Op: "Decide",
			Endpoint: httpapi.Typed(func(ctx context.Context, r besluitRequest) (map[string]bool, error) { return answer(ctx, r) }),
			Decode: func(_ context.Context, r *http.Request) (any, error) {
				req := besluitRequest{Token: r.PathValue("token")}
				return req, httpapi.DecodeJSON(nil, r, &req.besluit, 0)
			}},
		httpapi.Route{Method: http.MethodPut, Path: "/api/v1/factuur-uitgevers/{id}", Tag: "uitgever", Op: "Put",
			Endpoint: httpapi.Typed(func(ctx context.Context, r httpapi.IDRequest) (map[string]bool, error) { return answer(ctx, r) }),
			Decode:   httpapi.DecodeIDRequest(httpapi.NotFound("not_found", "Niet gevonden."), "id")},
	)
	return append(routes, k.Streams(httpapi.Route{Method: http.MethodGet, Path: "/api/v1/events/{soort}", Tag: "events",
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := database([]string{r.PathValue("soort"), r.URL.Query().Get("last_event_id")}); err != nil {
				httpapi.WriteError(w, r, err)
			}
		})})...)
}

func paramMux() http.Handler {
	mux := http.NewServeMux()
	for _, rt := range paramRoutes() {
		mux.Handle(rt.Pattern(), rt.Handler)
	}
	return mux
}

// serve sends method and target (path and query, escaped as a client would) with body.
func serve(h http.Handler, method, target, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// badBytes are what PostgreSQL cannot take as text, as a client sends them in a URL.
var badBytes = map[string]string{
	"U+0000":            "%00",
	"an invalid byte":   "%ff",
	"an overlong slash": "%c0%af",
	"a lone surrogate":  "%ed%a0%80",
	"a cut-off rune":    "abc%e2%82",
	"escape (U+001B)":   "%1b",
}

// TestEveryParameterIsText: every path and query parameter of every kind of route answers 400
// with a Dutch message for a value that is not text, and the same request with text passes.
func TestEveryParameterIsText(t *testing.T) {
	h := paramMux()
	targets := []struct{ method, template, body string }{
		{http.MethodGet, "/api/v1/klanten/%s", ""},
		{http.MethodGet, "/api/v1/klanten/a@example.nl?regio=%s", ""},
		{http.MethodGet, "/api/v1/klanten/a@example.nl?%s=1", ""},
		{http.MethodGet, "/api/v1/klussen?q=%s", ""},
		{http.MethodGet, "/api/v1/klussen?regio=%s", ""},
		{http.MethodGet, "/api/v1/klussen?status=%s", ""},
		{http.MethodGet, "/api/v1/klussen?sort=%s", ""},
		{http.MethodGet, "/api/v1/klussen?page=%s", ""},
		{http.MethodGet, "/api/v1/klussen/counts?q=%s", ""},
		{http.MethodGet, "/api/v1/klussen/counts?woonplaats=x&q=%s", ""},
		{http.MethodPost, "/api/v1/status/%s/offerte", `{"versie":1}`},
		{http.MethodPut, "/api/v1/factuur-uitgevers/%s", ""},
		{http.MethodGet, "/api/v1/events/%s", ""},
		{http.MethodGet, "/api/v1/events/klus?last_event_id=%s", ""},
	}
	for _, tg := range targets {
		for name, bad := range badBytes {
			w := serve(h, tg.method, fmt.Sprintf(tg.template, bad), tg.body)
			if w.Code != http.StatusBadRequest {
				t.Errorf("%s %s with %s: %d %s, want 400", tg.method, tg.template, name, w.Code, w.Body.String())
				continue
			}
			if e := readError(t, w); e.Code != "invalid_parameter" || !strings.Contains(e.Message, "teken dat niet is toegestaan") || len(e.Fields) != 1 {
				t.Errorf("%s %s with %s: %+v", tg.method, tg.template, name, e)
			}
		}
		good := fmt.Sprintf(tg.template, "open")
		if w := serve(h, tg.method, good, tg.body); w.Code >= 500 || strings.Contains(w.Body.String(), "invalid_parameter") {
			t.Errorf("%s %s: %d %s", tg.method, good, w.Code, w.Body.String())
		}
	}
}

// TestNumbersFitTheirColumns: a Go int in a body is PostgreSQL's integer; beyond it the kit
// answers 400 (the quote decision with "versie": 1099511627776 was a 500). An int64 is a bigint.
func TestNumbersFitTheirColumns(t *testing.T) {
	h := paramMux()
	for body, want := range map[string]int{
		`{"versie":1}`:                             http.StatusOK,
		`{"versie":2147483647}`:                    http.StatusOK,
		`{"versie":-2147483648}`:                   http.StatusOK,
		`{"versie":1099511627776}`:                 http.StatusBadRequest,
		`{"versie":2147483648}`:                    http.StatusBadRequest,
		`{"versie":-2147483649}`:                   http.StatusBadRequest,
		`{"versie":1e300}`:                         http.StatusBadRequest,
		`{"versie":1,"groot":1099511627776}`:       http.StatusOK,
		`{"versie":1,"groot":9223372036854775808}`: http.StatusBadRequest,
	} {
		w := serve(h, http.MethodPost, "/api/v1/status/abc/offerte", body)
		if w.Code != want {
			t.Errorf("%s: %d %s, want %d", body, w.Code, w.Body.String(), want)
			continue
		}
		if want == http.StatusBadRequest {
			if e := readError(t, w); e.Code != "invalid_field" || e.Message == "" || len(e.Fields) != 1 {
				t.Errorf("%s: %+v", body, e)
			}
		}
	}
}

// FuzzRouteParameters: whatever a client puts in any path or query parameter of any kind of route,
// or in a body, the kit answers it without a 5xx from the stand-in database: what it cannot store
// is a 400 (or 404, 413, 415) with a Dutch message before any endpoint sees it.
func FuzzRouteParameters(f *testing.F) {
	h := paramMux()
	for _, seed := range []struct{ path, name, value, body string }{
		{"a@example.nl", "regio", "den-haag", `{"versie":1,"reden":"ok"}`},
		{"\x00", "q", "\xff", `{"versie":1099511627776}`},
		{"a\xffb", "\xfe", "x", `{"versie":1,"reden":"\u0000"}`},
		{"\xed\xa0\x80", "status", "\xc0\xaf", `{"versie":-2147483649}`},
		{"ok", "page", "99999999999999999999", `{"versie":1,"groot":9223372036854775808}`},
		{"ok", "sort", "datum\x00", `{"reden":"a\nb","versie":0}`},
		{"a/b", "last_event_id", "%", `[]`},
	} {
		f.Add(seed.path, seed.name, seed.value, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, path, name, value string, body []byte) {
		q := url.Values{name: {value}}.Encode()
		p := url.PathEscape(path)
		for _, target := range []struct{ method, url string }{
			{http.MethodGet, "/api/v1/klanten/" + p + "?" + q},
			{http.MethodGet, "/api/v1/klussen?" + q},
			{http.MethodGet, "/api/v1/klussen/counts?" + q},
			{http.MethodPost, "/api/v1/status/" + p + "/offerte?" + q},
			{http.MethodPut, "/api/v1/factuur-uitgevers/" + p},
			{http.MethodGet, "/api/v1/events/" + p + "?" + q},
		} {
			r := httptest.NewRequest(target.method, "/", bytes.NewReader(body))
			u, err := url.Parse(target.url)
			if err != nil {
				return
			}
			r.URL, r.RequestURI = u, target.url
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code >= 500 {
				t.Fatalf("%s %s %q: %d %s", target.method, target.url, body, w.Code, w.Body.String())
			}
			if w.Code >= 400 && w.Code != http.StatusNotFound && w.Code != http.StatusMethodNotAllowed {
				var e httpapi.ErrorBody
				if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error.Message == "" {
					t.Fatalf("%s %s: %d without a message: %s", target.method, target.url, w.Code, w.Body.String())
				}
			}
		}
	})
}
