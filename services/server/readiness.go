package server

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// ReadyCheck is one dependency /readyz reports. A Required one that fails makes the server not
// ready (503: take it out of the load balancer); an optional one is reported as degraded only,
// because the public site and the signed-in pages that are already open keep working without it
// (Kratos: sign-in fails, and answers say so in Dutch).
type ReadyCheck struct {
	Name     string
	Required bool
	Check    func(ctx context.Context) error
}

// CheckTimeout bounds each check: a dependency that does not answer in time counts as down.
const CheckTimeout = 2 * time.Second

// ReadyAnswer is the body of /readyz: the overall status and each check's.
type ReadyAnswer struct {
	Status string            `json:"status" doc:"ready, degraded (an optional dependency is down) or unavailable"`
	Checks map[string]string `json:"checks" doc:"per dependency: ok or unavailable"`
}

// readiness runs every check at once, each within CheckTimeout, and answers 200 unless a required
// one failed. Liveness (/healthz) stays a constant answer: a slow database must not get healthy
// processes restarted.
func readiness(checks []ReadyCheck) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		answer := ReadyAnswer{Status: "ready", Checks: map[string]string{}}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, c := range checks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithTimeout(r.Context(), CheckTimeout)
				defer cancel()
				err := c.Check(ctx)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					answer.Checks[c.Name] = "ok"
					return
				}
				slog.WarnContext(r.Context(), "readiness check failed", "check", c.Name, "err", err)
				answer.Checks[c.Name] = "unavailable"
				switch {
				case c.Required:
					answer.Status = "unavailable"
				case answer.Status == "ready":
					answer.Status = "degraded"
				}
			}()
		}
		wg.Wait()
		status := http.StatusOK
		if answer.Status == "unavailable" {
			status = http.StatusServiceUnavailable
		}
		_ = httpapi.EncodeWithStatus(status)(r.Context(), w, answer)
	})
}
