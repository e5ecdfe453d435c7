package servertest

import (
	"bytes"
	"context"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/klusmaat/klusmaat/services/platform/metrics"
)

// Every answer of the API servers the kit starts is checked against the API description
// (services/server/openapi.json) with kin-openapi's openapi3filter: its status must be one the
// operation declares, its declared headers present and valid, its JSON body valid against the
// declared schema. An answer the description does not allow fails the test whose server gave it,
// so the description cannot drift from what the server does on any path a test walks, in
// whichever package the test lives.

var (
	describedOnce sync.Once
	described     routers.Router
	describedErr  error

	// responsesChecked counts the answers checked in this test binary (one package; Main prints
	// it), checkNanos the time the checks took.
	responsesChecked, checkNanos atomic.Int64
)

// OpenAPIFile is the checked-in API description the answers are checked against. go test runs a
// package's tests in its folder, so the module's root is the nearest folder up with go.mod, and a
// test in any package's folder finds the same file. (Not the source's path from runtime.Caller:
// the Makefile builds with -trimpath, which leaves only the module path there.)
var OpenAPIFile = func() string {
	dir, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "services", "server", "openapi.json")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			panic("servertest: no go.mod above " + dir)
		}
		dir = parent
	}
}()

// Main is a test package's TestMain: it runs the tests and then prints how many API answers the
// package's tests had checked against the description (nothing when none were), so a run shows
// that the check ran. Use it as func TestMain(m *testing.M) { servertest.Main(m) }.
func Main(m *testing.M) {
	code := m.Run()
	if n := ResponsesChecked(); n > 0 {
		Figure("openapi: %d API responses checked against openapi.json (%s)", n, time.Duration(checkNanos.Load()).Round(time.Millisecond))
	}
	os.Exit(code)
}

// Figure prints a line a test run should show (go test hides the output of a package that passes
// unless -v), and appends it to the file KLUSMAAT_TEST_FIGURES names, which make go-test prints
// after the run: the figures without a second, verbose run of the tests that make them.
func Figure(format string, args ...any) {
	line := fmt.Sprintf(format, args...) + "\n"
	fmt.Print(line)
	if name := os.Getenv("KLUSMAAT_TEST_FIGURES"); name != "" {
		if f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			_, _ = f.WriteString(line)
			_ = f.Close()
		}
	}
}

// ResponsesChecked is the number of API answers checked so far in this test binary.
func ResponsesChecked() int64 { return responsesChecked.Load() }

// describedRouter loads openapi.json once and finds operations in it.
func describedRouter() (routers.Router, error) {
	describedOnce.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromFile(OpenAPIFile)
		if err != nil {
			describedErr = err
			return
		}
		if err := doc.Validate(loader.Context); err != nil {
			describedErr = fmt.Errorf("%s is no valid OpenAPI document: %w", OpenAPIFile, err)
			return
		}
		doc.Servers = nil // the test servers listen on any loopback port: match paths alone
		described, describedErr = legacy.NewRouter(doc)
	})
	return described, describedErr
}

// Checked wraps an API test server's handler: each answer to an /api/ request is checked against
// openapi.json once the handler is done, and a mismatch fails t. Every server of the kit is
// wrapped; a test that builds its own server from server.New wraps it too.
func Checked(t testing.TB, h http.Handler) http.Handler {
	router, err := describedRouter()
	if err != nil {
		t.Fatal(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/api/openapi.json" || strings.HasPrefix(r.URL.Path, "/api/.ory/") {
			h.ServeHTTP(w, r)
			return
		}
		rec := &recordingWriter{StatusRecorder: metrics.StatusRecorder{ResponseWriter: w}}
		// The route is found before the handler runs: it may read and close the request's body.
		route, pathParams, findErr := router.FindRoute(r)
		h.ServeHTTP(rec, r)
		defer func(begin time.Time) { checkNanos.Add(int64(time.Since(begin))) }(time.Now())
		if err := checkAnswer(r, route, pathParams, findErr, rec); err != nil {
			t.Errorf("%s %s answered %d, which openapi.json does not allow: %v\nbody: %.400s",
				r.Method, r.URL.RequestURI(), rec.Code(), err, rec.body.String())
		}
		responsesChecked.Add(1)
	})
}

func checkAnswer(r *http.Request, route *routers.Route, pathParams map[string]string, findErr error, rec *recordingWriter) error {
	if findErr != nil {
		// No operation: the server's fallback answers 404 (no such path) or 405 (another
		// method), as a JSON error; a write without the CSRF header never gets that far (403).
		if status := rec.Code(); status != http.StatusNotFound && status != http.StatusMethodNotAllowed && status != http.StatusForbidden {
			return fmt.Errorf("no operation in the description (%v), yet not a 403, 404 or 405", findErr)
		}
		return nil
	}
	mediaType, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type"))
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}
	if mediaType != "application/json" || rec.Code() == http.StatusNoContent {
		// A file (PDF, CSV, a photo) or the event stream: status and headers are checked; the
		// description declares such a body as text of its media type.
		opts.ExcludeResponseBody = true
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: r, PathParams: pathParams, Route: route, Options: opts},
		Status:                 rec.Code(),
		Header:                 rec.Header(),
		Options:                opts,
	}
	in.SetBodyBytes(rec.body.Bytes())
	return openapi3filter.ValidateResponse(context.Background(), in)
}

// recordingWriter passes an answer on and keeps its status and body (streams flush through).
type recordingWriter struct {
	metrics.StatusRecorder
	body bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	if w.body.Len() < 8<<20 {
		w.body.Write(b)
	}
	return w.StatusRecorder.Write(b)
}
