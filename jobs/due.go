package jobs

import (
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Due is the worker of a periodic run that looks for what is due itself (Periodic, RunDue): the
// database it works on, as the system, and the clock that says what is due. A domain's Worker
// embeds it with its job's Args and adds Work and Run, so that each such run states only what it
// does.
type Due[A river.JobArgs] struct {
	river.WorkerDefaults[A]
	DB    *tenants.DB
	Clock calendar.Clock // nil: the real clock
}
