package betaling

import (
	"sort"
	"time"
)

// sortTimeline orders the timeline by moment (its lines come from three tables), the earlier
// first; lines of the same moment keep their order (issued before paid).
func sortTimeline(t []Gebeurtenis) {
	at := func(i int) time.Time {
		m, _ := time.Parse(time.RFC3339, t[i].Moment)
		return m
	}
	sort.SliceStable(t, func(i, j int) bool { return at(i).Before(at(j)) })
}
