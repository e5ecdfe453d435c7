package httpapi

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
)

// A body must be one JSON object: null, a list or a bare value would otherwise decode to zero
// values and pass as an empty form.
func TestDecodeJSONRefusesNonObjects(t *testing.T) {
	for _, body := range []string{`null`, `[1,2]`, `"x"`, `42`} {
		r := httptest.NewRequest("POST", "/", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		var dst struct{ Naam string }
		err := DecodeJSON(httptest.NewRecorder(), r, &dst, 0)
		var e *Error
		if !errors.As(err, &e) || e.Code != "invalid_json" || e.Message != "Het verzoek moet een JSON-object zijn." {
			t.Errorf("%s: %v", body, err)
		}
	}
}
