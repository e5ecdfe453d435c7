package reports

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// noStore fails the test if the service reaches it.
type noStore struct{ t *testing.T }

func (s noStore) Grafieken(context.Context, calendar.Date, calendar.Date, string) (Grafieken, error) {
	s.t.Fatal("the store was asked for charts of a refused request")
	return Grafieken{}, nil
}

func (s noStore) Trend(context.Context, calendar.Date, int, string) (Trend, error) {
	s.t.Fatal("the store was asked for the trend of a refused request")
	return Trend{}, nil
}

// A region filter that is no region's slug (a name typed into the URL) is refused with the
// reports page's Dutch message on the field, by the charts and by the dashboard's trend alike.
func TestChartsAndTrendRefuseARegionThatIsNoSlug(t *testing.T) {
	s := NewService(noStore{t}, calendar.Fixed(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)))
	ctx := context.Background()
	_, errTrend := s.Trend(ctx, TrendRequest{Regio: "Den Haag"})
	_, errCharts := s.Grafieken(ctx, Request{Van: "2026-01-01", Tot: "2026-01-31", Regio: "Den Haag"})
	for name, c := range map[string]struct {
		err  error
		code string
	}{"trend": {errTrend, "invalid_region"}, "charts": {errCharts, "invalid_period"}} {
		var f validate.Errors
		var d *domainerr.Error
		if !errors.As(c.err, &f) || f["regio"] != "Kies een regio." || !errors.As(c.err, &d) || d.Code != c.code {
			t.Errorf("%s: %v, want %s with 'Kies een regio.' on regio", name, c.err, c.code)
		}
	}
}
