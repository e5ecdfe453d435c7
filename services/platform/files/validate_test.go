package files_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

func TestSniffRecognisesByContent(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want string // extension, "" for not accepted
	}{
		{"jpeg", jpegBytes(t), "jpg"},
		{"png", pngBytes(t), "png"},
		{"webp", webpBytes(), "webp"},
		{"pdf", pdfBytes(), "pdf"},
		{"doc (OLE with a WordDocument stream)", cfbBytes("WordDocument"), "doc"},
		{"docx", docxBytes(t), "docx"},
		{"OLE without WordDocument (xls, msi)", cfbBytes("Workbook"), ""},
		{"zip without word/document.xml", zipBytes(t, "[Content_Types].xml", "xl/workbook.xml"), ""},
		{"docm (macros) posing as docx", zipBytes(t, "[Content_Types].xml", "word/document.xml", "word/vbaProject.bin"), ""},
		{"plain zip", zipBytes(t, "a.txt"), ""},
		{"ELF executable", elfBytes(), ""},
		{"Windows executable", mzBytes(), ""},
		{"shell script", []byte("#!/bin/sh\nrm -rf /\n"), ""},
		{"html", []byte("<!doctype html><script>alert(1)</script>"), ""},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), ""},
		{"jpeg magic before junk", append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, bytes.Repeat([]byte{0x41}, 100)...), ""},
		{"png magic before junk", append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0x41}, 100)...), ""},
		{"truncated OLE header", []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0}, ""},
		{"empty", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ft, ok := files.Sniff(c.data)
			if c.want == "" {
				if ok {
					t.Fatalf("accepted as %s", ft.Ext)
				}
				return
			}
			if !ok || ft.Ext != c.want {
				t.Fatalf("Sniff = %q %v, want %q", ft.Ext, ok, c.want)
			}
		})
	}
}

// The refusals users read, to the letter (document 001 sections 5 and 9).
func TestRefusalTexts(t *testing.T) {
	for _, c := range []struct {
		kind                 files.Kind
		tooLarge, notAllowed string
	}{
		{files.PhotoUpload, "Bestand mag maximaal 5MB zijn", "Dit bestandstype is niet toegestaan. Kies een foto (JPG, PNG of WebP)."},
		{files.DocumentUpload, "Bestand mag maximaal 10MB zijn", "Dit bestandstype is niet toegestaan. Kies een PDF, JPG, PNG of Word-bestand (DOC of DOCX)."},
		{files.VOGUpload, "Bestand mag maximaal 10MB zijn", "Dit bestandstype is niet toegestaan. Upload de VOG als PDF, JPG of PNG."},
	} {
		if got := c.kind.TooLarge(); got != c.tooLarge {
			t.Errorf("%s: too large %q, want %q", c.kind.Name, got, c.tooLarge)
		}
		if got := c.kind.NotAllowed(); got != c.notAllowed {
			t.Errorf("%s: not allowed %q, want %q", c.kind.Name, got, c.notAllowed)
		}
	}
}

