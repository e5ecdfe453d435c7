package httpapi

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MsgControlChar is the field message for text holding a character nobody types: a control
// character (U+0000 and the like), or one that reorders or breaks lines where a field has one line.
const MsgControlChar = "Dit veld bevat een teken dat niet is toegestaan. Typ de tekst opnieuw in, zonder speciale tekens."

// TextOK reports whether s may be stored and shown as typed text. Bytes that are not UTF-8 are
// not; control characters (Unicode
// Cc, including U+0000, which PostgreSQL refuses in text) are not, except tab, line feed and
// carriage return in multi-line text; neither are the invisible characters that turn text around
// (bidirectional overrides and isolates) or the Unicode line and paragraph separators, which
// could make text look other than it is in an e-mail or a list.
func TextOK(s string, multiline bool) bool {
	if !utf8.ValidString(s) {
		return false // no text at all: PostgreSQL refuses it (SQLSTATE 22021)
	}
	for _, r := range s {
		if !runeOK(r, multiline) {
			return false
		}
	}
	return true
}

func runeOK(r rune, multiline bool) bool {
	switch {
	case r == '\n' || r == '\t' || r == '\r':
		return multiline
	case unicode.Is(unicode.Cc, r):
		return false
	case r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069', r == '\u2028', r == '\u2029':
		return false
	}
	return true
}

// TextError is the 400 for one field whose text is refused by TextOK, in the shape every form
// already reads: a message on top and the field's own message.
func TextError(field string) *Error {
	return BadRequest("invalid_text", fmt.Sprintf("Het veld %s bevat een teken dat niet is toegestaan.", field),
		map[string]string{field: MsgControlChar})
}

// MsgNumberRange is the field message for a whole number outside PostgreSQL's integer.
const MsgNumberRange = "Dit getal is te groot of te klein."

// NumberError is the 400 for a number field that no column can hold.
func NumberError(field string) *Error {
	return BadRequest("invalid_field", fmt.Sprintf("Het veld %q heeft een ongeldige waarde.", field),
		map[string]string{field: MsgNumberRange})
}

// fitsInteger reports whether an int or uint value fits PostgreSQL's integer (int4), or a uint64
// its bigint.
func fitsInteger(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Int, reflect.Int32:
		return v.Int() >= math.MinInt32 && v.Int() <= math.MaxInt32
	case reflect.Uint64:
		return v.Uint() <= math.MaxInt64
	default:
		return v.Uint() <= math.MaxInt32
	}
}

// checkText walks a decoded request and refuses the first string that TextOK refuses, or whole
// number that fits no integer column (a Go int beyond int4), named by its JSON field (dotted for
// nested objects). A string field tagged `text:"multiline"` may hold
// line breaks and tabs; every other string, map key and list item must be one line. Raw JSON
// fields are checked token by token, so a value a service parses later is held to the same rule.
func checkText(v reflect.Value, field string, multiline bool) *Error {
	return checkInput(v, field, multiline, nil)
}

// unlimited are the limits inside raw JSON, which its service reads on its own terms.
var unlimited = &limits{maxLength: math.MaxInt, maxItems: math.MaxInt}

// checkInput is checkText with the field's declared limits (limits.go): l holds the tags of the
// field v is (or is an item of); nil means the defaults.
func checkInput(v reflect.Value, field string, multiline bool, l *limits) *Error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return checkInput(v.Elem(), field, multiline, l)
	case reflect.String:
		if !TextOK(v.String(), multiline) {
			return TextError(field)
		}
		return l.checkString(field, v.String())
	case reflect.Int, reflect.Int32, reflect.Uint, reflect.Uint32, reflect.Uint64:
		// A Go int is PostgreSQL's integer (int4) in every store; a field that holds a bigint is an
		// int64. A number beyond it would be a 500 (numeric_value_out_of_range) in the database.
		if !fitsInteger(v) {
			return NumberError(field)
		}
		if v.CanInt() {
			return l.checkNumber(field, float64(v.Int()))
		}
		return l.checkNumber(field, float64(v.Uint()))
	case reflect.Int64, reflect.Int16, reflect.Int8:
		return l.checkNumber(field, float64(v.Int()))
	case reflect.Float32, reflect.Float64:
		return l.checkNumber(field, v.Float())
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			sf := t.Field(i)
			if !sf.IsExported() {
				continue
			}
			name := strings.Split(sf.Tag.Get("json"), ",")[0]
			if name == "-" {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			if sf.Anonymous && sf.Tag.Get("json") == "" {
				name = field // embedded struct: its fields are the outer object's
			} else if field != "" {
				name = field + "." + name
			}
			fv := v.Field(i)
			if sf.Type == reflect.TypeOf(json.RawMessage(nil)) {
				if !rawTextOK(fv.Bytes()) {
					return TextError(name)
				}
				continue
			}
			if err := checkInput(fv, name, sf.Tag.Get("text") == "multiline", limitsOf(sf.Tag)); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return nil // bytes are data, not text
		}
		if err := l.checkItems(field, v.Len()); err != nil {
			return err
		}
		for i := range v.Len() {
			if err := checkInput(v.Index(i), field, multiline, l); err != nil {
				return err
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if err := checkInput(iter.Key(), field, false, l); err != nil {
				return err
			}
			if err := checkInput(iter.Value(), field, multiline, l); err != nil {
				return err
			}
		}
	}
	return nil
}

// rawTextOK checks every key and string inside raw JSON as one-line text.
func rawTextOK(raw []byte) bool {
	if len(raw) == 0 {
		return true
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return true // not JSON: the service refuses it on its own terms, and it holds no text
	}
	return checkInput(reflect.ValueOf(v), "", false, unlimited) == nil
}

// MsgParamText is the message for a path or query parameter holding bytes that are no text, or a
// character nobody types.
const MsgParamText = "Deze parameter bevat een teken dat niet is toegestaan."

// ParamError is the 400 for such a parameter, named when its name is text itself.
func ParamError(name string) *Error {
	if !TextOK(name, false) || name == "" {
		name = "parameter"
	}
	return BadRequest("invalid_parameter", fmt.Sprintf("De parameter %s bevat een teken dat niet is toegestaan.", name),
		map[string]string{name: MsgParamText})
}

// CheckParams refuses a request whose path parameters (the wildcards named) or query (names and
// values) hold what TextOK refuses: bytes that are not UTF-8, U+0000 or another control character.
// PostgreSQL cannot take such text (SQLSTATE 22021), so it would be a 500 wherever it reached the
// database. Kit runs it before every route's decoder: one rule for every parameter of every route.
func CheckParams(r *http.Request, wildcards ...string) error {
	for _, name := range wildcards {
		if !TextOK(r.PathValue(name), false) {
			return ParamError(name)
		}
	}
	for name, values := range r.URL.Query() {
		if !TextOK(name, false) {
			return ParamError(name)
		}
		for _, v := range values {
			if !TextOK(v, false) {
				return ParamError(name)
			}
		}
	}
	return nil
}

// Wildcards lists the names of a route path's wildcards: {id}, {email}, {rest...}.
func Wildcards(path string) []string {
	var names []string
	for _, seg := range strings.Split(path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			name := strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(seg, "{"), "}"), "...")
			if name != "$" && name != "" {
				names = append(names, name)
			}
		}
	}
	return names
}
