package servertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/pdftest"
)

// Call makes an API request as handle and decodes the answer into out (when not nil).
func (p *Portal) Call(t testing.TB, handle, method, path string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	status, b, err := p.send(handle, method, path, "application/json", rd)
	if err != nil {
		t.Error(err)
		return 0
	}
	decodeInto(t, method, path, status, b, out)
	return status
}

// send makes a request as handle, with the CSRF header and a body of contentType, and returns the
// answer's status and body.
func (p *Portal) send(handle, method, target, contentType string, body io.Reader) (int, []byte, error) {
	req, err := http.NewRequest(method, p.URL+target, body)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w", target, err)
	}
	req.Header.Set(httpapi.CSRFHeader, "1")
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("X-Test-User", handle)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w", target, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, nil
}

// decodeInto decodes the answer b into out (when not nil); an answer that is not out's JSON fails t.
func decodeInto(t testing.TB, method, path string, status int, b []byte, out any) {
	t.Helper()
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Errorf("%s %s: %d %s", method, path, status, b)
		}
	}
}

// multipartBody is a multipart form of fields (name, value), then the file part "file" named
// name with data when name is not empty; it returns the body and its content type.
func multipartBody(fields [][2]string, name string, data []byte) (io.Reader, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, f := range fields {
		_ = mw.WriteField(f[0], f[1])
	}
	if name != "" {
		fw, _ := mw.CreateFormFile("file", name)
		_, _ = fw.Write(data)
	}
	_ = mw.Close()
	return &body, mw.FormDataContentType()
}

// Form sends a multipart form as handle: fields, and a file when name is not empty.
func (p *Portal) Form(t testing.TB, handle, method, path string, fields map[string]string, name string, data []byte, out any) int {
	t.Helper()
	pairs := make([][2]string, 0, len(fields))
	for k, v := range fields {
		pairs = append(pairs, [2]string{k, v})
	}
	body, contentType := multipartBody(pairs, name, data)
	status, b, err := p.send(handle, method, path, contentType, body)
	if err != nil {
		t.Fatal(err)
	}
	decodeInto(t, method, path, status, b, out)
	return status
}

// RawCall sends method and target (escaped as it stands) as handle, with body, and returns the
// status and the error code of the answer.
func (p *Portal) RawCall(t *testing.T, handle, method, target, body string) (int, string) {
	t.Helper()
	status, b, err := p.send(handle, method, target, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var e APIError
	_ = json.Unmarshal(b, &e)
	if status >= 400 && e.Error.Message == "" && status != http.StatusNotFound {
		t.Errorf("%s %s: %d without a Dutch message: %s", method, target, status, b)
	}
	return status, e.Error.Code
}

// PostFile sends one file as the multipart part "file" to path, as handle, after the form fields
// (name, value) given.
func PostFile(t testing.TB, p *Portal, handle, path, name string, data []byte, fields ...[2]string) (int, []byte) {
	t.Helper()
	body, contentType := multipartBody(fields, name, data)
	status, b, err := p.send(handle, http.MethodPost, path, contentType, body)
	if err != nil {
		t.Fatal(err)
	}
	return status, b
}

// UploadPhoto adds a photo of type typ to work order w as handle, as the offline queue sends it.
func UploadPhoto(t testing.TB, p *Portal, handle string, w uuid.UUID, typ string, clientID uuid.UUID) (int, []byte) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	var pic bytes.Buffer
	_ = png.Encode(&pic, img)
	return PostFile(t, p, handle, "/api/v1/werkbonnen/"+w.String()+"/fotos", "foto.png", pic.Bytes(),
		[2]string{"type", typ}, [2]string{"client_id", clientID.String()})
}

// StatusOf reads the status page's JSON as a visitor (no X-Test-User): its status and raw body.
func StatusOf(t *testing.T, p *Portal, token string) (int, map[string]any, string) {
	t.Helper()
	resp, err := http.Get(p.URL + "/api/v1/status/" + token)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	raw := new(strings.Builder)
	_ = json.NewDecoder(io.TeeReader(resp.Body, raw)).Decode(&body)
	if resp.StatusCode == http.StatusOK && (resp.Header.Get("Referrer-Policy") != "no-referrer" || !strings.Contains(resp.Header.Get("X-Robots-Tag"), "noindex")) {
		t.Errorf("status answer headers: Referrer-Policy %q, X-Robots-Tag %q", resp.Header.Get("Referrer-Policy"), resp.Header.Get("X-Robots-Tag"))
	}
	return resp.StatusCode, body, raw.String()
}

// PDFText downloads an invoice's PDF as handle and returns its text (pdftotext -layout).
func PDFText(t *testing.T, p *Portal, handle string, id uuid.UUID) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, p.URL+"/api/v1/facturen/"+id.String()+"/pdf", nil)
	req.Header.Set("X-Test-User", handle)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	pdf, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("PDF download: %d", resp.StatusCode)
	}
	if dir := os.Getenv("KLUSMAAT_KEEP_PDF"); dir != "" { // to look at it: pdftoppm -png
		_ = os.WriteFile(fmt.Sprintf("%s/factuur-%s.pdf", dir, id), pdf, 0o644)
	}
	return pdftest.Text(t, pdf)
}

// APIError is the JSON of a refusal (httpapi.ErrorBody with the fields a test reads).
type APIError struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}