func TestValidateUploads(t *testing.T) {
	big := append(jpegBytes(t), make([]byte, files.MaxPhotoBytes)...) // a JPEG with trailing bytes past 5 MB
	cases := []struct {
		name   string
		kind   files.Kind
		up     *files.Upload
		status int
		code   string
		msg    string
		want   string // accepted extension
	}{
		{"no file", files.PhotoUpload, nil, 400, "file_required", "Selecteer een bestand", ""},
		{"empty file", files.PhotoUpload, &files.Upload{Name: "a.jpg"}, 400, "file_empty", "Het bestand is leeg.", ""},
		{"photo over 5MB", files.PhotoUpload, &files.Upload{Name: "groot.jpg", Data: big}, 413, "file_too_large", "Bestand mag maximaal 5MB zijn", ""},
		{"photo at exactly 5MB", files.PhotoUpload, &files.Upload{Name: "precies.jpg", Data: big[:files.MaxPhotoBytes]}, 0, "", "", "jpg"},
		{"jpeg", files.PhotoUpload, &files.Upload{Name: "voor.JPG", Data: jpegBytes(t)}, 0, "", "", "jpg"},
		{"jpeg named .jpeg", files.PhotoUpload, &files.Upload{Name: "voor.jpeg", Data: jpegBytes(t)}, 0, "", "", "jpg"},
		{"png without extension", files.PhotoUpload, &files.Upload{Name: "blob", Data: pngBytes(t)}, 0, "", "", "png"},
		{"pdf renamed .jpg as photo", files.PhotoUpload, &files.Upload{Name: "foto.jpg", Data: pdfBytes()}, 415, "file_type_not_allowed", "Dit bestandstype is niet toegestaan. Kies een foto (JPG, PNG of WebP).", ""},
		{"executable renamed .png as photo", files.PhotoUpload, &files.Upload{Name: "foto.png", Data: elfBytes()}, 415, "file_type_not_allowed", "Dit bestandstype is niet toegestaan. Kies een foto (JPG, PNG of WebP).", ""},
		{"png renamed .jpg", files.PhotoUpload, &files.Upload{Name: "foto.jpg", Data: pngBytes(t)}, 415, "file_type_mismatch", "", ""},
		{"jpeg named .exe", files.PhotoUpload, &files.Upload{Name: "foto.exe", Data: jpegBytes(t)}, 415, "file_type_not_allowed", "", ""},
		{"pdf document", files.DocumentUpload, &files.Upload{Name: "VOG.pdf", Data: pdfBytes()}, 0, "", "", "pdf"},
		{"docx document", files.DocumentUpload, &files.Upload{Name: "contract.docx", Data: docxBytes(t)}, 0, "", "", "docx"},
		{"doc document", files.DocumentUpload, &files.Upload{Name: "oud.doc", Data: cfbBytes("WordDocument")}, 0, "", "", "doc"},
		{"scan as jpeg document", files.DocumentUpload, &files.Upload{Name: "id.jpeg", Data: jpegBytes(t)}, 0, "", "", "jpg"},
		{"webp is no document", files.DocumentUpload, &files.Upload{Name: "id.webp", Data: webpBytes()}, 415, "file_type_not_allowed", "", ""},
		{"ELF renamed .pdf", files.DocumentUpload, &files.Upload{Name: "vog.pdf", Data: elfBytes()}, 415, "file_type_not_allowed", "Dit bestandstype is niet toegestaan. Kies een PDF, JPG, PNG of Word-bestand (DOC of DOCX).", ""},
		{"MZ renamed .pdf", files.DocumentUpload, &files.Upload{Name: "vog.pdf", Data: mzBytes()}, 415, "file_type_not_allowed", "Dit bestandstype is niet toegestaan. Kies een PDF, JPG, PNG of Word-bestand (DOC of DOCX).", ""},
		{"pdf renamed .jpg as document", files.DocumentUpload, &files.Upload{Name: "vog.jpg", Data: pdfBytes()}, 415, "file_type_mismatch", "", ""},
		{"msi renamed .doc", files.DocumentUpload, &files.Upload{Name: "brief.doc", Data: cfbBytes("SummaryInformation")}, 415, "file_type_not_allowed", "", ""},
		{"zip renamed .docx", files.DocumentUpload, &files.Upload{Name: "brief.docx", Data: zipBytes(t, "payload.exe")}, 415, "file_type_not_allowed", "", ""},
		{"document over 10MB", files.DocumentUpload, &files.Upload{Name: "groot.pdf", Data: append(pdfBytes(), make([]byte, files.MaxDocumentBytes)...)}, 413, "file_too_large", "Bestand mag maximaal 10MB zijn", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ft, err := c.kind.Validate(c.up)
			if c.want != "" {
				if err != nil || ft.Ext != c.want {
					t.Fatalf("Validate = %q, %v; want %q", ft.Ext, err, c.want)
				}
				return
			}
			if domainerr.As(err) == nil {
				t.Fatalf("Validate error %v, want a domain error", err)
			}
			e := httpapi.Answer(context.Background(), err) // what the user is answered
			if e.Status != c.status || e.Code != c.code {
				t.Errorf("error %d %s (%q), want %d %s", e.Status, e.Code, e.Message, c.status, c.code)
			}
			if c.msg != "" && e.Message != c.msg {
				t.Errorf("message %q, want %q", e.Message, c.msg)
			}
			if e.Fields["file"] == "" {
				t.Errorf("no message for the file field: %v", e.Fields)
			}
		})
	}
}

