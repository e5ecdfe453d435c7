package httpapi_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

func TestWithRequestID(t *testing.T) {
	var seen string
	h := httpapi.WithRequestID(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = httpapi.RequestIDFrom(r.Context())
	}))
	generated := regexp.MustCompile(`^[0-9a-f]{24}$`)

	tests := []struct {
		name     string
		incoming string
		keep     bool
	}{
		{"missing", "", false},
		{"well formed", "req-2026.01_abcdef", true},
		{"uuid from a proxy", "3f1c2b9e-8d4a-4b7e-9c1f-2a3b4c5d6e7f", true},
		{"too short", "abc", false},
		{"too long", strings.Repeat("a", 65), false},
		{"spaces", "hello world 123", false},
		{"log injection", "abcdefgh\nlevel=ERROR", false},
		{"quotes", `abcdefgh"}`, false},
	}
	ids := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen = ""
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			if tt.incoming != "" {
				r.Header.Set(httpapi.RequestIDHeader, tt.incoming)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			echoed := w.Header().Get("X-Request-Id")
			if echoed == "" || echoed != seen {
				t.Fatalf("response id %q, context id %q: want the same, non-empty", echoed, seen)
			}
			if tt.keep {
				if echoed != tt.incoming {
					t.Errorf("id = %q, want the incoming %q kept", echoed, tt.incoming)
				}
				return
			}
			if !generated.MatchString(echoed) {
				t.Errorf("id = %q, want a fresh 24-hex-digit id instead of %q", echoed, tt.incoming)
			}
			if ids[echoed] {
				t.Errorf("id %q generated twice", echoed)
			}
			ids[echoed] = true
		})
	}
	if got := httpapi.RequestIDFrom(httptest.NewRequest(http.MethodGet, "/", nil).Context()); got != "" {
		t.Errorf("RequestIDFrom(no id) = %q, want empty", got)
	}
}

func TestLogHandlerAddsRequestID(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(httpapi.LogHandler{Handler: slog.NewJSONHandler(&buf, nil)})
	h := httpapi.WithRequestID(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logger.InfoContext(r.Context(), "eerste")
		logger.With("service", "showcase").WarnContext(r.Context(), "tweede")
		logger.ErrorContext(r.Context(), "derde", "err", "boom")
	}))
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Set(httpapi.RequestIDHeader, "req-12345678")
	h.ServeHTTP(httptest.NewRecorder(), r)
	logger.Info("buiten een verzoek")

	recs := logRecords(t, &buf)
	if len(recs) != 4 {
		t.Fatalf("got %d log records, want 4: %s", len(recs), buf.String())
	}
	for _, rec := range recs[:3] {
		if rec["request_id"] != "req-12345678" {
			t.Errorf("record %v lacks request_id req-12345678", rec)
		}
	}
	if recs[1]["service"] != "showcase" {
		t.Errorf("derived logger lost its attribute: %v", recs[1])
	}
	if _, ok := recs[3]["request_id"]; ok {
		t.Errorf("record outside a request has a request_id: %v", recs[3])
	}
}

func TestSecurityHeaders(t *testing.T) {
	h := httpapi.SecurityHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	for _, tt := range []struct {
		name     string
		proto    string
		wantHSTS bool
	}{
		{"plain http", "", false},
		{"proxy says http", "http", false},
		{"proxy says https", "https", true},
		{"proxy says HTTPS", "HTTPS", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "http://klusmaat.test/", nil)
			if tt.proto != "" {
				r.Header.Set("X-Forwarded-Proto", tt.proto)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			csp := w.Header().Get("Content-Security-Policy")
			for _, d := range []string{"default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "script-src 'self'"} {
				if !strings.Contains(csp, d) {
					t.Errorf("CSP %q lacks %q", csp, d)
				}
			}
			if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
				t.Errorf("CSP %q allows inline or eval'd scripts", csp)
			}
			if got := w.Header().Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options = %q", got)
			}
			if got := w.Header().Get("Referrer-Policy"); got != "strict-origin-when-cross-origin" {
				t.Errorf("Referrer-Policy = %q", got)
			}
			if got := w.Header().Get("X-Frame-Options"); got != "DENY" {
				t.Errorf("X-Frame-Options = %q", got)
			}
			hsts := w.Header().Get("Strict-Transport-Security")
			if tt.wantHSTS != (hsts != "") {
				t.Errorf("Strict-Transport-Security = %q, want set: %v", hsts, tt.wantHSTS)
			}
			if tt.wantHSTS && !strings.Contains(hsts, "max-age=") {
				t.Errorf("Strict-Transport-Security = %q lacks max-age", hsts)
			}
		})
	}
}

func TestAccessLogRecoversPanic(t *testing.T) {
	logs := captureDefaultLog(t)
	h := httpapi.WithRequestID(httpapi.AccessLog(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic("nil map in klussen.Update")
	})))
	r := httptest.NewRequest(http.MethodPost, "/api/v1/klussen", nil)
	r.Header.Set(httpapi.RequestIDHeader, "req-panic-0001")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r) // must not panic
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status = %d, want 500", w.Code)
	}
	e := readError(t, w)
	if e.Code != "internal" {
		t.Errorf("code = %q, want internal", e.Code)
	}
	if strings.Contains(w.Body.String(), "nil map") {
		t.Errorf("answer %q leaks the panic", w.Body.String())
	}

	var sawPanic, sawAccess bool
	for _, rec := range logRecords(t, logs) {
		if rec["request_id"] != "req-panic-0001" {
			t.Errorf("log record without the request id: %v", rec)
		}
		switch rec["msg"] {
		case "panic":
			sawPanic = strings.Contains(rec["panic"].(string), "nil map")
		case "http request":
			sawAccess = rec["status"] == float64(500) && rec["path"] == "/api/v1/klussen" && rec["method"] == "POST"
		}
	}
	if !sawPanic || !sawAccess {
		t.Errorf("want a panic record and an access record with status 500, got %s", logs.String())
	}
}

func TestAccessLogAfterHeadersWritten(t *testing.T) {
	captureDefaultLog(t)
	h := httpapi.AccessLog(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusAccepted)
		_, _ = w.Write([]byte("half"))
		panic("late")
	}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	// The status already sent stays; no error body is glued to the half answer.
	if w.Code != http.StatusAccepted || w.Body.String() != "half" {
		t.Errorf("answer = %d %q, want 202 \"half\" unchanged", w.Code, w.Body.String())
	}
}

func TestAccessLogRecordsStatusAndSize(t *testing.T) {
	logs := captureDefaultLog(t)
	h := httpapi.AccessLog(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusTeapot)
		_, _ = w.Write([]byte("12345"))
	}))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/thee", nil))
	recs := logRecords(t, logs)
	if len(recs) != 1 || recs[0]["status"] != float64(418) || recs[0]["bytes"] != float64(5) || recs[0]["path"] != "/thee" {
		t.Errorf("access log = %v, want one record with status 418, 5 bytes, path /thee", recs)
	}
}
