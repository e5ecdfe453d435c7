package files

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
)

// NewLoggingService wraps s so that every call is logged with its duration and outcome; the
// request id comes from ctx (httpapi.LogHandler). File names and contents are never logged.
func NewLoggingService(logger *slog.Logger, s Service) Service {
	return &loggingService{logger: logger, next: s}
}

type loggingService struct {
	logger *slog.Logger
	next   Service
}

func (s *loggingService) log(ctx context.Context, method string, begin time.Time, err error, args ...any) {
	args = append(args, "took_ms", time.Since(begin).Milliseconds(), "err", err)
	s.logger.InfoContext(ctx, "files."+method, args...)
}

func (s *loggingService) UploadWorkOrderPhoto(ctx context.Context, workOrderID uuid.UUID, photoType string, file *Upload) (p Photo, err error) {
	defer func(begin time.Time) {
		size := 0
		if file != nil {
			size = len(file.Data)
		}
		s.log(ctx, "UploadWorkOrderPhoto", begin, err, "work_order_id", workOrderID, "type", photoType, "bytes", size, "photo_id", p.ID)
	}(time.Now())
	return s.next.UploadWorkOrderPhoto(ctx, workOrderID, photoType, file)
}

func (s *loggingService) DownloadWorkOrderPhoto(ctx context.Context, photoID uuid.UUID) (d *Download, err error) {
	defer func(begin time.Time) {
		s.log(ctx, "DownloadWorkOrderPhoto", begin, err, "photo_id", photoID)
	}(time.Now())
	return s.next.DownloadWorkOrderPhoto(ctx, photoID)
}

func (s *loggingService) UploadDocument(ctx context.Context, aanmeldingID uuid.UUID, in NewDocument) (d Document, err error) {
	defer func(begin time.Time) {
		size := 0
		if in.File != nil {
			size = len(in.File.Data)
		}
		s.log(ctx, "UploadDocument", begin, err, "aanmelding_id", aanmeldingID, "document_type", in.DocumentType, "bytes", size, "document_id", d.ID)
	}(time.Now())
	return s.next.UploadDocument(ctx, aanmeldingID, in)
}

func (s *loggingService) DownloadDocument(ctx context.Context, id uuid.UUID) (d *Download, err error) {
	defer func(begin time.Time) {
		s.log(ctx, "DownloadDocument", begin, err, "document_id", id)
	}(time.Now())
	return s.next.DownloadDocument(ctx, id)
}

func (s *loggingService) DeleteDocument(ctx context.Context, id uuid.UUID) (err error) {
	defer func(begin time.Time) {
		s.log(ctx, "DeleteDocument", begin, err, "document_id", id)
	}(time.Now())
	return s.next.DeleteDocument(ctx, id)
}