func TestCleanFileName(t *testing.T) {
	cases := map[string]string{
		"VOG Jan.pdf":                   "VOG Jan.pdf",
		"../../etc/passwd.pdf":          "passwd.pdf",
		`C:\Users\jan\Bureaublad\x.pdf`: "x.pdf",
		"a\x00b\nc\".pdf":               "abc.pdf",
		"":                              "bestand.pdf",
		"..":                            "bestand.pdf",
		"  ":                            "bestand.pdf",
		"Één verklaring.pdf":            "Één verklaring.pdf",
	}
	for in, want := range cases {
		if got := files.CleanFileName(in, files.PDF); got != want {
			t.Errorf("CleanFileName(%q) = %q, want %q", in, got, want)
		}
	}
	if got := files.CleanFileName(strings.Repeat("a", 500)+".pdf", files.PDF); len([]rune(got)) != 200 || !strings.HasSuffix(got, ".pdf") {
		t.Errorf("long name: %d runes, %q", len([]rune(got)), got[len(got)-8:])
	}
}

// countingReader counts what a handler reads of a body.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func (c *countingReader) Close() error { return nil }

func formHandler(kind files.Kind, got **files.Form) http.Handler {
	return files.LimitUpload(kind, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := files.ReadForm(r, kind, "type")
		if err != nil {
			httpapi.WriteError(w, r, err)
			return
		}
		*got = f
		w.WriteHeader(http.StatusNoContent)
	}))
}

func TestLimitUploadRefusesBeforeReading(t *testing.T) {
	ct, body := multipartBody(t, [][2]string{{"type", "before"}}, "groot.jpg", make([]byte, files.MaxPhotoBytes+100<<10))
	cr := &countingReader{r: bytes.NewReader(body)}
	r := httptest.NewRequest(http.MethodPost, "/upload", cr)
	r.Header.Set("Content-Type", ct)
	r.ContentLength = int64(len(body))
	w := httptest.NewRecorder()
	var form *files.Form
	formHandler(files.PhotoUpload, &form).ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), "Bestand mag maximaal 5MB zijn") {
		t.Fatalf("%d %s", w.Code, w.Body.String())
	}
	if cr.n != 0 {
		t.Errorf("read %d bytes of a body that announced itself too large", cr.n)
	}
}

func TestReadFormStopsAtTheLimitWithoutContentLength(t *testing.T) {
	ct, body := multipartBody(t, [][2]string{{"type", "before"}}, "groot.jpg", make([]byte, 3*files.MaxPhotoBytes))
	cr := &countingReader{r: bytes.NewReader(body)}
	r := httptest.NewRequest(http.MethodPost, "/upload", cr)
	r.Header.Set("Content-Type", ct)
	r.ContentLength = -1 // chunked
	w := httptest.NewRecorder()
	var form *files.Form
	formHandler(files.PhotoUpload, &form).ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), "Bestand mag maximaal 5MB zijn") {
		t.Fatalf("%d %s", w.Code, w.Body.String())
	}
	if cr.n > files.MaxPhotoBytes+200<<10 {
		t.Errorf("read %d bytes, more than the limit needs", cr.n)
	}
}

