package httpapi

import (
	"fmt"
	"math"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// Input limits are declared once, on the request types' fields, and read by both the decoder
// (DecodeJSON refuses a body that breaks them, with a Dutch message under the field) and the API
// document (Schema writes them as JSON Schema keywords), so that the description and the server
// cannot disagree:
//
//	maxLength:"200"        the most characters (not bytes) of a string, or of each string of a list
//	pattern:"^[0-9]{4}$"   a regular expression (RE2, unanchored like JSON Schema) every string matches
//	enum:"open|gesloten"   the only values a string may have
//	minimum:"0" maximum:"100"  the range of a number
//	maxItems:"20"          the most items of a list
//	msg:"..."              the field's Dutch message when a string breaks its declaration (else a
//	                       general one, such as "Gebruik hoogstens 200 tekens.")
//
// A request string without maxLength may hold DefaultMaxLength characters, a list without maxItems
// DefaultMaxItems items, a whole number what its Go type holds in the database (checkText).
const (
	DefaultMaxLength = MaxBodyBytes
	DefaultMaxItems  = 1000
	// DefaultParamLength is the most characters of a query parameter without MaxLength.
	DefaultParamLength = 200
)

// limits are the declarations of one field.
type limits struct {
	maxLength int
	pattern   *regexp.Regexp
	enum      []string
	minimum   *float64
	maximum   *float64
	maxItems  int
	msg       string
}

var (
	limitsCache sync.Map // reflect.StructTag → *limits
)

// limitsOf parses a field's tags; a malformed tag is a programming error and panics (at the
// first request or when the document is built at start-up).
func limitsOf(tag reflect.StructTag) *limits {
	if l, ok := limitsCache.Load(tag); ok {
		return l.(*limits)
	}
	l := &limits{}
	num := func(name string) *float64 {
		v, ok := tag.Lookup(name)
		if !ok {
			return nil
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			panic(fmt.Sprintf("httpapi: tag %s:%q is no number", name, v))
		}
		return &f
	}
	integer := func(name string) int {
		v, ok := tag.Lookup(name)
		if !ok {
			return 0
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			panic(fmt.Sprintf("httpapi: tag %s:%q is no count", name, v))
		}
		return n
	}
	l.maxLength, l.maxItems, l.msg = integer("maxLength"), integer("maxItems"), tag.Get("msg")
	l.minimum, l.maximum = num("minimum"), num("maximum")
	if p, ok := tag.Lookup("pattern"); ok {
		l.pattern = regexp.MustCompile(p)
	}
	if e, ok := tag.Lookup("enum"); ok {
		l.enum = strings.Split(e, "|")
	}
	limitsCache.Store(tag, l)
	return l
}

// checkString refuses a string that breaks l (or the default length).
func (l *limits) checkString(field, s string) *Error {
	max := DefaultMaxLength
	if l != nil && l.maxLength > 0 {
		max = l.maxLength
	}
	if utf8.RuneCountInString(s) > max {
		msg := fmt.Sprintf("Gebruik hoogstens %d tekens.", max)
		if l != nil && l.msg != "" {
			msg = l.msg
		}
		return BadRequest("invalid_field", fmt.Sprintf("Het veld %s is te lang.", field), map[string]string{field: msg})
	}
	if l == nil {
		return nil
	}
	if l.enum != nil && !slices.Contains(l.enum, s) {
		return BadRequest("invalid_field", fmt.Sprintf("Het veld %s heeft een ongeldige waarde.", field),
			map[string]string{field: "Kies een van: " + strings.Join(nonEmpty(l.enum), ", ") + "."})
	}
	if l.pattern != nil && !l.pattern.MatchString(s) {
		return BadRequest("invalid_field", fmt.Sprintf("Het veld %s heeft een ongeldige waarde.", field),
			map[string]string{field: "Ongeldige waarde."})
	}
	return nil
}

func nonEmpty(values []string) []string {
	return slices.DeleteFunc(slices.Clone(values), func(s string) bool { return s == "" })
}

// checkNumber refuses a number outside l's range.
func (l *limits) checkNumber(field string, f float64) *Error {
	if l == nil || (l.minimum == nil || f >= *l.minimum) && (l.maximum == nil || f <= *l.maximum) {
		return nil
	}
	msg := MsgNumberRange
	switch {
	case l.minimum != nil && l.maximum != nil:
		msg = fmt.Sprintf("Kies een getal van %s tot en met %s.", fmtNum(*l.minimum), fmtNum(*l.maximum))
	case l.minimum != nil:
		msg = fmt.Sprintf("Kies een getal van minstens %s.", fmtNum(*l.minimum))
	case l.maximum != nil:
		msg = fmt.Sprintf("Kies een getal van hoogstens %s.", fmtNum(*l.maximum))
	}
	return BadRequest("invalid_field", fmt.Sprintf("Het veld %s heeft een ongeldige waarde.", field), map[string]string{field: msg})
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// checkItems refuses a list longer than l allows (or the default).
func (l *limits) checkItems(field string, n int) *Error {
	max := DefaultMaxItems
	if l != nil && l.maxItems > 0 {
		max = l.maxItems
	}
	if n > max {
		msg := fmt.Sprintf("Hoogstens %d.", max)
		if l != nil && l.msg != "" {
			msg = l.msg
		}
		return BadRequest("invalid_field", fmt.Sprintf("Het veld %s heeft te veel waarden.", field), map[string]string{field: msg})
	}
	return nil
}

// annotate writes the declarations of tag into the schema s of the field (for a list: maxItems on
// the list, the string keywords on its items). Request schemas (input) also carry the defaults the
// decoder applies.
func annotate(s map[string]any, t reflect.Type, tag reflect.StructTag, input bool) {
	l := limitsOf(tag)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem().Kind() != reflect.Uint8 {
		if l.maxItems > 0 {
			s["maxItems"] = l.maxItems
		}
		if items, ok := s["items"].(map[string]any); ok {
			annotateScalar(items, t.Elem(), l)
		}
		return
	}
	annotateScalar(s, t, l)
}

func annotateScalar(s map[string]any, t reflect.Type, l *limits) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		if l.maxLength > 0 {
			s["maxLength"] = l.maxLength
		}
		if l.pattern != nil {
			s["pattern"] = l.pattern.String()
		}
		if l.enum != nil {
			enum := []any{}
			for _, v := range l.enum {
				enum = append(enum, v)
			}
			if typ, ok := s["type"].([]string); ok && slices.Contains(typ, "null") {
				enum = append(enum, nil)
			}
			s["enum"] = enum
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		if l.minimum != nil {
			s["minimum"] = jsonNum(*l.minimum)
		}
		if l.maximum != nil {
			s["maximum"] = jsonNum(*l.maximum)
		}
	}
}

func jsonNum(f float64) any {
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return int64(f)
	}
	return f
}

