package files_test

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

func readForm(ct string, body []byte, fields ...string) (*files.Form, error) {
	r := httptest.NewRequest(http.MethodPost, "/api/v1/aanmeldingen/x/documenten", bytes.NewReader(body))
	r.Header.Set("Content-Type", ct)
	return files.ReadForm(r, files.DocumentUpload, fields...)
}

// Control characters in an upload's text fields or file name are a 400 with a Dutch field message
// (U+0000 in the notes used to reach the database and answer 500); notes keep their lines.
func TestReadFormRefusesControlCharacters(t *testing.T) {
	for _, c := range []struct {
		name, field string
		fields      [][2]string
		fileName    string
	}{
		{"NUL in notes", "notes", [][2]string{{"document_type", "vog"}, {"notes", "a\x00b"}}, "vog.pdf"},
		{"escape in notes", "notes", [][2]string{{"notes", "\x1b[2Jweg"}}, "vog.pdf"},
		{"NUL in type", "document_type", [][2]string{{"document_type", "vog\x00"}}, "vog.pdf"},
		{"right-to-left override in the file name", "file", nil, "factuur\u202efdp.exe"},
	} {
		ct, body := multipartBody(t, c.fields, c.fileName, pdfBytes())
		_, err := readForm(ct, body, "document_type", "notes")
		var e *httpapi.Error
		if !errors.As(err, &e) || e.Status != http.StatusBadRequest || e.Fields[c.field] == "" {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// RFC 2231 encoding of the name decodes to the same characters: refused as well.
	for _, name := range []string{"a%00b.pdf", "a%0Ab.pdf"} {
		body := "--b\r\nContent-Disposition: form-data; name=\"file\"; filename*=UTF-8''" + name + "\r\n\r\n%PDF-1.4\r\n--b--\r\n"
		var e *httpapi.Error
		if _, err := readForm("multipart/form-data; boundary=b", []byte(body)); !errors.As(err, &e) || e.Fields["file"] == "" {
			t.Errorf("encoded %s in the file name: %v", name, err)
		}
	}

	ct, b := multipartBody(t, [][2]string{{"document_type", "vog"}, {"notes", "Eerste regel\n\tTweede"}}, "Verklaring (2026).pdf", pdfBytes())
	form, err := readForm(ct, b, "document_type", "notes")
	if err != nil || form.Values["notes"] != "Eerste regel\n\tTweede" || form.File == nil || form.File.Name != "Verklaring (2026).pdf" {
		t.Fatalf("good form: %+v %v", form, err)
	}
	if !strings.HasPrefix(string(form.File.Data), "%PDF") {
		t.Fatalf("file data %q", form.File.Data[:8])
	}
}

// FuzzReadForm: whatever the body and its Content-Type, ReadForm answers a form whose text is
// clean and whose file is within the limit, or a 4xx with a Dutch message; it never panics.
func FuzzReadForm(f *testing.F) {
	ct, body := multipartBody(f, [][2]string{{"document_type", "vog"}, {"notes", "Eerste\nTweede"}}, "vog.pdf", pdfBytes())
	f.Add(ct, body)
	ct, body = multipartBody(f, [][2]string{{"notes", "a\x00"}, {"notes", "dubbel"}}, "", nil)
	f.Add(ct, body)
	f.Add("multipart/form-data; boundary=b", []byte("--b\r\nContent-Disposition: form-data; name=\"file\"; filename*=UTF-8''a%00b.pdf\r\n\r\n%PDF-1.4\r\n--b--\r\n"))
	f.Add("multipart/form-data; boundary=b", []byte("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n\r\n--b"))
	f.Add("multipart/form-data; boundary=\"\"", []byte("--\r\n"))
	f.Add("multipart/mixed; boundary=b", []byte("--b--\r\n"))
	f.Add("Multipart/Form-Data; BOUNDARY=b", []byte("--b\r\nContent-Disposition: form-data; name=\"notes\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n=00=1B\r\n--b--\r\n"))
	f.Fuzz(func(t *testing.T, ct string, body []byte) {
		form, err := readForm(ct, body, "document_type", "notes")
		if err != nil {
			var e *httpapi.Error
			if !errors.As(err, &e) || e.Status < 400 || e.Status >= 500 || e.Message == "" {
				t.Fatalf("error %v is not a 4xx with a message", err)
			}
			return
		}
		for name, v := range form.Values {
			if name != "document_type" && name != "notes" {
				t.Fatalf("unknown field %q accepted", name)
			}
			if !httpapi.TextOK(v, true) || !utf8Valid(v) {
				t.Fatalf("field %s accepted with %q", name, v)
			}
		}
		if form.File != nil {
			if !httpapi.TextOK(form.File.Name, false) {
				t.Fatalf("file name %q accepted", form.File.Name)
			}
			if int64(len(form.File.Data)) > files.DocumentUpload.MaxBytes {
				t.Fatalf("file of %d bytes accepted", len(form.File.Data))
			}
		}
	})
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// An upload to a record: the record's id from the path and the form; an id that is no UUID is the
// route's own "not found", before the body is read (an empty body would otherwise be a 415).
func TestReadIDForm(t *testing.T) {
	notFound := errors.New("aanmelding niet gevonden")
	ct, body := multipartBody(t, [][2]string{{"document_type", "vog"}}, "vog.pdf", pdfBytes())
	r := httptest.NewRequest(http.MethodPost, "/api/v1/aanmeldingen/x/documenten", bytes.NewReader(body))
	r.Header.Set("Content-Type", ct)
	id := "0b7d2a4e-9c1f-4f55-8f39-3f2d7c1e6a10"
	r.SetPathValue("id", id)
	got, form, err := files.ReadIDForm(r, notFound, files.DocumentUpload, "document_type", "notes")
	if err != nil || got.String() != id || form.Values["document_type"] != "vog" || form.File == nil {
		t.Fatalf("ReadIDForm = %v, %+v, %v; want the id and the form", got, form, err)
	}
	bad := httptest.NewRequest(http.MethodPost, "/api/v1/aanmeldingen/x/documenten", nil)
	bad.SetPathValue("id", "123")
	if _, _, err := files.ReadIDForm(bad, notFound, files.DocumentUpload); !errors.Is(err, notFound) {
		t.Errorf("a malformed id: %v, want the route's not found", err)
	}
}
