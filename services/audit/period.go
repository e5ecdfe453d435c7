package audit

import (
	"time"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// period reads the filters van and tot (Dutch dates, both inclusive) as the instants from the
// start of van to the start of the day after tot, in Amsterdam.
func period(p list.Params) (van, tot *time.Time, err error) {
	e := validate.Errors{}
	read := func(name string, next int) *time.Time {
		v := p.Filter(name)
		if len(v) == 0 {
			return nil
		}
		d, err := calendar.ParseDate(v[0])
		if err != nil {
			e.Set(name, "Vul een datum in als 2026-11-24.")
			return nil
		}
		t := d.AddDays(next).Start()
		return &t
	}
	van, tot = read("van", 0), read("tot", 1)
	return van, tot, e.Invalid("invalid_list_parameter", "Ongeldige datum in het filter.")
}
