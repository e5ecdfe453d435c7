package web_test

import (
	"compress/gzip"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/web"
)

const indexTemplate = `<!doctype html>
<html lang="nl"><head><meta charset="utf-8">
<meta name="klusmaat-config" content="">
<title>%s</title></head><body><div id="root"></div></body></html>
`

// writeFiles creates files (path relative to dir -> content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func indexHTML(app string) string { return strings.Replace(indexTemplate, "%s", app, 1) }

// builds creates a portal and an admin dist as Vite would, and returns their directories.
func builds(t *testing.T) (portal, admin string) {
	t.Helper()
	portal, admin = t.TempDir(), t.TempDir()
	writeFiles(t, portal, map[string]string{
		"index.html":              indexHTML("PORTAL"),
		"routes.json":             `["/", "/diensten", "/aanvraag", "/klussers", "/klusser/dashboard", "/klusser/werkbon/:id", "/klusser/plan-klus/:klusId", "/status/:token"]`,
		"assets/app-abc123.js":    "console.log('portal')",
		"assets/style-def456.css": "body{}",
		"favicon.ico":             "ICO",
		"robots.txt":              "User-agent: *",
	})
	writeFiles(t, admin, map[string]string{
		"index.html":           indexHTML("ADMIN"),
		"routes.json":          `["/admin/dashboard", "/admin/klussers/:id", "/franchise/dashboard", "/franchise/settings"]`,
		"assets/x.js":          "console.log('admin')",
		"assets/app-abc123.js": "console.log('admin app')",
	})
	return portal, admin
}

var site = web.Site{Brand: "Klusmaat", Phone: "070 123 45 67", Email: "info@klusmaat.nl"}

func newHandler(t *testing.T) *web.Handler {
	t.Helper()
	portal, admin := builds(t)
	h, err := web.New(portal, admin, site)
	if err != nil {
		t.Fatalf("web.New: %v", err)
	}
	return h
}

func get(h http.Handler, method, target string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, target, nil))
	return w
}

func TestPages(t *testing.T) {
	h := newHandler(t)
	tests := []struct {
		path       string
		wantStatus int
		wantApp    string // PORTAL or ADMIN
	}{
		{"/", http.StatusOK, "PORTAL"},
		{"/diensten", http.StatusOK, "PORTAL"},
		{"/diensten/", http.StatusOK, "PORTAL"},
		{"/klusser/dashboard", http.StatusOK, "PORTAL"},
		{"/klusser/werkbon/123", http.StatusOK, "PORTAL"},
		{"/klusser/werkbon/6f1c2b9e-8d4a-4b7e-9c1f-2a3b4c5d6e7f?tab=fotos", http.StatusOK, "PORTAL"},
		{"/klusser/plan-klus/9", http.StatusOK, "PORTAL"},
		{"/admin/dashboard", http.StatusOK, "ADMIN"},
		{"/admin/klussers/42", http.StatusOK, "ADMIN"},
		{"/franchise/settings", http.StatusOK, "ADMIN"},
		// D21: unknown paths are 404 with the portal's 'Oops! Page not found' page.
		{"/bestaat-niet", http.StatusNotFound, "PORTAL"},
		{"/diensten/extra", http.StatusNotFound, "PORTAL"},
		{"/admin/onbekend", http.StatusNotFound, "PORTAL"},
		{"/admin", http.StatusNotFound, "PORTAL"},
		{"/franchise/klussen/1/2", http.StatusNotFound, "PORTAL"},
		// A pattern parameter matches exactly one segment.
		{"/klusser/werkbon", http.StatusNotFound, "PORTAL"},
		{"/klusser/werkbon/", http.StatusNotFound, "PORTAL"},
		{"/klusser/werkbon/1/2", http.StatusNotFound, "PORTAL"},
		// Build files that are no pages.
		{"/routes.json", http.StatusNotFound, "PORTAL"},
		{"/index.html", http.StatusNotFound, "PORTAL"},
		{"/assets", http.StatusNotFound, "PORTAL"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			w := get(h, http.MethodGet, tt.path)
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", w.Code, tt.wantStatus)
			}
			body := w.Body.String()
			if !strings.Contains(body, "<title>"+tt.wantApp+"</title>") {
				t.Errorf("body is not the %s index: %q", tt.wantApp, body)
			}
			if strings.Contains(body, `content=""`) {
				t.Errorf("index served with the empty config meta tag: %q", body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			if cc := w.Header().Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("Cache-Control = %q, want no-cache (HTML is never cached)", cc)
			}
			if strings.Contains(body, "[\"/") {
				t.Errorf("routes.json served instead of a page: %q", body)
			}
		})
	}
}

