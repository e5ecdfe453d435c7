package files

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// PublicPrefix is where public files are served; the server's PublicFileURL builds the same URLs.
const PublicPrefix = "/files/public/"

// PublicPattern is the ServeMux pattern to mount PublicHandler on.
const PublicPattern = "GET " + PublicPrefix + "{key...}"

// PublicHandler serves the public bucket only (profile and carousel photos, D6), to anyone. The
// key must be one the server generates (owner-uuid/uuid.ext with an image extension), so no path
// can reach another bucket or outside the store; anything else is 404. Keys are never reused, so
// a day of caching is safe.
func PublicHandler(store Storage) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpapi.WriteError(w, r, &httpapi.Error{Status: http.StatusMethodNotAllowed, Code: "method_not_allowed",
				Message: "Deze actie is hier niet mogelijk."})
			return
		}
		key := r.PathValue("key")
		if key == "" && strings.HasPrefix(r.URL.Path, PublicPrefix) {
			key = strings.TrimPrefix(r.URL.Path, PublicPrefix)
		}
		if !validKey(key) || !isImageKey(key) {
			notFound(w, r)
			return
		}
		etag := `"` + strings.ReplaceAll(key, "/", "-") + `"`
		obj, err := store.Open(r.Context(), Profielen, key)
		if errors.Is(err, ErrNotFound) {
			notFound(w, r)
			return
		}
		if err != nil {
			httpapi.WriteError(w, r, httpapi.Internal(err))
			return
		}
		defer obj.Body.Close()
		ft := servedType(obj.ContentType, PhotoUpload)
		if ft.Ext == "bin" {
			// Only images are ever stored here; anything else is not served.
			slog.WarnContext(r.Context(), "files: public file with unexpected content type", "key", key, "content_type", obj.ContentType)
			notFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Cache-Control", PublicCacheControl)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("ETag", etag)
		if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Type", ft.ContentType)
		h.Set("Content-Length", strconv.FormatInt(obj.Size, 10))
		if !obj.ModTime.IsZero() {
			h.Set("Last-Modified", obj.ModTime.UTC().Format(http.TimeFormat))
		}
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodHead {
			return
		}
		if _, err := io.Copy(w, obj.Body); err != nil {
			slog.WarnContext(r.Context(), "files: public download interrupted", "err", err)
		}
	})
}

func isImageKey(key string) bool {
	for _, t := range PhotoUpload.Types {
		if strings.HasSuffix(key, "."+t.Ext) {
			return true
		}
	}
	return false
}

func notFound(w http.ResponseWriter, r *http.Request) {
	httpapi.WriteError(w, r, httpapi.NotFound("not_found", "Dit bestand bestaat niet."))
}
