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
	"reflect"
	"strings"
	"unicode"
)

// MaxBodyBytes is the largest JSON body any endpoint accepts unless it says otherwise; file
// uploads have their own limits.
const MaxBodyBytes = 64 << 10

// DecodeJSON reads exactly one JSON object from r into dst. It refuses a body that is not JSON,
// larger than limit bytes (0: MaxBodyBytes), has fields dst does not know or a key twice, has
// trailing data, or
// holds text with a control character (see TextOK; fields tagged `text:"multiline"` may hold line
// breaks); every refusal is a 400, 413 or 415 with a Dutch message, before anything is written
// anywhere, so that no client input reaches the database as a 500.
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
	// A key given twice (or as NAAM and naam, which encoding/json reads as one field) is refused:
	// the decoder would keep the last, and anything else that reads the body might keep the first.
	if key, dup := duplicateKey(raw); dup {
		return BadRequest("duplicate_field", fmt.Sprintf("Het verzoek bevat het veld %s meer dan één keer.", key),
			map[string]string{key: "Dit veld staat meer dan één keer in het verzoek."})
	}
	strict := json.NewDecoder(bytes.NewReader(raw))
	strict.DisallowUnknownFields()
	if err := strict.Decode(dst); err != nil {
		return decodeError(err)
	}
	if err := checkText(reflect.ValueOf(dst), "", false); err != nil {
		return err
	}
	return nil
}

// duplicateKey finds a key that occurs twice in one object anywhere in raw (valid JSON), compared
// the way encoding/json matches keys to fields: without regard to case.
func duplicateKey(raw []byte) (string, bool) {
	type frame struct {
		keys      map[string]bool // nil for an array
		expectKey bool
	}
	var stack []*frame
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false // the end, or a syntax error the strict decoder reports
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, &frame{keys: map[string]bool{}, expectKey: true})
				continue
			case '[':
				stack = append(stack, &frame{})
				continue
			default:
				stack = stack[:len(stack)-1]
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].keys != nil && stack[n-1].expectKey {
				top, folded := stack[n-1], FoldCase(v)
				if top.keys[folded] {
					return v, true
				}
				top.keys[folded], top.expectKey = true, false
				continue
			}
		}
		// A value ended; in an object, a key comes next.
		if n := len(stack); n > 0 && stack[n-1].keys != nil {
			stack[n-1].expectKey = true
		}
	}
}

// FoldCase maps s to one spelling per case-insensitive class, matching strings.EqualFold (and so
// encoding/json's matching of keys): FoldCase(a) == FoldCase(b) exactly when EqualFold(a, b).
func FoldCase(s string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, s)
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
// instead of being silently ignored, and values with control characters (see TextOK).
func AllowQuery(r *http.Request, allowed ...string) error {
	for name, values := range r.URL.Query() {
		for _, v := range values {
			if !TextOK(v, false) {
				return TextError(name)
			}
		}
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

// DecodeBody is the request decoder of endpoints whose input is a JSON body of type T and nothing
// else: query parameters are refused, the body is read as DecodeJSON reads it, up to limit bytes.
func DecodeBody[T any](limit int64) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		var v T
		if err := AllowQuery(r); err != nil {
			return nil, err
		}
		if err := DecodeJSON(nil, r, &v, limit); err != nil {
			return nil, err
		}
		return v, nil
	}
}
