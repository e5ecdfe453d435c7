// Command klusmaat is the one server binary of the platform.
//
//	klusmaat serve     migrate, then serve the API and both front ends
//	klusmaat migrate   apply the database migrations as the schema owner
//	klusmaat seed      load the demo data (idempotent)
//	klusmaat seed-bulk N  top the bulk jobs of the load tests up to N
//	klusmaat worker    run the background workers only
//	klusmaat help      list the subcommands and the environment variables
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	cmd := os.Args[1]
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		usage()
		return
	}

	cfg, err := loadConfig(envLookup)
	if err != nil {
		fmt.Fprintln(os.Stderr, "klusmaat: configuration:", err)
		os.Exit(2)
	}
	if err := cfg.checkActorKeyFor(cmd); err != nil {
		fmt.Fprintln(os.Stderr, "klusmaat: configuration:", err)
		os.Exit(2)
	}
	logger := newLogger(cfg, os.Stderr)
	slog.SetDefault(logger)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch cmd {
	case "serve":
		err = serve(ctx, cfg, logger)
	case "migrate":
		err = migrateCmd(ctx, cfg, logger)
	case "seed":
		err = seedCmd(ctx, cfg, logger)
	case "seed-bulk":
		err = seedBulkCmd(ctx, cfg, logger, os.Args[2:])
	case "worker":
		err = workerCmd(ctx, cfg, logger)
	default:
		usage()
		os.Exit(2)
	}
	if err != nil {
		logger.Error("command failed", "command", cmd, "err", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprint(os.Stderr, `usage: klusmaat <command>

commands:
  serve     migrate (when DATABASE_OWNER_URL is set), then serve the API and both front ends
  migrate   apply the database migrations as the schema owner
  seed      load the demo data; running it twice changes nothing
  seed-bulk N
            top the bulk jobs up to N (load tests of the lists at scale; customers at bulk.klusmaat.test)
  worker    run the background workers (e-mail, notifications, exports) without the web server
  help      this text

environment:
`)
	printSettings(os.Stderr)
}
