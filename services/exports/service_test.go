package exports

import (
	"errors"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/validate"
)

func TestValidate(t *testing.T) {
	ok := Request{Soort: "uren", Van: "2026-01-01", Tot: "2026-01-31"}
	if err := Validate(ok); err != nil {
		t.Fatalf("valid request refused: %v", err)
	}
	cases := map[string]struct {
		r     Request
		field string
	}{
		"unknown kind":     {Request{Soort: "alles", Van: "2026-01-01", Tot: "2026-01-31"}, "soort"},
		"bad start":        {Request{Soort: "uren", Van: "1-1-2026", Tot: "2026-01-31"}, "van"},
		"end before start": {Request{Soort: "uren", Van: "2026-02-01", Tot: "2026-01-31"}, "tot"},
		"over a year":      {Request{Soort: "uren", Van: "2024-01-01", Tot: "2026-01-31"}, "tot"},
		"bad region":       {Request{Soort: "uren", Van: "2026-01-01", Tot: "2026-01-31", Regio: "Den Haag"}, "regio"},
	}
	for name, c := range cases {
		var f validate.Errors
		if err := Validate(c.r); !errors.As(err, &f) || f[c.field] == "" {
			t.Errorf("%s: %v, want a message for %s", name, err, c.field)
		}
	}
}
