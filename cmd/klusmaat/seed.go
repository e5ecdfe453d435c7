package main

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/klusmaat/klusmaat/services/betaling"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/services/uitbetaling"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/schema/seed"
)

// seedCmd makes the demo accounts real Kratos identities (reusing them when they exist), then
// loads the demo data keyed by their identity ids.
func seedCmd(ctx context.Context, cfg Config, logger *slog.Logger) error {
	database, err := tenants.Open(ctx, cfg.database())
	if err != nil {
		return err
	}
	defer database.Close()
	kratos, err := identity.NewKratos(cfg.KratosPublic, cfg.KratosAdmin)
	if err != nil {
		return err
	}
	accts := accounts.NewService(kratos, database)
	ids := seed.IDs{}
	for _, u := range seed.Users {
		id, err := accts.EnsureIdentity(ctx, u.Email, u.Naam, seed.DemoPassword)
		if err != nil {
			return err
		}
		ids[u.Email] = id
	}
	if err := seed.Run(ctx, database, calendar.System.Today(), ids); err != nil {
		return err
	}
	if err := betaling.Demo(ctx, database, calendar.System.Today()); err != nil {
		return err
	}
	// Last month's statements of the demo klussers (D31); no PDF is drawn while loading them.
	if err := uitbetaling.Demo(ctx, database, calendar.System.Today(), factuur.Site{}); err != nil {
		return err
	}
	logger.Info("demo data loaded", "accounts", len(ids))
	return nil
}

// seedBulkCmd tops the bulk jobs up to the number given (seed.Jobs), for make load's lists at
// scale. The statistics are the schema owner's to refresh (VACUUM ANALYZE), which make load does.
func seedBulkCmd(ctx context.Context, cfg Config, logger *slog.Logger, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("seed-bulk: give the number of jobs, e.g. klusmaat seed-bulk 100000")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		return fmt.Errorf("seed-bulk: %q is not a positive number of jobs", args[0])
	}
	database, err := tenants.Open(ctx, cfg.database())
	if err != nil {
		return err
	}
	defer database.Close()
	if err := seed.Jobs(ctx, database, n); err != nil {
		return err
	}
	logger.Info("bulk jobs loaded", "jobs", n)
	return nil
}
