package files

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// formOverhead is what a multipart body may hold besides the file: boundaries, part headers and
// the small text fields.
const formOverhead = 64 << 10

// maxFieldBytes is the largest text field of an upload form.
const maxFieldBytes = 8 << 10

// maxParts is the most parts an upload form may have.
const maxParts = 8

// LimitUpload refuses a request whose body would exceed what a form with one file of kind may
// need, before reading it when the client says its length, and caps the body for clients that do
// not (chunked uploads). A refusal is 413 with the kind's Dutch message.
func LimitUpload(k Kind, next http.Handler) http.Handler {
	limit := k.MaxBytes + formOverhead
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > limit {
			// Nothing has been read; net/http closes the connection rather than drain a large body.
			w.Header().Set("Connection", "close")
			httpapi.WriteError(w, r, errTooLarge(k))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// Form is a parsed upload form: its text fields and its one file (nil when none was chosen).
type Form struct {
	Values map[string]string
	File   *Upload
}

// ReadIDForm is ReadForm for an upload to the record named by the {id} of the request's path: the
// id as httpapi.PathID reads it (an id that is no UUID is notFound, before the body is read), then
// the form.
func ReadIDForm(r *http.Request, notFound error, k Kind, fields ...string) (uuid.UUID, *Form, error) {
	id, err := httpapi.PathID(r, notFound)
	if err != nil {
		return uuid.Nil, nil, err
	}
	form, err := ReadForm(r, k, fields...)
	return id, form, err
}

// ReadForm reads a multipart/form-data body with one file in the part named "file" and the text
// fields named in fields. It streams the parts instead of spooling them to disk, stops reading as
// soon as the file exceeds the kind's limit, and refuses unknown or repeated fields. The body
// should be capped by LimitUpload.
func ReadForm(r *http.Request, k Kind, fields ...string) (*Form, error) {
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "multipart/form-data" {
		return nil, &httpapi.Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type",
			Message: "Stuur het bestand als formulier (multipart/form-data)."}
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, httpapi.BadRequest("invalid_form", "Het formulier kon niet worden gelezen.", nil)
	}
	form := &Form{Values: map[string]string{}}
	seenFile := false
	for parts := 0; ; parts++ {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, formError(k, err)
		}
		if parts >= maxParts {
			p.Close()
			return nil, httpapi.BadRequest("invalid_form", "Het formulier bevat te veel velden.", nil)
		}
		name := p.FormName()
		switch {
		case name == "file":
			if seenFile {
				p.Close()
				return nil, httpapi.BadRequest("too_many_files", "Stuur één bestand tegelijk.", map[string]string{"file": "Stuur één bestand tegelijk."})
			}
			seenFile = true
			data, err := io.ReadAll(io.LimitReader(p, k.MaxBytes+1))
			if err != nil {
				p.Close()
				return nil, formError(k, err)
			}
			if int64(len(data)) > k.MaxBytes {
				// Stop here: the rest of the file is never read.
				p.Close()
				return nil, errTooLarge(k)
			}
			// A browser sends an empty part without a name when no file was chosen. A name is one
			// line of text; it is shown in lists and downloads, so a control character is refused.
			if !httpapi.TextOK(p.FileName(), false) {
				p.Close()
				return nil, httpapi.BadRequest("invalid_file_name", "De bestandsnaam bevat een teken dat niet is toegestaan.",
					map[string]string{"file": "De bestandsnaam bevat een teken dat niet is toegestaan. Geef het bestand een andere naam."})
			}
			if len(data) > 0 || p.FileName() != "" {
				form.File = &Upload{Name: p.FileName(), Data: data}
			}
		case contains(fields, name):
			if _, dup := form.Values[name]; dup {
				p.Close()
				return nil, httpapi.BadRequest("duplicate_field", "Het veld "+name+" staat dubbel in het formulier.", map[string]string{name: "Dubbel veld."})
			}
			data, err := io.ReadAll(io.LimitReader(p, maxFieldBytes+1))
			if err != nil {
				p.Close()
				return nil, formError(k, err)
			}
			if len(data) > maxFieldBytes {
				p.Close()
				return nil, httpapi.BadRequest("field_too_long", "Het veld "+name+" is te lang.", map[string]string{name: "Te lang."})
			}
			if !utf8.Valid(data) {
				p.Close()
				return nil, httpapi.BadRequest("invalid_field", "Het veld "+name+" heeft een ongeldige waarde.", map[string]string{name: "Ongeldige waarde."})
			}
			// Text fields may span lines (notes); the one-line ones are checked against their
			// few allowed values by the service.
			if !httpapi.TextOK(string(data), true) {
				p.Close()
				return nil, httpapi.TextError(name)
			}
			form.Values[name] = string(data)
		default:
			p.Close()
			return nil, httpapi.BadRequest("unknown_field", "Het formulier bevat een onbekend veld: "+name+".", map[string]string{name: "Onbekend veld."})
		}
		p.Close()
	}
	return form, nil
}

func formError(k Kind, err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return errTooLarge(k)
	}
	return httpapi.BadRequest("invalid_form", "Het formulier kon niet worden gelezen.", nil)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
