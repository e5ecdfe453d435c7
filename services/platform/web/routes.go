package web

import "strings"

// routeSet matches paths against React Router patterns such as /klusser/werkbon/:id.
type routeSet [][]string

func newRouteSet(patterns []string) routeSet {
	var rs routeSet
	for _, p := range patterns {
		rs = append(rs, segments(p))
	}
	return rs
}

func segments(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return []string{}
	}
	return strings.Split(p, "/")
}

func (rs routeSet) match(path string) bool {
	got := segments(path)
	for _, want := range rs {
		if matchSegments(want, got) {
			return true
		}
	}
	return false
}

func matchSegments(want, got []string) bool {
	if len(want) != len(got) {
		return false
	}
	for i, w := range want {
		if strings.HasPrefix(w, ":") {
			if got[i] == "" {
				return false
			}
			continue
		}
		if w != got[i] {
			return false
		}
	}
	return true
}