// inputDefaults completes a request schema with what the decoder enforces without a tag: the
// default length of strings, the default count of lists, the range of whole numbers (checkText).
func inputDefaults(s map[string]any, t reflect.Type) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == uuidType:
		s["maxLength"] = 36 // the RFC 9562 form a client writes
		return
	case t == timeType:
		s["maxLength"] = len("2006-01-02T15:04:05.999999999+07:00") // RFC 3339, as time.Time reads it
		return
	case t.Kind() == reflect.String:
		if _, ok := s["maxLength"]; !ok && s["enum"] == nil {
			s["maxLength"] = DefaultMaxLength
		}
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		if _, ok := s["maxLength"]; !ok {
			s["maxLength"] = DefaultMaxLength
		}
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		if _, ok := s["maxItems"]; !ok {
			s["maxItems"] = DefaultMaxItems
		}
	case isInteger(t.Kind()):
		lo, hi := intRange(t)
		s["format"] = "int32"
		if t.Kind() == reflect.Int64 {
			s["format"] = "int64"
		}
		if _, ok := s["minimum"]; !ok {
			s["minimum"] = lo
		}
		if _, ok := s["maximum"]; !ok {
			s["maximum"] = hi
		}
	}
}

func isInteger(k reflect.Kind) bool {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// intRange is what a whole number of type t may be in a request: what checkText lets through
// (PostgreSQL's integer for a Go int, its bigint for an int64).
func intRange(t reflect.Type) (int64, int64) {
	switch t.Kind() {
	case reflect.Int64:
		return math.MinInt64, math.MaxInt64
	case reflect.Int8:
		return math.MinInt8, math.MaxInt8
	case reflect.Int16:
		return math.MinInt16, math.MaxInt16
	case reflect.Uint8:
		return 0, math.MaxUint8
	case reflect.Uint16:
		return 0, math.MaxUint16
	case reflect.Uint64:
		return 0, math.MaxInt64
	case reflect.Uint, reflect.Uint32:
		return 0, math.MaxInt32
	default:
		return math.MinInt32, math.MaxInt32
	}
}

// Query parameters: Kit enforces each route's Param declarations before its decoder.

// checkQuery refuses a request that breaks a declared parameter of declared.
func checkQuery(r *http.Request, declared []Param) error {
	if len(declared) == 0 {
		return nil
	}
	q := r.URL.Query()
	for _, p := range declared {
		v, given := q[p.Name]
		if !given || len(v) == 0 || v[0] == "" {
			if p.Required {
				return BadRequest("missing_parameter", fmt.Sprintf("De parameter %s ontbreekt.", p.Name),
					map[string]string{p.Name: "Vul deze parameter in."})
			}
			continue
		}
		for _, one := range v {
			if one == "" {
				continue
			}
			if err := p.check(one); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p Param) maxLength() int {
	if p.MaxLength > 0 {
		return p.MaxLength
	}
	switch p.Format {
	case "date":
		return len("2006-01-02")
	case "uuid":
		return 36
	}
	return DefaultParamLength
}

func (p Param) check(v string) *Error {
	bad := func(msg string) *Error {
		return BadRequest("invalid_parameter", fmt.Sprintf("De parameter %s heeft een ongeldige waarde.", p.Name),
			map[string]string{p.Name: msg})
	}
	if utf8.RuneCountInString(v) > p.maxLength() {
		return bad(fmt.Sprintf("Gebruik hoogstens %d tekens.", p.maxLength()))
	}
	if p.Pattern != "" && !regexp.MustCompile(p.Pattern).MatchString(v) {
		return bad("Ongeldige waarde.")
	}
	if p.Enum != nil && !slices.Contains(p.Enum, v) {
		return bad("Kies een van: " + strings.Join(p.Enum, ", ") + ".")
	}
	switch p.Format {
	case "date":
		if _, err := time.Parse("2006-01-02", v); err != nil {
			return bad("Gebruik een datum als JJJJ-MM-DD.")
		}
	case "uuid":
		if _, err := uuid.Parse(v); err != nil || len(v) != 36 {
			return bad("Ongeldige waarde.")
		}
	}
	return nil
}

// schema is the parameter's JSON Schema.
func (p Param) schema() map[string]any {
	s := map[string]any{"type": "string", "maxLength": p.maxLength()}
	if p.Format != "" {
		s["format"] = p.Format
	}
	if p.Pattern != "" {
		s["pattern"] = p.Pattern
	}
	if p.Enum != nil {
		s["enum"] = p.Enum
		delete(s, "maxLength")
	}
	return s
}

// PathParams declares the path wildcards of every route by name: an {id} is a record's UUID (a
// route answers its own 404 for anything else, PathID), a {token} the status link's 43 characters
// (D24), an {email} a customer's address. Kit answers 404 for a value longer than declared; the
// document describes each from here.
var PathParams = map[string]Param{
	"id":     {Format: "uuid"},
	"itemId": {Format: "uuid"},
	"token":  {MaxLength: 43, Pattern: "^[A-Za-z0-9_-]+$"},
	"email":  {MaxLength: 320, Format: "email"},
	"regio":  {MaxLength: 64, Pattern: "^[a-z0-9-]+$"},
	"slot":   {Enum: []string{"profiel", "carousel_1", "carousel_2", "carousel_3"}},
}

// checkPath answers 404 for a wildcard value longer than its declaration allows.
func checkPath(r *http.Request, wildcards []string) error {
	for _, name := range wildcards {
		if p, ok := PathParams[name]; ok && utf8.RuneCountInString(r.PathValue(name)) > p.maxLength() {
			return NotFound("not_found", "Dit adres bestaat niet.")
		}
	}
	return nil
}

// filterParam is a list filter as a declared parameter: its values, if the spec lists them, and
// the default length (list.Parse checks the values; Kit the length).
func filterParam(f list.Filter) Param { return Param{Name: f.Name, Enum: f.Values} }

// declaredParams are the query parameters Kit checks for rt: its own and its list's filters.
func declaredParams(rt Route) []Param {
	out := slices.Clone(rt.Query)
	if rt.List != nil {
		for _, f := range rt.List.Filters {
			out = append(out, filterParam(f))
		}
	}
	return out
}
