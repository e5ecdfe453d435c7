package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// MaxBodyBytes is the largest JSON body any endpoint accepts unless it says otherwise; file
// uploads have their own limits.
const MaxBodyBytes = 64 << 10

// DecodeJSON reads exactly one JSON object from r into dst. It refuses a body that is not JSON,
// larger than limit bytes (0: MaxBodyBytes), has fields dst does not know, or has trailing data;
// every refusal is a 400 or 413 with a Dutch message, before anything is written anywhere.
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any, limit int64) error {
	if limit <= 0 {
		limit = MaxBodyBytes
	}
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return &Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type", Message: "Stuur de gegevens als JSON."}
		}
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return decodeError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		if err != nil {
			if e := decodeError(err); e.(*Error).Code == "body_too_large" {
				return e
			}
		}
		return BadRequest("invalid_json", "Het verzoek bevat meer dan één JSON-object.", nil)
	}
	// Every body is an object: null, a list or a bare value would decode to zero values silently.
	if trimmed := bytes.TrimSpace(raw); len(trimmed) == 0 || trimmed[0] != '{' {
		return BadRequest("invalid_json", "Het verzoek moet een JSON-object zijn.", nil)
	}
	strict := json.NewDecoder(bytes.NewReader(raw))
	strict.DisallowUnknownFields()
	if err := strict.Decode(dst); err != nil {
		return decodeError(err)
	}
	return nil
}

func decodeError(err error) error {
	var tooBig *http.MaxBytesError
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooBig):
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Message: "Het verzoek is te groot.", Err: err}
	case errors.Is(err, io.EOF):
		return BadRequest("empty_body", "Het verzoek is leeg.", nil)
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return BadRequest("invalid_json", "Het verzoek is geen geldige JSON.", nil)
	case errors.As(err, &typ):
		return BadRequest("invalid_field", fmt.Sprintf("Het veld %q heeft een ongeldige waarde.", typ.Field),
			map[string]string{typ.Field: "Ongeldige waarde."})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return BadRequest("unknown_field", fmt.Sprintf("Het verzoek bevat een onbekend veld: %s.", name),
			map[string]string{name: "Onbekend veld."})
	default:
		return BadRequest("invalid_json", "Het verzoek is geen geldige JSON.", nil)
	}
}

// AllowQuery refuses query parameters outside allowed, so that a mistyped filter is an error
// instead of being silently ignored.
func AllowQuery(r *http.Request, allowed ...string) error {
	for name := range r.URL.Query() {
		ok := false
		for _, a := range allowed {
			if name == a {
				ok = true
				break
			}
		}
		if !ok {
			return BadRequest("unknown_parameter", fmt.Sprintf("Onbekende parameter: %s.", name),
				map[string]string{name: "Onbekende parameter."})
		}
	}
	return nil
}

// DecodeNoInput is the request decoder of endpoints that take no input: it only refuses query
// parameters, as every endpoint does.
func DecodeNoInput(_ context.Context, r *http.Request) (any, error) {
	return NoInput{}, AllowQuery(r)
}
