// Package web serves the two front-end builds: admin-ui for /admin/* and /franchise/*, portal-ui
// for everything else. Each build ships routes.json, the list of paths its router renders; a path
// in neither list answers HTTP 404 with the portal's 'Oops! Page not found' page (D21), so search
// engines see it as missing. Hashed assets are cached for a year; HTML never.
package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Site is the configuration the front ends show (D19). It reaches them through a meta tag in the
// HTML, so the builds stay the same for every brand and no inline script is needed.
type Site struct {
	Brand string `json:"brand"`
	Phone string `json:"phone"`
	Email string `json:"email"`
}

// Handler serves both front ends.
type Handler struct {
	portal, admin *app
	private       []privatePages
}

// privatePages are pages under a prefix that exist only for a valid secret in the rest of their
// path (the status link, D24).
type privatePages struct {
	prefix string
	check  func(r *http.Request, rest string) int
}

// Private serves the pages under prefix only when check answers http.StatusOK for the rest of the
// path: http.StatusNotFound (or any rest that is empty or has a slash) answers 404 like an unknown
// path (D21); http.StatusTooManyRequests answers the page with 429 and a Retry-After, so that
// guessing secrets costs a visitor its limit, the page's own script then showing why. They are
// never indexed and send no referrer, so the secret in the address does not travel to another
// site. Call before serving.
func (h *Handler) Private(prefix string, check func(r *http.Request, rest string) int) {
	h.private = append(h.private, privatePages{prefix: prefix, check: check})
}

// New loads the builds in portalDir and adminDir (index.html and routes.json of each).
func New(portalDir, adminDir string, site Site) (*Handler, error) {
	portal, err := loadApp(portalDir, "/assets/", site)
	if err != nil {
		return nil, err
	}
	admin, err := loadApp(adminDir, "/admin/assets/", site)
	if err != nil {
		return nil, err
	}
	return &Handler{portal: portal, admin: admin}, nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := path.Clean("/" + r.URL.Path)
	for _, pp := range h.private {
		if rest, ok := strings.CutPrefix(p, pp.prefix); ok {
			w.Header().Set("X-Robots-Tag", "noindex, nofollow")
			w.Header().Set("Referrer-Policy", "no-referrer")
			status := http.StatusNotFound
			if rest != "" && !strings.Contains(rest, "/") {
				status = pp.check(r, rest)
			}
			switch status {
			case http.StatusOK:
			case http.StatusTooManyRequests:
				w.Header().Set("Retry-After", "60")
				h.portal.serveIndex(w, r, p, status)
				return
			default:
				h.portal.serveIndex(w, r, "", http.StatusNotFound)
				return
			}
		}
	}
	switch {
	case strings.HasPrefix(p, h.admin.assets):
		h.admin.serveAsset(w, r, strings.TrimPrefix(p, "/admin"))
	case strings.HasPrefix(p, h.portal.assets):
		h.portal.serveAsset(w, r, p)
	case h.admin.routes.match(p):
		h.admin.serveIndex(w, r, p, http.StatusOK)
	case h.portal.routes.match(p):
		h.portal.serveIndex(w, r, p, http.StatusOK)
	case h.portal.serveRootFile(w, r, p):
	default:
		h.portal.serveIndex(w, r, "", http.StatusNotFound)
	}
}

type app struct {
	dir    string
	assets string // URL prefix of hashed assets
	// shell is the unrendered page every route can start from; pages holds the prerendered HTML
	// of routes that have it (dist/<route>/index.html), keyed by path.
	shell  page
	pages  map[string]page
	routes routeSet
}

// page is a filled HTML page, kept plain and gzipped (once, at start-up).
type page struct {
	plain, gz []byte
}

func newPage(plain []byte) page {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(plain)
	_ = zw.Close()
	return page{plain: plain, gz: buf.Bytes()}
}

// configMeta finds the empty config tag of a build, however the HTML writer closed it.
var configMeta = regexp.MustCompile(`<meta name="klusmaat-config" content=""\s*/?>`)

