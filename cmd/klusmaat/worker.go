package main

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/klusmaat/klusmaat/services/server"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/aanmaning"
	"github.com/klusmaat/klusmaat/services/afdracht"
	"github.com/klusmaat/klusmaat/services/herinnering"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/metrics"
	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/services/uitbetaling"
	"github.com/klusmaat/klusmaat/tenants"
)

// workerCmd runs the background workers until interrupted.
func workerCmd(ctx context.Context, cfg Config, logger *slog.Logger) error {
	database, err := openChecked(ctx, cfg)
	if err != nil {
		return err
	}
	defer database.Close()
	cfg.SupportPhone = supportDefault(ctx, cfg, database)
	storage, err := files.OpenStorage(ctx, cfg.BlobURL)
	if err != nil {
		return err
	}
	defer storage.Close()
	reg := newMetrics(database)
	queue, err := newQueue(cfg, database, storage, logger, true, reg)
	if err != nil {
		return err
	}
	if err := queue.Start(ctx); err != nil {
		return err
	}
	errc := make(chan error, 1)
	stopMetrics := serveMetrics(cfg.MetricsAddr, cfg.Pprof == "true", reg, logger, errc)
	defer stopMetrics()
	logger.Info("workers running", "metrics", cfg.MetricsAddr)
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	stopQueue(queue, logger)
	return err
}

// newQueue builds the job queue with every worker; work=false makes it insert-only.
func newQueue(cfg Config, database *tenants.DB, storage files.Storage, logger *slog.Logger, work bool, reg *metrics.Registry) (*jobs.Queue, error) {
	mailer, err := email.NewMailer(cfg.SMTPURL, cfg.MailFrom, cfg.Brand)
	if err != nil {
		return nil, err
	}
	workers := server.NewWorkers(server.WorkerDeps{
		DB: database, Mailer: mailer, Files: storage,
		Site:        email.Site{Brand: cfg.Brand, Phone: cfg.SupportPhone, Email: cfg.SupportEmail},
		StatusLink:  status.NewLinks(cfg.ActorKey, strings.TrimRight(cfg.PublicURL, "/")).URL,
		EmailFailed: reg.EmailFailed,
	})
	return jobs.NewQueue(database.QueuePool(), workers, jobs.Options{Work: work, Logger: logger,
		Periodic: []*river.PeriodicJob{herinnering.Periodic(), aanmaning.Periodic(), afdracht.Periodic(), uitbetaling.Periodic()}})
}

func stopQueue(q *jobs.Queue, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := q.Stop(ctx); err != nil {
		logger.Warn("stopping workers", "err", err)
	}
}
