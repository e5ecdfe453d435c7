package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/klusmaat/klusmaat/infra/db/seed"
	"github.com/klusmaat/klusmaat/tenants"
)

func seedCmd(ctx context.Context, cfg Config, logger *slog.Logger) error {
	database, err := tenants.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer database.Close()
	if err := seed.Run(ctx, database, time.Now()); err != nil {
		return err
	}
	logger.Info("demo data loaded")
	return nil
}
