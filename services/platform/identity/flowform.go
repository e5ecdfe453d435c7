package identity

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// flowKeys are the fields of a self-service submission that the limits read: who the account is
// (identifier, or password_identifier, which Kratos's password method still accepts; email in
// recovery and verification), and whether a code is e-mailed (method, code, resend, address).
// Kratos reads each of them from one place; the limits must read the same value, so each may
// occur once, spelled exactly so, and only as a string.
var flowKeys = []string{"identifier", "password_identifier", "email", "method", "code", "resend", "address"}

// flowForm is what a self-service submission says in the fields of flowKeys.
type flowForm map[string]string

// readFlowForm reads a submission to Kratos (query and body) the way Kratos will, and puts the
// body back for it. Kratos (ory/x decoderx) takes a JSON object's top-level keys exactly as
// spelled, the last of a repeated key, a number as its digits, and for recovery and verification
// the query over the body; a form's first value; a media type from a comma-separated list. The
// limits cannot follow every one of those rules safely, so what could be read two ways is
// refused instead, with a Dutch message: a media type other than exactly JSON or a URL-encoded
// form, a body that is not one JSON object or a valid form, a field of flowKeys given twice (in
// the body, in the query and the body, or in another case such as IDENTIFIER) or not as text, and
// a control character anywhere (Kratos stores some fields; PostgreSQL refuses U+0000 with a 500).
func readFlowForm(r *http.Request) (flowForm, *httpapi.Error) {
	query, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, unreadable()
	}
	fields := formFields(query)
	body, herr := readBody(r)
	if herr != nil {
		return nil, herr
	}
	if len(body) > 0 || r.Method == http.MethodPost {
		bodyFields, herr := parseBody(r.Header.Values("Content-Type"), body)
		if herr != nil {
			return nil, herr
		}
		fields = append(fields, bodyFields...)
	}

	form := flowForm{}
	seen := map[string]bool{}
	for _, f := range fields {
		// Invalid UTF-8 is refused too: Go and Kratos's JSON reader would repair it differently.
		if !utf8.ValidString(f.key) || !utf8.ValidString(f.value) || !httpapi.TextOK(f.key, false) || !httpapi.TextOK(f.value, false) {
			return nil, httpapi.TextError(safeName(f.key))
		}
		folded := httpapi.FoldCase(f.key)
		for _, k := range flowKeys {
			if folded != httpapi.FoldCase(k) {
				continue
			}
			if f.key != k || seen[k] {
				return nil, httpapi.BadRequest("duplicate_field", fmt.Sprintf("Het veld %s staat meer dan één keer in het verzoek.", k),
					map[string]string{k: "Dit veld staat meer dan één keer in het verzoek."})
			}
			if !f.text {
				return nil, httpapi.BadRequest("invalid_field", fmt.Sprintf("Het veld %s heeft een ongeldige waarde.", k),
					map[string]string{k: "Ongeldige waarde."})
			}
			seen[k] = true
			form[k] = f.value
		}
	}
	if seen["identifier"] && seen["password_identifier"] {
		return nil, httpapi.BadRequest("duplicate_field", "Het verzoek noemt het account twee keer.",
			map[string]string{"identifier": "Dit veld staat meer dan één keer in het verzoek."})
	}
	return form, nil
}

// account is the account a submission names, normalised as Kratos looks it up (lower case,
// trimmed); "" when it names none.
func (f flowForm) account(flow string) string {
	id := f["identifier"]
	if id == "" {
		id = f["password_identifier"]
	}
	if flow == "recovery" || flow == "verification" {
		id = f["email"]
	}
	return strings.ToLower(strings.TrimSpace(id))
}

// sendsCode reports whether the submission asks Kratos to e-mail a code: recovery and
// verification with an address, and sign-in by e-mailed code (method code without a code, or a
// resend).
func (f flowForm) sendsCode(flow string) bool {
	switch flow {
	case "recovery", "verification":
		return f["email"] != ""
	case "login":
		return f["resend"] != "" || f["address"] != "" || f["method"] == "code" && f["code"] == ""
	}
	return false
}

// field is one key and value of a submission; text is false for a JSON value that is no string.
type field struct {
	key, value string
	text       bool
}

// formFields lists every value of a query or form, each as text.
func formFields(values url.Values) []field {
	var out []field
	for k, vs := range values {
		for _, v := range vs {
			out = append(out, field{key: k, value: v, text: true})
		}
	}
	return out
}

func readBody(r *http.Request) ([]byte, *httpapi.Error) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, httpapi.MaxBodyBytes+1))
	if err != nil {
		return nil, unreadable()
	}
	if len(body) > httpapi.MaxBodyBytes {
		return nil, &httpapi.Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Message: "Het verzoek is te groot."}
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	return body, nil
}

// parseBody reads a JSON object's top-level fields or a URL-encoded form. The media type must be
// one of those two, given once and alone, compared without regard to case as Kratos does.
func parseBody(contentTypes []string, body []byte) ([]field, *httpapi.Error) {
	unsupported := &httpapi.Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type",
		Message: "Stuur de gegevens als JSON of als formulier."}
	if len(contentTypes) != 1 || strings.Contains(contentTypes[0], ",") {
		return nil, unsupported
	}
	mt, _, err := mime.ParseMediaType(contentTypes[0])
	if err != nil {
		return nil, unsupported
	}
	switch mt {
	case "application/json":
		return jsonFields(body)
	case "application/x-www-form-urlencoded":
		values, err := url.ParseQuery(string(body))
		if err != nil {
			return nil, unreadable()
		}
		return formFields(values), nil
	}
	return nil, unsupported
}

// jsonFields reads exactly one JSON object: its top-level keys in order, with string values as
// text and other values as their JSON. Strings nested deeper are checked for control characters.
func jsonFields(body []byte) ([]field, *httpapi.Error) {
	if !utf8.Valid(body) {
		return nil, unreadable()
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, unreadable()
	}
	var out []field
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, unreadable()
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, unreadable()
		}
		f := field{key: key, value: string(raw)}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			f.value, f.text = s, true
		} else if !nestedTextOK(raw) {
			return nil, httpapi.TextError(safeName(key))
		}
		out = append(out, f)
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, unreadable()
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, unreadable() // a second value or trailing data
	}
	return out, nil
}

// nestedTextOK checks every key and string inside a JSON value (such as transient_payload).
func nestedTextOK(raw json.RawMessage) bool {
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		tok, err := dec.Token()
		if err != nil {
			return true
		}
		if s, ok := tok.(string); ok && !httpapi.TextOK(s, false) {
			return false
		}
	}
}

// safeName is a field name fit to echo in a message.
func safeName(key string) string {
	if httpapi.TextOK(key, false) && len(key) <= 64 {
		return key
	}
	return "onbekend"
}

func unreadable() *httpapi.Error {
	return httpapi.BadRequest("invalid_body", "Het verzoek kon niet worden gelezen.", nil)
}
