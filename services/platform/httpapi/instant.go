package httpapi

import "time"

// Instant writes an optional moment as the answers that carry moments as text write them, RFC
// 3339 to the second; nil (not yet happened) stays nil, JSON null. The payments' timeline and the
// klussers' statements and batches use it.
func Instant(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.Format(time.RFC3339)
	return &s
}