func TestHeadServesPage(t *testing.T) {
	h := newHandler(t)
	if w := get(h, http.MethodHead, "/diensten"); w.Code != http.StatusOK {
		t.Errorf("HEAD /diensten = %d, want 200", w.Code)
	}
	if w := get(h, http.MethodHead, "/bestaat-niet"); w.Code != http.StatusNotFound {
		t.Errorf("HEAD /bestaat-niet = %d, want 404", w.Code)
	}
}

func TestAssets(t *testing.T) {
	h := newHandler(t)
	const immutable = "public, max-age=31536000, immutable"
	tests := []struct {
		path       string
		wantStatus int
		wantBody   string
		wantCache  string
	}{
		{"/assets/app-abc123.js", http.StatusOK, "console.log('portal')", immutable},
		{"/assets/style-def456.css", http.StatusOK, "body{}", immutable},
		{"/admin/assets/x.js", http.StatusOK, "console.log('admin')", immutable},
		{"/admin/assets/app-abc123.js", http.StatusOK, "console.log('admin app')", immutable},
		{"/favicon.ico", http.StatusOK, "ICO", "public, max-age=3600"},
		{"/robots.txt", http.StatusOK, "User-agent: *", "public, max-age=3600"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			w := get(h, http.MethodGet, tt.path)
			if w.Code != tt.wantStatus || w.Body.String() != tt.wantBody {
				t.Fatalf("answer = %d %q, want %d %q", w.Code, w.Body.String(), tt.wantStatus, tt.wantBody)
			}
			if cc := w.Header().Get("Cache-Control"); cc != tt.wantCache {
				t.Errorf("Cache-Control = %q, want %q", cc, tt.wantCache)
			}
		})
	}

	// A missing asset is a plain 404: no HTML page, and above all no year-long cache.
	for _, p := range []string{"/assets/app-000000.js", "/admin/assets/app-000000.js", "/assets/", "/admin/assets/", "/assets/../../etc/passwd", "/admin/assets/../index.html"} {
		t.Run("missing "+p, func(t *testing.T) {
			w := get(h, http.MethodGet, p)
			if w.Code != http.StatusNotFound {
				t.Fatalf("status = %d, want 404", w.Code)
			}
			if strings.Contains(w.Header().Get("Cache-Control"), "max-age=31536000") {
				t.Errorf("missing file cached for a year: %q", w.Header().Get("Cache-Control"))
			}
			if strings.Contains(w.Body.String(), "root:") {
				t.Errorf("served a file outside the build: %q", w.Body.String())
			}
		})
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	h := newHandler(t)
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch} {
		for _, p := range []string{"/", "/aanvraag", "/assets/app-abc123.js"} {
			w := get(h, m, p)
			if w.Code != http.StatusMethodNotAllowed {
				t.Errorf("%s %s = %d, want 405", m, p, w.Code)
			}
			if allow := w.Header().Get("Allow"); !strings.Contains(allow, "GET") {
				t.Errorf("%s %s: Allow = %q, want GET listed", m, p, allow)
			}
		}
	}
}

var metaPattern = regexp.MustCompile(`<meta name="klusmaat-config" content="([^"]*)">`)

func TestSiteConfigMeta(t *testing.T) {
	portal, admin := builds(t)
	want := web.Site{Brand: `Klus "maat" <b>&</b> co`, Phone: "+31 70 123", Email: "a&b@example.nl"}
	h, err := web.New(portal, admin, want)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/", "/admin/dashboard", "/bestaat-niet"} {
		body := get(h, http.MethodGet, p).Body.String()
		if strings.Contains(body, "<b>") || strings.Contains(body, `"maat"`) {
			t.Fatalf("%s: brand is not HTML-escaped: %q", p, body)
		}
		m := metaPattern.FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("%s: no filled klusmaat-config meta tag in %q", p, body)
		}
		var got web.Site
		if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &got); err != nil {
			t.Fatalf("%s: meta content %q does not decode: %v", p, m[1], err)
		}
		if got != want {
			t.Errorf("%s: config = %+v, want %+v", p, got, want)
		}
		// The JSON keys the front ends read.
		var keys map[string]any
		_ = json.Unmarshal([]byte(html.UnescapeString(m[1])), &keys)
		for _, k := range []string{"brand", "phone", "email"} {
			if _, ok := keys[k]; !ok {
				t.Errorf("%s: config lacks key %q: %v", p, k, keys)
			}
		}
	}
}

