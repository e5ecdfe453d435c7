package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// captureDefaultLog sends the default slog logger to a buffer (as JSON, with request ids) for the
// duration of the test. Tests using it must not run in parallel.
func captureDefaultLog(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(httpapi.LogHandler{Handler: slog.NewJSONHandler(&buf, nil)}))
	t.Cleanup(func() { slog.SetDefault(old) })
	return &buf
}

// logRecords parses JSON log lines.
func logRecords(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if line == "" {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q is not JSON: %v", line, err)
		}
		out = append(out, rec)
	}
	return out
}

func TestEncodeErrorShape(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"bad request with fields", httpapi.BadRequest("validation", "Vul alle verplichte velden in", map[string]string{"email": "Verplicht."}), http.StatusBadRequest},
		{"not found", httpapi.NotFound("klus_not_found", "Klus niet gevonden"), http.StatusNotFound},
		{"unauthorized", httpapi.Unauthorized(), http.StatusUnauthorized},
		{"forbidden", httpapi.Forbidden(), http.StatusForbidden},
		{"wrapped", fmt.Errorf("claim: %w", &httpapi.Error{Status: http.StatusConflict, Code: "already_claimed", Message: "Deze klus is net door iemand anders opgepakt."}), http.StatusConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want *httpapi.Error
			if !errors.As(tt.err, &want) {
				t.Fatal("test error is not an *httpapi.Error")
			}
			w := httptest.NewRecorder()
			httpapi.EncodeError(context.Background(), tt.err, w)
			if w.Code != tt.want {
				t.Errorf("status = %d, want %d", w.Code, tt.want)
			}
			if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control = %q, want no-store", cc)
			}
			// The exact JSON shape a front end relies on.
			var raw map[string]map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &raw); err != nil {
				t.Fatalf("body %q: %v", w.Body.String(), err)
			}
			if len(raw) != 1 || raw["error"] == nil {
				t.Fatalf("body %q is not {\"error\": {...}}", w.Body.String())
			}
			e := readError(t, w)
			if e.Code != want.Code || e.Message != want.Message {
				t.Errorf("error = %q %q, want %q %q", e.Code, e.Message, want.Code, want.Message)
			}
			if len(want.Fields) == 0 {
				if _, ok := raw["error"]["fields"]; ok {
					t.Errorf("body %q has fields although the error has none", w.Body.String())
				}
			} else if fmt.Sprint(e.Fields) != fmt.Sprint(want.Fields) {
				t.Errorf("fields = %v, want %v", e.Fields, want.Fields)
			}
		})
	}
}

func TestEncodeErrorHidesInternalErrors(t *testing.T) {
	logs := captureDefaultLog(t)
	secret := errors.New("pq: password authentication failed for user klusmaat_owner at 10.0.0.5")
	for _, err := range []error{secret, httpapi.Internal(secret)} {
		logs.Reset()
		w := httptest.NewRecorder()
		httpapi.EncodeError(context.Background(), err, w)
		if w.Code != http.StatusInternalServerError {
			t.Errorf("status = %d, want 500", w.Code)
		}
		e := readError(t, w)
		if e.Code != "internal" || e.Message != "Er ging iets mis. Probeer het opnieuw." {
			t.Errorf("error = %q %q, want internal with the generic Dutch message", e.Code, e.Message)
		}
		for _, leak := range []string{"password", "klusmaat_owner", "10.0.0.5", "pq:"} {
			if strings.Contains(w.Body.String(), leak) {
				t.Errorf("answer %q leaks %q of the internal error", w.Body.String(), leak)
			}
		}
		if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control = %q, want no-store", cc)
		}
		// The operator still finds the cause in the log.
		if !strings.Contains(logs.String(), "password authentication failed") {
			t.Errorf("the cause was not logged: %q", logs.String())
		}
	}
}

func TestEncodeErrorDoesNotLogClientErrors(t *testing.T) {
	logs := captureDefaultLog(t)
	httpapi.EncodeError(context.Background(), httpapi.BadRequest("x", "Fout.", nil), httptest.NewRecorder())
	httpapi.EncodeError(context.Background(), httpapi.Forbidden(), httptest.NewRecorder())
	if logs.Len() != 0 {
		t.Errorf("4xx answers were logged as errors: %q", logs.String())
	}
}

func TestEncodeJSON(t *testing.T) {
	w := httptest.NewRecorder()
	if err := httpapi.EncodeJSON(context.Background(), w, map[string]int{"aantal": 3}); err != nil {
		t.Fatal(err)
	}
	if w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `{"aantal":3}` {
		t.Errorf("answer = %d %q", w.Code, w.Body.String())
	}
	if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control = %q, want no-store (answers hold per-user data)", cc)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
}

// A client that leaves mid-request (a page closed, a fetch aborted) makes the database or Kratos
// answer "context canceled": that is recorded as 499 on an Info line, not logged as a server
// failure; a deadline that passed stays a 500 with its cause in the log.
func TestClientGoneIsNotAServerFailure(t *testing.T) {
	logs := captureDefaultLog(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gone := fmt.Errorf("tenants: prove actor: %w", context.Canceled)
	if a := httpapi.Answer(ctx, gone); a.Status != httpapi.StatusClientClosed || a.Code != "client_closed" {
		t.Errorf("answer = %d %q, want 499 client_closed", a.Status, a.Code)
	}
	httpapi.EncodeError(ctx, gone, httptest.NewRecorder())
	if logs.Len() != 0 {
		t.Errorf("a client that left was logged as a failure: %q", logs.String())
	}
	// A domain answer stays what it is, even when the client has left meanwhile.
	if a := httpapi.Answer(ctx, httpapi.Forbidden()); a.Status != http.StatusForbidden {
		t.Errorf("forbidden after the client left = %d, want 403", a.Status)
	}

	deadline, stop := context.WithTimeout(context.Background(), 0)
	defer stop()
	<-deadline.Done()
	late := fmt.Errorf("klussers: list: %w", context.DeadlineExceeded)
	w := httptest.NewRecorder()
	httpapi.EncodeError(deadline, late, w)
	if w.Code != http.StatusInternalServerError {
		t.Errorf("a passed deadline = %d, want 500", w.Code)
	}
	if !strings.Contains(logs.String(), "request failed") {
		t.Errorf("a passed deadline was not logged: %q", logs.String())
	}
}
