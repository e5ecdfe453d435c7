package httpapi

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode"
)

// MsgControlChar is the field message for text holding a character nobody types: a control
// character (U+0000 and the like), or one that reorders or breaks lines where a field has one line.
const MsgControlChar = "Dit veld bevat een teken dat niet is toegestaan. Typ de tekst opnieuw in, zonder speciale tekens."

// TextOK reports whether s may be stored and shown as typed text. Control characters (Unicode
// Cc, including U+0000, which PostgreSQL refuses in text) are not, except tab, line feed and
// carriage return in multi-line text; neither are the invisible characters that turn text around
// (bidirectional overrides and isolates) or the Unicode line and paragraph separators, which
// could make text look other than it is in an e-mail or a list.
func TextOK(s string, multiline bool) bool {
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

// checkText walks a decoded request and refuses the first string that TextOK refuses, named by
// its JSON field (dotted for nested objects). A string field tagged `text:"multiline"` may hold
// line breaks and tabs; every other string, map key and list item must be one line. Raw JSON
// fields are checked token by token, so a value a service parses later is held to the same rule.
func checkText(v reflect.Value, field string, multiline bool) *Error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return checkText(v.Elem(), field, multiline)
	case reflect.String:
		if !TextOK(v.String(), multiline) {
			return TextError(field)
		}
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
			if err := checkText(fv, name, sf.Tag.Get("text") == "multiline"); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return nil // bytes are data, not text
		}
		for i := range v.Len() {
			if err := checkText(v.Index(i), field, multiline); err != nil {
				return err
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if err := checkText(iter.Key(), field, false); err != nil {
				return err
			}
			if err := checkText(iter.Value(), field, multiline); err != nil {
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
	return checkText(reflect.ValueOf(v), "", false) == nil
}
