package jobs

import (
	"context"
	"fmt"
)

// RunDue is the work of a periodic run that looks for what is due itself (Periodic): run, with
// the Enqueue of the client that runs the job (Running), so that what it causes is queued in its
// own transactions. What run counts is for its callers and tests; the job keeps only the error.
func RunDue[R any](ctx context.Context, run func(context.Context, Enqueue) (R, error)) error {
	enqueue, err := Running(ctx)
	if err != nil {
		return fmt.Errorf("jobs: no queue: %w", err)
	}
	_, err = run(ctx, enqueue)
	return err
}
