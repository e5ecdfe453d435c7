package aanvragen

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/klusmaat/klusmaat/services/validate"
)

// NewLoggingService wraps s so every call is logged with its outcome and duration. A request's
// personal data (name, address, phone) is never logged; refused fields are, by name.
func NewLoggingService(logger *slog.Logger, s Service) Service {
	return &loggingService{logger: logger, next: s}
}

type loggingService struct {
	logger *slog.Logger
	next   Service
}

func (s *loggingService) Submit(ctx context.Context, a Aanvraag) (r Result, err error) {
	defer func(begin time.Time) {
		attrs := []any{"categorie", a.Categorie, "took_ms", time.Since(begin).Milliseconds()}
		var fields validate.Errors
		switch {
		case errors.As(err, &fields):
			names := make([]string, 0, len(fields))
			for f := range fields {
				names = append(names, f)
			}
			s.logger.InfoContext(ctx, "aanvragen.Submit refused", append(attrs, "fields", names)...)
		case err != nil:
			s.logger.WarnContext(ctx, "aanvragen.Submit failed", append(attrs, "err", err)...)
		default:
			// An address that was given but not mailed reached the confirmation limit.
			s.logger.InfoContext(ctx, "aanvragen.Submit", append(attrs, "id", r.ID, "email", r.EmailVerstuurd,
				"confirmation_limited", a.Email != "" && !r.EmailVerstuurd)...)
		}
	}(time.Now())
	return s.next.Submit(ctx, a)
}

func (s *loggingService) Towns(ctx context.Context) ([]Town, error) { return s.next.Towns(ctx) }

func (s *loggingService) Categories(ctx context.Context) ([]Category, error) {
	return s.next.Categories(ctx)
}