func TestNewRefusesBrokenBuilds(t *testing.T) {
	tests := []struct {
		name    string
		break_  func(t *testing.T, portal, admin string)
		wantErr []string
	}{
		{"portal index missing", func(t *testing.T, portal, admin string) {
			_ = os.Remove(filepath.Join(portal, "index.html"))
		}, []string{"index.html", "make build"}},
		{"admin index missing", func(t *testing.T, portal, admin string) {
			_ = os.Remove(filepath.Join(admin, "index.html"))
		}, []string{"index.html", "make build"}},
		{"meta tag missing", func(t *testing.T, portal, admin string) {
			writeFiles(t, admin, map[string]string{"index.html": "<html><head></head></html>"})
		}, []string{"index.html", "klusmaat-config"}},
		{"routes.json missing", func(t *testing.T, portal, admin string) {
			_ = os.Remove(filepath.Join(portal, "routes.json"))
		}, []string{"routes.json"}},
		{"routes.json not a list", func(t *testing.T, portal, admin string) {
			writeFiles(t, portal, map[string]string{"routes.json": `{"/": true}`})
		}, []string{"routes.json"}},
		{"dist directory missing", func(t *testing.T, portal, admin string) {
			_ = os.RemoveAll(portal)
		}, []string{"index.html"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			portal, admin := builds(t)
			tt.break_(t, portal, admin)
			h, err := web.New(portal, admin, site)
			if err == nil {
				t.Fatalf("web.New accepted a broken build (handler %v)", h)
			}
			for _, s := range tt.wantErr {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not mention %q", err, s)
				}
			}
		})
	}
}

// Prerendered pages: served for their own path, with the brand and contact tokens replaced and
// escaped; other routes and unknown paths get the unrendered shell.
func TestPrerenderedPagesAndTokens(t *testing.T) {
	portal := t.TempDir()
	admin := t.TempDir()
	shell := `<html><head><meta name="klusmaat-config" content=""></head><body><div id="root"></div></body></html>`
	page := func(h1 string) string {
		return `<html><head><meta name="klusmaat-config" content=""><title>%%KLUSMAAT_BRAND%%</title></head><body><div id="root"><h1>` + h1 +
			`</h1><a href="tel:%%KLUSMAAT_PHONE_TEL%%">%%KLUSMAAT_PHONE%%</a> <a href="mailto:%%KLUSMAAT_EMAIL%%">%%KLUSMAAT_EMAIL%%</a></div></body></html>`
	}
	write := func(dir, name, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(portal, "index.html", page("Uw betrouwbare klusmaat dichtbij"))
	write(portal, "shell.html", shell)
	write(portal, "diensten/index.html", page("Onze diensten"))
	write(portal, "routes.json", `["/", "/diensten", "/aanvraag"]`)
	write(admin, "index.html", shell)
	write(admin, "routes.json", `["/admin/dashboard"]`)
	h, err := web.New(portal, admin, web.Site{Brand: `Klus & Co`, Phone: "070 123 45 67", Email: "info@klusmaat.nl"})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) (int, string) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		return w.Code, w.Body.String()
	}
	for path, want := range map[string]string{"/": "Uw betrouwbare klusmaat dichtbij", "/diensten": "Onze diensten"} {
		code, body := get(path)
		if code != 200 || !strings.Contains(body, "<h1>"+want+"</h1>") {
			t.Errorf("%s: %d %s", path, code, body)
		}
		if strings.Contains(body, "%%KLUSMAAT") || !strings.Contains(body, "<title>Klus &amp; Co</title>") ||
			!strings.Contains(body, `href="tel:0701234567"`) || !strings.Contains(body, ">070 123 45 67<") || !strings.Contains(body, "mailto:info@klusmaat.nl") {
			t.Errorf("%s: tokens not filled: %s", path, body)
		}
	}
	if code, body := get("/aanvraag"); code != 200 || strings.Contains(body, "<h1>") {
		t.Errorf("a route without prerendered HTML must get the shell: %d %s", code, body)
	}
	if code, body := get("/bestaat-niet"); code != 404 || strings.Contains(body, "<h1>") {
		t.Errorf("unknown path must get the shell with 404, not the home page: %d %s", code, body)
	}
}

