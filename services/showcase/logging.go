package showcase

import (
	"context"
	"log/slog"
	"time"
)

// NewLoggingService wraps s so that every call is logged with its duration and outcome; the
// request id comes from ctx (httpapi.LogHandler).
func NewLoggingService(logger *slog.Logger, s Service) Service {
	return &loggingService{logger: logger, next: s}
}

type loggingService struct {
	logger *slog.Logger
	next   Service
}

func (s *loggingService) List(ctx context.Context) (items []Klusser, err error) {
	defer func(begin time.Time) {
		s.logger.InfoContext(ctx, "showcase.List", "count", len(items), "took_ms", time.Since(begin).Milliseconds(), "err", err)
	}(time.Now())
	return s.next.List(ctx)
}
