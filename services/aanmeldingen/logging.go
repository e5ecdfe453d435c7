package aanmeldingen

import (
	"context"
	"log/slog"
	"time"
)

// NewLoggingService wraps s so every application is logged with its outcome and duration, without
// the applicant's personal data.
func NewLoggingService(logger *slog.Logger, s Service) Service {
	return &loggingService{logger: logger, next: s}
}

type loggingService struct {
	logger *slog.Logger
	next   Service
}

func (s *loggingService) Submit(ctx context.Context, a Aanmelding) (r Result, err error) {
	defer func(begin time.Time) {
		s.logger.InfoContext(ctx, "aanmeldingen.Submit", "id", r.ID, "took_ms", time.Since(begin).Milliseconds(), "err", err)
	}(time.Now())
	return s.next.Submit(ctx, a)
}
