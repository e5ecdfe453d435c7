// Package emailjobs shows admins the platform's outgoing e-mail (D16): every e-mail job with its
// recipient, template, state, attempts and last error, so that a failed delivery is visible
// instead of silently lost.
package emailjobs

import "time"

// States are River's job states, as the filter accepts them.
var States = []string{"available", "scheduled", "running", "retryable", "completed", "cancelled", "discarded"}

// Job is one e-mail job.
type Job struct {
	ID          int64      `json:"id"`
	Template    string     `json:"template"`
	Recipient   string     `json:"recipient"`
	State       string     `json:"state" doc:"available, scheduled, running, retryable, completed, cancelled of discarded"`
	Attempts    int        `json:"attempts"`
	MaxAttempts int        `json:"max_attempts"`
	LastError   *string    `json:"last_error"`
	CreatedAt   time.Time  `json:"created_at"`
	FinalizedAt *time.Time `json:"finalized_at"`
}