func TestReadForm(t *testing.T) {
	send := func(ct string, body []byte) (*httptest.ResponseRecorder, *files.Form) {
		r := httptest.NewRequest(http.MethodPost, "/upload", bytes.NewReader(body))
		r.Header.Set("Content-Type", ct)
		w := httptest.NewRecorder()
		var form *files.Form
		formHandler(files.PhotoUpload, &form).ServeHTTP(w, r)
		return w, form
	}
	img := jpegBytes(t)

	ct, body := multipartBody(t, [][2]string{{"type", "after"}}, "na.jpg", img)
	w, form := send(ct, body)
	if w.Code != http.StatusNoContent || form.Values["type"] != "after" || form.File == nil || form.File.Name != "na.jpg" || !bytes.Equal(form.File.Data, img) {
		t.Fatalf("good form: %d %s %+v", w.Code, w.Body.String(), form)
	}

	// No file chosen: browsers send an empty, nameless file part; the service says 'Selecteer een bestand'.
	ct, body = multipartBody(t, [][2]string{{"type", "after"}}, "", []byte{})
	if w, form := send(ct, body); w.Code != http.StatusNoContent || form.File != nil {
		t.Fatalf("empty file part: %d %+v", w.Code, form)
	}

	refusals := []struct {
		name, ct string
		body     []byte
		status   int
		code     string
	}{
		{"JSON instead of a form", "application/json", []byte(`{"type":"after"}`), 415, "unsupported_media_type"},
		{"unknown field", "", nil, 400, "unknown_field"},
		{"two files", "", nil, 400, "too_many_files"},
		{"truncated body", "", nil, 400, "invalid_form"},
	}
	// unknown field
	ctU, bodyU := multipartBody(t, [][2]string{{"type", "after"}, {"regio", "utrecht"}}, "na.jpg", img)
	refusals[1].ct, refusals[1].body = ctU, bodyU
	// two files
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, n := range []string{"a.jpg", "b.jpg"} {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="file"; filename="`+n+`"`)
		p, _ := mw.CreatePart(h)
		_, _ = p.Write(img)
	}
	_ = mw.Close()
	refusals[2].ct, refusals[2].body = mw.FormDataContentType(), b.Bytes()
	// truncated
	refusals[3].ct, refusals[3].body = ct, body[:len(body)/2]
	for _, c := range refusals {
		w, _ := send(c.ct, c.body)
		if w.Code != c.status || !strings.Contains(w.Body.String(), `"code":"`+c.code+`"`) {
			t.Errorf("%s: %d %s, want %d %s", c.name, w.Code, w.Body.String(), c.status, c.code)
		}
	}
}

func TestMemoryStorageAndKeys(t *testing.T) {
	ctx := context.Background()
	s := files.MemoryStorage()
	defer s.Close()
	key := "0b9a4c36-3a5e-4f7d-9d59-7a4c3e2b1f00/6f2c1c8e-8d8a-4c2b-9b0c-1d2e3f4a5b6c.jpg"
	if err := s.Put(ctx, files.KlusFotos, key, "image/jpeg", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(ctx, files.Profielen, key); !errors.Is(err, files.ErrNotFound) {
		t.Errorf("a private key opened in the public bucket: %v", err)
	}
	obj, err := s.Open(ctx, files.KlusFotos, key)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(obj.Body)
	obj.Body.Close()
	if string(data) != "x" || obj.ContentType != "image/jpeg" {
		t.Errorf("read back %q %q", data, obj.ContentType)
	}
	for _, bad := range []string{"../klus-fotos/" + key, "x.jpg", "/etc/passwd", key + "/../../x", "0b9a4c36-3a5e-4f7d-9d59-7a4c3e2b1f00/../x.jpg"} {
		if err := s.Put(ctx, files.Profielen, bad, "image/jpeg", []byte("x")); !errors.Is(err, files.ErrInvalidKey) {
			t.Errorf("Put(%q) = %v, want ErrInvalidKey", bad, err)
		}
	}
	if err := s.Delete(ctx, files.KlusFotos, key); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, files.KlusFotos, key); err != nil {
		t.Errorf("deleting a missing file: %v", err)
	}
	if _, err := files.OpenStorage(ctx, "ftp://x"); err == nil {
		t.Error("unknown scheme accepted")
	}
}

// The S3 backend cannot be reached from here; this only checks that an s3:// BLOB_URL with the
// usual parameters opens (no request is made until a file is read or written).
func TestOpenStorageAcceptsS3URLs(t *testing.T) {
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	s, err := files.OpenStorage(context.Background(), "s3://klusmaat-test?region=eu-central-1&endpoint=http://127.0.0.1:9&use_path_style=true")
	if err != nil {
		t.Fatalf("open s3: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}

// BLOB_URL's default is relative (file://.data/blobs): it is taken from the working directory,
// and every bucket is a folder of its own.
func TestOpenStorageRelativeFileURL(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	s, err := files.OpenStorage(context.Background(), "file://.data/blobs")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	key := files.NewKey(uuid.New(), files.PNG)
	if err := s.Put(context.Background(), files.Profielen, key, "image/png", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".data", "blobs", "profielen", filepath.FromSlash(key))); err != nil {
		t.Errorf("not stored where expected: %v", err)
	}
}