// Scripts and styles go out precompressed when the browser accepts it; HTML is gzipped.
func TestCompressedAssetsAndPages(t *testing.T) {
	portal, admin := t.TempDir(), t.TempDir()
	shell := `<html><head><meta name="klusmaat-config" content=""></head><body><div id="root"></div></body></html>`
	for dir, files := range map[string]map[string]string{
		portal: {"index.html": shell, "routes.json": `["/"]`, "assets/app-1.js": "console.log('plain')",
			"assets/app-1.js.br": "BROTLI", "assets/app-1.js.gz": "GZIP", "assets/style-2.css": "body{}"},
		admin: {"index.html": shell, "routes.json": `["/admin/dashboard"]`},
	} {
		for name, body := range files {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	h, err := web.New(portal, admin, web.Site{Brand: "Klusmaat"})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path, ae string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		if ae != "" {
			r.Header.Set("Accept-Encoding", ae)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	cases := []struct{ ae, encoding, body string }{
		{"gzip, deflate, br", "br", "BROTLI"},
		{"gzip", "gzip", "GZIP"},
		{"br;q=0, gzip;q=0.5", "gzip", "GZIP"},
		{"", "", "console.log('plain')"},
	}
	for _, c := range cases {
		w := get("/assets/app-1.js", c.ae)
		if w.Code != 200 || w.Header().Get("Content-Encoding") != c.encoding || w.Body.String() != c.body ||
			!strings.Contains(w.Header().Get("Content-Type"), "javascript") || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: %d %q %q %q", c.ae, w.Code, w.Header().Get("Content-Encoding"), w.Header().Get("Content-Type"), w.Body.String())
		}
	}
	// No sibling: the plain file, whatever the browser accepts.
	if w := get("/assets/style-2.css", "br"); w.Header().Get("Content-Encoding") != "" || w.Body.String() != "body{}" {
		t.Errorf("css without siblings: %q %q", w.Header().Get("Content-Encoding"), w.Body.String())
	}
	w := get("/", "gzip")
	if w.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("html not gzipped: %v", w.Header())
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.Contains(string(plain), `<div id="root">`) {
		t.Fatalf("gzipped html: %s", plain)
	}
	if w := get("/", ""); w.Header().Get("Content-Encoding") != "" || !strings.Contains(w.Body.String(), `<div id="root">`) {
		t.Fatalf("plain html: %v", w.Header())
	}
}

// Private pages (the status link, D24): served for a secret the check knows, 404 like an unknown
// path for anything else, and 429 with a Retry-After when the visitor has used up its limit.
func TestPrivatePages(t *testing.T) {
	h := newHandler(t)
	h.Private("/status/", func(_ *http.Request, token string) int {
		switch token {
		case "goed":
			return http.StatusOK
		case "te-vaak":
			return http.StatusTooManyRequests
		}
		return http.StatusNotFound
	})
	for _, c := range []struct {
		path  string
		want  int
		retry string
	}{
		{"/status/goed", http.StatusOK, ""},
		{"/status/fout", http.StatusNotFound, ""},
		{"/status/", http.StatusNotFound, ""},
		{"/status/goed/extra", http.StatusNotFound, ""},
		{"/status/te-vaak", http.StatusTooManyRequests, "60"},
	} {
		w := get(h, http.MethodGet, c.path)
		if w.Code != c.want || w.Header().Get("Retry-After") != c.retry || !strings.Contains(w.Body.String(), "PORTAL") {
			t.Errorf("GET %s = %d (Retry-After %q), want %d (%q) with the portal's page", c.path, w.Code, w.Header().Get("Retry-After"), c.want, c.retry)
		}
		if c.path != "/status/" && (w.Header().Get("X-Robots-Tag") != "noindex, nofollow" || w.Header().Get("Referrer-Policy") != "no-referrer") {
			t.Errorf("GET %s: indexable or sends a referrer: %v", c.path, w.Header())
		}
	}
}