func loadApp(dir, assets string, site Site) (*app, error) {
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		return nil, fmt.Errorf("web: %w (build the front ends first: make build)", err)
	}
	a := &app{dir: dir, assets: assets, pages: map[string]page{}}
	// A build that prerenders "/" into index.html keeps the unrendered page as shell.html.
	shell := index
	if raw, err := os.ReadFile(filepath.Join(dir, "shell.html")); err == nil {
		shell = raw
		home, err := fill(index, site)
		if err != nil {
			return nil, fmt.Errorf("web: %s/index.html: %w", dir, err)
		}
		a.pages["/"] = newPage(home)
	}
	filledShell, err := fill(shell, site)
	if err != nil {
		return nil, fmt.Errorf("web: %s/index.html (or shell.html): %w", dir, err)
	}
	a.shell = newPage(filledShell)
	// Prerendered routes: dist/<route>/index.html.
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "index.html" || filepath.Dir(path) == filepath.Clean(dir) {
			return err
		}
		rel, _ := filepath.Rel(dir, filepath.Dir(path))
		if strings.HasPrefix(rel, "assets") {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		filled, err := fill(raw, site)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		a.pages["/"+filepath.ToSlash(rel)] = newPage(filled)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}

	raw, err := os.ReadFile(filepath.Join(dir, "routes.json"))
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	var patterns []string
	if err := json.Unmarshal(raw, &patterns); err != nil {
		return nil, fmt.Errorf("web: %s/routes.json: %w", dir, err)
	}
	a.routes = newRouteSet(patterns)
	return a, nil
}

// fill puts the site's configuration into a page: the JSON of the config meta tag, and the
// brand and contact tokens that prerendered pages carry in their text (D19). Every value is
// HTML-escaped.
func fill(page []byte, site Site) ([]byte, error) {
	loc := configMeta.FindIndex(page)
	if loc == nil {
		return nil, errors.New(`lacks <meta name="klusmaat-config" content="">`)
	}
	cfg, _ := json.Marshal(site)
	filled := `<meta name="klusmaat-config" content="` + html.EscapeString(string(cfg)) + `">`
	out := append(append(append([]byte{}, page[:loc[0]]...), filled...), page[loc[1]:]...)
	tel := strings.Map(func(r rune) rune {
		if r == '+' || (r >= '0' && r <= '9') {
			return r
		}
		return -1
	}, site.Phone)
	return []byte(strings.NewReplacer(
		"%%KLUSMAAT_BRAND%%", html.EscapeString(site.Brand),
		"%%KLUSMAAT_PHONE_TEL%%", html.EscapeString(tel),
		"%%KLUSMAAT_PHONE%%", html.EscapeString(site.Phone),
		"%%KLUSMAAT_EMAIL%%", html.EscapeString(site.Email),
	).Replace(string(out))), nil
}

// serveIndex answers with the prerendered page of path if there is one, else the shell.
func (a *app) serveIndex(w http.ResponseWriter, r *http.Request, path string, status int) {
	p, ok := a.pages[path]
	if !ok {
		p = a.shell
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	body := p.plain
	if accepts(r, "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = p.gz
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// accepts reports whether the request's Accept-Encoding allows coding (q=0 refuses it).
func accepts(r *http.Request, coding string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		return q > 0
	}
	return false
}

// serveAsset serves a file under dist/assets. Vite puts a content hash in every asset name, so a
// year of caching is safe; a missing asset is a plain 404 (a browser would not render a page for it).
func (a *app) serveAsset(w http.ResponseWriter, r *http.Request, p string) {
	file := filepath.Join(a.dir, filepath.FromSlash(p))
	if st, err := os.Stat(file); err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Add("Vary", "Accept-Encoding")
	// The build writes .br and .gz siblings of scripts and styles; send the smallest the browser
	// accepts, with the original's type.
	for _, enc := range []struct{ coding, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepts(r, enc.coding) {
			continue
		}
		if st, err := os.Stat(file + enc.ext); err == nil && !st.IsDir() {
			if ct := mime.TypeByExtension(filepath.Ext(file)); ct != "" {
				h.Set("Content-Type", ct)
			}
			h.Set("Content-Encoding", enc.coding)
			http.ServeFile(w, r, file+enc.ext)
			return
		}
	}
	http.ServeFile(w, r, file)
}

// serveRootFile serves an unhashed file at the top of the build (favicon, robots.txt) with a short
// cache. It reports whether there was such a file.
func (a *app) serveRootFile(w http.ResponseWriter, r *http.Request, p string) bool {
	if strings.Count(p, "/") != 1 || p == "/" || strings.HasSuffix(p, ".html") || p == "/routes.json" {
		return false
	}
	file := filepath.Join(a.dir, p[1:])
	if st, err := os.Stat(file); err != nil || st.IsDir() {
		return false
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	http.ServeFile(w, r, file)
	return true
}
