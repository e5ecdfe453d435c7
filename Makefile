# Klusmaat: `make run` starts the whole platform with demo data; `make test` runs every test.
# Both install what the machine lacks first. See README.md.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Where make keeps what it builds or fetches once (Kratos, staticcheck, Node 20 when the machine's
# is older): its bin/ comes first on PATH, so every recipe uses the Node that scripts/deps.sh put
# there.
KLUSMAAT_CACHE ?= $(HOME)/.cache/klusmaat
export KLUSMAAT_CACHE
export PATH := $(KLUSMAAT_CACHE)/node/bin:$(PATH)
# Every command make starts runs on a development or test machine: the binary may use the
# development actor key (a deployment sets KLUSMAAT_ACTOR_KEY and leaves this unset).
export KLUSMAAT_DEV := true
# Go builds without the checkout's absolute path (-trimpath): the build cache's keys of our own
# packages then do not depend on where the repository is, so a second clone or worktree (and CI's
# fresh clone) reuses what an earlier checkout compiled, vetted and staticchecked instead of
# compiling all of it again. Stack traces name files by module path, as a release build should.
# A go command run by hand shares that cache only with the same flag (GOFLAGS=-trimpath go vet ./...).
# (go env GOFLAGS: keep what the environment or go's own settings file already asks for.)
export GOFLAGS := $(strip $(filter-out -trimpath,$(shell go env GOFLAGS 2>/dev/null)) -trimpath)

# make run's ports. RUN_OFFSET shifts them all (default 0: the ports below), so that a second
# working copy can run its own `make run` beside this one (e.g. `make run RUN_OFFSET=700`).
RUN_OFFSET ?= 0
run_port = $(shell echo $$(( $(1) + $(RUN_OFFSET) )))
DEV_PORT  := $(call run_port,54320)
DEV_HTTP  := $(call run_port,8080)
DEV_METRICS := $(call run_port,9090)
# Kratos: public and admin ports of the dev instance; MailDev: SMTP and web ports.
DEV_KRATOS  := $(call run_port,4433) $(call run_port,4434)
DEV_MAIL  := $(call run_port,1025) $(call run_port,1080)
DEV_URL   := http://localhost:$(DEV_HTTP)

# The throw-away test stack. TEST_OFFSET shifts every test port, so that two working copies on one
# machine can each run `make test` at once (e.g. `make test TEST_OFFSET=100`).
TEST_OFFSET ?= 0
port = $(shell echo $$(( $(1) + $(TEST_OFFSET) )))
TEST_PORT          := $(call port,54321)
E2E_HTTP           := $(call port,8099)
E2E_METRICS        := $(call port,9099)
TEST_KRATOS_PUBLIC := $(call port,4443)
TEST_KRATOS_ADMIN  := $(call port,4444)
TEST_SMTP          := $(call port,1026)
TEST_MAILWEB       := $(call port,1081)
TEST_KRATOS := $(TEST_KRATOS_PUBLIC) $(TEST_KRATOS_ADMIN)
TEST_MAIL   := $(TEST_SMTP) $(TEST_MAILWEB)
# The browser tests' second shard has a stack of its own (scripts/e2e-shard.sh).
TEST2_PORT          := $(call port,54323)
E2E2_HTTP           := $(call port,8098)
E2E2_METRICS        := $(call port,9098)
TEST2_KRATOS_PUBLIC := $(call port,4445)
TEST2_KRATOS_ADMIN  := $(call port,4446)
TEST2_SMTP          := $(call port,1027)
TEST2_MAILWEB       := $(call port,1082)

DEV_DB_ENV := DATABASE_URL=postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:$(DEV_PORT)/klusmaat \
              DATABASE_QUEUE_URL=postgres://klusmaat_queue:klusmaat_queue_dev@127.0.0.1:$(DEV_PORT)/klusmaat \
              DATABASE_OWNER_URL=postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:$(DEV_PORT)/klusmaat \
              KRATOS_PUBLIC_URL=http://127.0.0.1:$(word 1,$(DEV_KRATOS)) KRATOS_ADMIN_URL=http://127.0.0.1:$(word 2,$(DEV_KRATOS)) \
              SMTP_URL=smtp://127.0.0.1:$(word 1,$(DEV_MAIL))
TEST_DB_ENV := DATABASE_URL=postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:$(TEST_PORT)/klusmaat \
               DATABASE_QUEUE_URL=postgres://klusmaat_queue:klusmaat_queue_dev@127.0.0.1:$(TEST_PORT)/klusmaat \
               DATABASE_OWNER_URL=postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:$(TEST_PORT)/klusmaat \
               KRATOS_PUBLIC_URL=http://127.0.0.1:$(TEST_KRATOS_PUBLIC) KRATOS_ADMIN_URL=http://127.0.0.1:$(TEST_KRATOS_ADMIN) \
               SMTP_URL=smtp://127.0.0.1:$(TEST_SMTP)
GO_TEST_ENV := KLUSMAAT_TEST_OWNER_URL=postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:$(TEST_PORT)/postgres \
               KLUSMAAT_TEST_APP_PASSWORD=klusmaat_app_dev KLUSMAAT_TEST_QUEUE_PASSWORD=klusmaat_queue_dev KLUSMAAT_REQUIRE_DB=1 \
               KLUSMAAT_TEST_KRATOS_PUBLIC_URL=http://127.0.0.1:$(TEST_KRATOS_PUBLIC) KLUSMAAT_TEST_KRATOS_ADMIN_URL=http://127.0.0.1:$(TEST_KRATOS_ADMIN) \
               KLUSMAAT_TEST_SMTP_URL=smtp://127.0.0.1:$(TEST_SMTP) KLUSMAAT_TEST_MAILDEV_URL=http://127.0.0.1:$(TEST_MAILWEB) \
               KLUSMAAT_TEST_DRILL_PG_PORT=$(call port,54351)

.PHONY: k8s-validate backup-drill load profile drills
.PHONY: schema
.PHONY: ui-portal ui-admin
.PHONY: help run stop test fuzz bench bench-web deps build ui binary tidy vet lint typecheck api-types api-types-check api-lint go-test go-fuzz ui-test e2e go-bench audit clean

help:
	@echo "make run    install what is missing, start PostgreSQL and the server with demo data"
	@echo "make stop   stop what make run started"
	@echo "make test   run every test (tidy go.mod, vet, staticcheck, ESLint, type checks, Go unit and"
	@echo "            integration, Vitest, browser)"
	@echo "make audit  npm audit of what the front ends and MailDev ship (needs the npm registry)"
	@echo "make fuzz   run every Go fuzz target for FUZZTIME each (default 30s): no crash, no 5xx"
	@echo "make build  build both front ends and bin/klusmaat"
	@echo "make schema  regenerate tenants/schema/schema.sql, the schema as every migration leaves it"
	@echo "make api-types  regenerate the front ends' API types from services/server/openapi.json"
	@echo "make bench  benchmarks and load figures, each with its baseline in the same run"
	@echo "make drills  the failure drills alone (Kratos, PostgreSQL, worker, SMTP, two servers)"
	@echo "make load   load figures of five requests beside pgbench on the same cluster (loopback)"
	@echo "make profile  make load with the server's CPU and allocation profiles (top entries printed)"
	@echo "make k8s-validate  validate the Kubernetes manifests of infra/k8s (offline)"
	@echo "make backup-drill  dump make run's database, restore it into a fresh one, compare counts"
	@echo "make bench-web  first-load JS/CSS per public route and Lighthouse scores"
	@echo "                (BASE_URL=http://localhost:8080 make bench-web measures the running server)"

deps:
	@scripts/deps.sh

build: ui binary

ui:
	@npm run --silent build -w portal-ui
	@npm run --silent build -w admin-ui

# make run's front-end builds: skipped when their inputs did not change (scripts/build-once.sh).
ui-portal:
	@scripts/build-once.sh portal-ui/dist portal-ui shared-ui -- npm run --silent build -w portal-ui

ui-admin:
	@scripts/build-once.sh admin-ui/dist admin-ui shared-ui -- npm run --silent build -w admin-ui

binary:
	@go build -o bin/klusmaat ./cmd/klusmaat

# make run prints the time of each phase (scripts/phase.sh). Independent steps run at once: the
# Kratos build (minutes on a fresh machine, infra/kratos/build.sh) and PostgreSQL's start in the
# background from the beginning, the npm packages meanwhile, then bin/klusmaat (after the npm
# install, so that it shares the standard library the Kratos build compiled) beside the two front
# ends, and our migrations beside the rest of the Kratos build. A second run rebuilds nothing that
# is current (build-once.sh; Go's build cache; Kratos is cached once).
run:
	@scripts/phase.sh begin
	@scripts/phase.sh "system packages (scripts/deps.sh system)" scripts/deps.sh system
	@scripts/phase.sh bg "Kratos build" .data/kratos-build.log infra/kratos/build.sh
	@scripts/phase.sh bg "PostgreSQL" .data/pg-start.log scripts/pg.sh start dev $(DEV_PORT)
	@scripts/phase.sh "npm packages (scripts/deps.sh npm)" scripts/deps.sh npm
	@scripts/phase.sh bg "bin/klusmaat" .data/binary-build.log $(MAKE) --no-print-directory binary
	@scripts/phase.sh "MailDev" scripts/maildev.sh start dev $(DEV_MAIL)
	@scripts/phase.sh "front ends: portal and admin at once" $(MAKE) --no-print-directory -j2 ui-portal ui-admin
	@scripts/phase.sh "waiting for PostgreSQL" scripts/phase.sh wait "PostgreSQL"
	@scripts/phase.sh "waiting for bin/klusmaat" scripts/phase.sh wait "bin/klusmaat"
	@$(DEV_DB_ENV) scripts/phase.sh "migrate" bin/klusmaat migrate
	@scripts/phase.sh "waiting for the Kratos build" scripts/phase.sh wait "Kratos build"
	@KRATOS_SMTP_URI='smtp://127.0.0.1:$(word 1,$(DEV_MAIL))/?disable_starttls=true' KLUSMAAT_BRAND=$${KLUSMAAT_BRAND:-Klusmaat} \
	  scripts/phase.sh "Kratos" scripts/kratos.sh start dev $(DEV_URL) $(DEV_KRATOS) $(DEV_PORT)
	@$(DEV_DB_ENV) scripts/phase.sh "demo data" bin/klusmaat seed
	@$(DEV_DB_ENV) LOG_FORMAT=text KLUSMAAT_LISTEN=:$(DEV_HTTP) METRICS_ADDR=127.0.0.1:$(DEV_METRICS) KLUSMAAT_PUBLIC_URL=$(DEV_URL) \
	  scripts/phase.sh "server" scripts/server.sh start dev
	@echo; echo "make run, phase by phase:"; scripts/phase.sh report
	@echo
	@echo "Klusmaat draait op $(DEV_URL)  (log: .data/server-dev.log, stoppen: make stop)"
	@echo "  Beheer:  $(DEV_URL)/admin/dashboard"
	@echo "  API:     $(DEV_URL)/api/openapi.json"
	@echo "  E-mail:  http://localhost:$(word 2,$(DEV_MAIL))  (MailDev: alle verstuurde e-mails)"
	@echo "  Metrics: http://127.0.0.1:$(DEV_METRICS)/metrics  (Prometheus; niet op de publieke poort)"
	@echo "Demo-accounts, wachtwoord Klusmaat-demo-2026:"
	@echo "  admin@klusmaat.nl (admin)                      -> $(DEV_URL)/admin/auth"
	@echo "  franchise.denhaag@klusmaat.nl (franchise)      -> $(DEV_URL)/admin/auth"
	@echo "  franchise.utrecht@klusmaat.nl (franchise)      -> $(DEV_URL)/admin/auth"
	@echo "  piet.bakker@klusmaat.nl, gerrit.visser@klusmaat.nl, jan.degroot@klusmaat.nl (klusser) -> $(DEV_URL)/auth"

stop:
	@scripts/server.sh stop dev
	@scripts/server.sh stop e2e
	@scripts/server.sh stop e2e2
	@scripts/kratos.sh stop dev
	@scripts/kratos.sh stop test
	@scripts/kratos.sh stop test2
	@scripts/maildev.sh stop dev
	@scripts/maildev.sh stop test
	@scripts/maildev.sh stop test2
	@scripts/pg.sh stop dev
	@scripts/pg.sh stop test

# Tests run in a zone whose date differs from Amsterdam's at the hour they run: Kiritimati (UTC+14)
# is a day ahead from 10:00 to 23:00 UTC, Pago Pago (UTC-11) a day behind from 23:00 to 11:00 UTC.
# So code or a test that takes a business date from the machine's zone instead of the product
# calendar (Europe/Amsterdam) fails every time, not one hour a day. The PostgreSQL cluster, Kratos,
# the server, Go, Vitest and Chromium all inherit it. Computed once, in the top-level make.
ifndef TEST_TZ
TEST_TZ := $(shell if [ "$$(TZ=Europe/Amsterdam date +%F)" != "$$(TZ=Pacific/Kiritimati date +%F)" ]; \
             then echo Pacific/Kiritimati; else echo Pacific/Pago_Pago; fi)
endif
export TEST_TZ
test test-lane-go test-lane-ui go-test go-fuzz ui-test e2e: export TZ = $(TEST_TZ)

# make test: the static checks (two at a time, each one's output printed when it ends: the type
# checks and ESLint use one core each), then a throw-away stack, destroyed afterwards whatever the outcome.
# Two lanes run at once (their output is printed lane by lane): the Go tests and fuzz seeds, which
# mostly wait on PostgreSQL, beside Vitest and the front-end builds, which mostly compute; then the
# browser tests in two shards, each on a stack of its own (scripts/e2e-shard.sh).
# make test prints the time of each of its phases at the end, pass or fail (scripts/phase.sh).
TEST_PHASE := PHASES=.data/test-phases.tsv scripts/phase.sh
test:
	@$(TEST_PHASE) begin
	@$(TEST_PHASE) "installs (Chromium, npm packages)" scripts/deps.sh chromium || { $(TEST_PHASE) report; exit 1; }
	@$(TEST_PHASE) "static checks, two at a time" $(MAKE) --no-print-directory -j2 --output-sync=target tidy vet lint typecheck api-lint k8s-validate || { $(TEST_PHASE) report; exit 1; }
	@scripts/pg.sh destroy test; scripts/pg.sh destroy test2
	@scripts/pg.sh start test $(TEST_PORT)
	@scripts/pg.sh start test2 $(TEST2_PORT) >/dev/null
	@status=0; scripts/maildev.sh start test $(TEST_MAIL) && scripts/maildev.sh start test2 $(TEST2_SMTP) $(TEST2_MAILWEB) && \
	  KRATOS_SMTP_URI='smtp://127.0.0.1:$(TEST_SMTP)/?disable_starttls=true' KRATOS_BCRYPT_COST=4 scripts/kratos.sh start test http://127.0.0.1:$(E2E_HTTP) $(TEST_KRATOS) $(TEST_PORT) && \
	  KRATOS_SMTP_URI='smtp://127.0.0.1:$(TEST2_SMTP)/?disable_starttls=true' KRATOS_BCRYPT_COST=4 scripts/kratos.sh start test2 http://127.0.0.1:$(E2E2_HTTP) $(TEST2_KRATOS_PUBLIC) $(TEST2_KRATOS_ADMIN) $(TEST2_PORT) && \
	  $(TEST_PHASE) "two lanes at once: Go | Vitest and builds" $(MAKE) --no-print-directory -j2 --output-sync=recurse test-lane-go test-lane-ui FUZZTIME=$(TEST_FUZZTIME) && \
	  $(TEST_PHASE) "browser tests, two shards at once" $(MAKE) --no-print-directory e2e && \
	  $(TEST_PHASE) "backup drill" scripts/backup-drill.sh .data/pg-test/run $(TEST_PORT) || status=$$?; \
	  scripts/server.sh stop e2e >/dev/null; scripts/server.sh stop e2e2 >/dev/null; \
	  scripts/kratos.sh stop test >/dev/null; scripts/kratos.sh stop test2 >/dev/null; \
	  scripts/maildev.sh stop test >/dev/null; scripts/maildev.sh stop test2 >/dev/null; \
	  scripts/pg.sh destroy test; scripts/pg.sh destroy test2 >/dev/null; \
	  echo "make test, phases:"; $(TEST_PHASE) report; exit $$status

.PHONY: test-lane-go test-lane-ui
test-lane-go:
	@$(TEST_PHASE) "(lane) Go tests" $(MAKE) --no-print-directory go-test && $(TEST_PHASE) "(lane) Go fuzz targets" $(MAKE) --no-print-directory go-fuzz
test-lane-ui:
	@$(TEST_PHASE) "(lane) Vitest" $(MAKE) --no-print-directory ui-test && $(TEST_PHASE) "(lane) front-end builds" $(MAKE) --no-print-directory build

# make fuzz: every fuzz target for FUZZTIME on a throw-away cluster (the form fuzzer uses the database).
fuzz:
	@scripts/pg.sh destroy test
	@scripts/pg.sh start test $(TEST_PORT)
	@status=0; $(MAKE) --no-print-directory go-fuzz || status=$$?; scripts/pg.sh destroy test; exit $$status

# make bench: the same throw-away stack as make test, then the benchmarks (figures are printed).
bench:
	@scripts/deps.sh chromium
	@scripts/pg.sh destroy test
	@scripts/pg.sh start test $(TEST_PORT)
	@status=0; KRATOS_BCRYPT_COST=4 scripts/kratos.sh start test http://127.0.0.1:$(E2E_HTTP) $(TEST_KRATOS) $(TEST_PORT) && \
	  $(MAKE) --no-print-directory go-bench || status=$$?; \
	  scripts/kratos.sh stop test >/dev/null; scripts/pg.sh destroy test; exit $$status

# First-load JavaScript and CSS (gzip) of each public route, and Lighthouse on / and /aanvraag:
# against BASE_URL when set (e.g. the server of make run), else against the build itself.
bench-web: deps ui
	@scripts/deps.sh chromium
	@cd portal-ui && CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} npm run --silent bench-web

go-bench:
	$(GO_TEST_ENV) go test -run '^$$' -bench . -benchtime 2s ./...

# make drills: the failure drills alone, verbose, on the throw-away test stack (make test runs them
# with everything else): Kratos stopped and stuck, PostgreSQL restarted under load, a worker killed
# mid-job, the SMTP catcher away, a database that never answers at start-up, two servers on one
# database. Each prints what it measured.
DRILLS = -run 'TestKratosStoppedAndBack|TestKratosThatNeverAnswers|TestPostgresRestartUnderWriteLoad|TestWorkerKilledMidJob|TestServeGivesUpOnADatabaseThatNeverAnswers|TestEmailRetriesUntilSMTPReturnsAndArrivesOnce|TestTwoServeProcessesAndAWorker'
drills:
	@scripts/pg.sh destroy test
	@scripts/pg.sh start test $(TEST_PORT)
	@set -o pipefail; status=0; scripts/maildev.sh start test $(TEST_MAIL) && \
	  KRATOS_SMTP_URI='smtp://127.0.0.1:$(TEST_SMTP)/?disable_starttls=true' KRATOS_BCRYPT_COST=4 scripts/kratos.sh start test http://127.0.0.1:$(E2E_HTTP) $(TEST_KRATOS) $(TEST_PORT) && \
	  $(GO_TEST_ENV) go test -count=1 -v $(DRILLS) ./infra/drills ./cmd/klusmaat ./jobs/email 2>&1 | grep -E '^(=== RUN|--- |ok|FAIL|PASS)|_test.go:' || status=$$?; \
	  scripts/kratos.sh stop test >/dev/null; scripts/maildev.sh stop test >/dev/null; scripts/pg.sh destroy test; exit $$status

# make load: load figures (infra/load) against a server of this build on the throw-away test stack,
# each beside pgbench on the same cluster in the same run: select-only for the reads, the default
# TPC-B-like script for the public request. Workers are off in that server: the figures are of the
# requests (a public request's e-mail job is enqueued in its transaction, and sent by no one). The
# jobs list is measured with 100,000 jobs loaded (klusmaat seed-bulk). The PostgreSQL superuser
# initialises pgbench's own database over the socket and refreshes the statistics.
# make profile: the same run with Go's CPU and allocation profiles of the server taken during each
# scenario; prints their top entries after the figures.
PGBENCH = $$(ls /usr/lib/postgresql/*/bin/pgbench | sort -V | tail -1)
LOAD_PG    := $(call port,54331)
LOAD_HTTP  := $(call port,8109)
LOAD_METRICS := $(call port,9109)
LOAD_AUTH  := $(call port,4453) $(call port,4454)
# The server's pool as production's (infra/k8s: pool_max_conns=10), not pgx's default of 4 on two cores.
LOAD_DB_ENV := DATABASE_URL=postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:$(LOAD_PG)/klusmaat?pool_max_conns=10 \
               DATABASE_QUEUE_URL=postgres://klusmaat_queue:klusmaat_queue_dev@127.0.0.1:$(LOAD_PG)/klusmaat \
               DATABASE_OWNER_URL=postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:$(LOAD_PG)/klusmaat \
               KRATOS_PUBLIC_URL=http://127.0.0.1:$(word 1,$(LOAD_AUTH)) KRATOS_ADMIN_URL=http://127.0.0.1:$(word 2,$(LOAD_AUTH))
LOAD_PSQL = psql -q -h $(CURDIR)/.data/pg-load/run -p $(LOAD_PG) -U postgres
LOAD_PROFILE ?=
load: deps build
	@scripts/pg.sh destroy load
	@scripts/pg.sh start load $(LOAD_PG)
	@status=0; KRATOS_BCRYPT_COST=4 scripts/kratos.sh start load http://127.0.0.1:$(LOAD_HTTP) $(LOAD_AUTH) $(LOAD_PG) && \
	  $(LOAD_DB_ENV) bin/klusmaat migrate >/dev/null && $(LOAD_DB_ENV) bin/klusmaat seed >/dev/null && \
	  $(LOAD_DB_ENV) bin/klusmaat seed-bulk 100000 >/dev/null && \
	  $(LOAD_PSQL) -d klusmaat -c 'VACUUM (ANALYZE) klussen, klant_overzicht, klus_tellingen' && \
	  $(LOAD_DB_ENV) KLUSMAAT_LISTEN=127.0.0.1:$(LOAD_HTTP) METRICS_ADDR=$(if $(LOAD_PROFILE),127.0.0.1:$(LOAD_METRICS)) \
	    KLUSMAAT_PPROF=$(if $(LOAD_PROFILE),true,false) KLUSMAAT_PUBLIC_URL=http://127.0.0.1:$(LOAD_HTTP) \
	    KLUSMAAT_FORM_LIMIT=1000000 KLUSMAAT_RUN_WORKERS=false LOG_LEVEL=warn scripts/server.sh start load && \
	  $(LOAD_PSQL) -d postgres -c 'CREATE DATABASE pgbench' && \
	  $(PGBENCH) -i -q -s 10 -h $(CURDIR)/.data/pg-load/run -p $(LOAD_PG) -U postgres pgbench 2>/dev/null && \
	  KLUSMAAT_LOAD_URL=http://127.0.0.1:$(LOAD_HTTP) KLUSMAAT_LOAD_PGBENCH_BIN=$(PGBENCH) \
	    KLUSMAAT_LOAD_PGBENCH="-h $(CURDIR)/.data/pg-load/run -p $(LOAD_PG) -U postgres pgbench" \
	    $(if $(LOAD_PROFILE),KLUSMAAT_LOAD_PPROF=http://127.0.0.1:$(LOAD_METRICS) KLUSMAAT_LOAD_BINARY=$(CURDIR)/bin/klusmaat) \
	    go test ./infra/load -run TestLoad -count=1 -v -timeout 15m || status=$$?; \
	  scripts/server.sh stop load >/dev/null; scripts/kratos.sh stop load >/dev/null; scripts/pg.sh destroy load; exit $$status

profile:
	@$(MAKE) --no-print-directory load LOAD_PROFILE=1

# Kubernetes manifests, offline: build each overlay, decode every object strictly into its real
# type, check the invariants of docs/operations.md; its own tests require broken manifests to fail.
k8s-validate:
	@infra/k8s/validate.sh

# The logical backup drill on make run's cluster: dump klusmaat, restore it into
# klusmaat_restore_drill, compare every table's row count, drop it. (make test runs it on the
# test cluster after the browser tests, so the database holds the demo data and their writes.)
backup-drill:
	@scripts/backup-drill.sh .data/pg-dev/run $(DEV_PORT)

# go.mod and go.sum as go mod tidy leaves them, in the root module and in Kratos's (infra/kratos).
tidy:
	@go mod tidy -diff || { echo "make tidy: go.mod/go.sum are not tidy (diff above): run go mod tidy" >&2; exit 1; }
	@cd infra/kratos && go mod tidy -diff || { echo "make tidy: run go mod tidy in infra/kratos" >&2; exit 1; }
	@cd infra/k8s/validate && go mod tidy -diff || { echo "make tidy: run go mod tidy in infra/k8s/validate" >&2; exit 1; }

vet:
	go vet ./...

# staticcheck, pinned, built by go install from the module proxy once per Go version (a binary
# built by an older Go cannot check newer code) into the cache that also holds Kratos.
STATICCHECK_VERSION := v0.8.2
STATICCHECK := $(KLUSMAAT_CACHE)/staticcheck-$(STATICCHECK_VERSION)-$(shell go env GOVERSION)
$(STATICCHECK):
	@echo "make: installing staticcheck $(STATICCHECK_VERSION) (first time only)" >&2
	@mkdir -p $(@D) && tmp=$$(mktemp -d) && GOBIN=$$tmp go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) && \
	  mv $$tmp/staticcheck $@ && rmdir $$tmp

lint: $(STATICCHECK)
	$(STATICCHECK) ./...
	npm run --silent lint -w shared-ui -w portal-ui -w admin-ui

# The schema as one file (tenants/schema/schema.sql): pg_dump of a freshly migrated database on the
# test cluster (started when it is not running). make test's TestSchemaFileIsCurrent fails when a
# migration changes the schema without this file.
schema:
	@scripts/pg.sh start test $(TEST_PORT) >/dev/null
	@$(GO_TEST_ENV) KLUSMAAT_UPDATE_SCHEMA=1 go test -count=1 -run '^TestSchemaFileIsCurrent$$' ./tenants/schema
	@echo "tenants/schema/schema.sql: $$(wc -l < tenants/schema/schema.sql) lines"

# The front ends' API types: one file in the shared package (both apps import
# @klusmaat/shared-ui/api/types), generated from the checked-in OpenAPI document that
# services/server/openapi_golden_test.go keeps equal to the route table. openapi-typescript is
# pinned in shared-ui/package.json (TypeScript peer overridden in the root package.json).
API_DOC   := services/server/openapi.json
API_TYPES := shared-ui/src/api/schema.d.ts
OPENAPI_TS = node_modules/.bin/openapi-typescript $(API_DOC) -o

api-types:
	@$(OPENAPI_TS) $(API_TYPES) >/dev/null

# The API description checked by tools nobody here wrote (issue 40): Redocly's recommended rules
# (api/redocly.yaml) and Spectral with the OWASP API Security ruleset (api/spectral.mjs, each rule
# it switches off named with its reason), both pinned in package.json; any error fails. Offline:
# the binaries come from node_modules, Redocly's telemetry and update check are off.
api-lint:
	@REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly lint --config api/redocly.yaml \
	  --format=summary services/server/openapi.json 2>&1 | grep -vE '^ *(║|╔|╚)|^$$' ; exit $${PIPESTATUS[0]}
	@node_modules/.bin/spectral lint --ruleset api/spectral.mjs --fail-severity error --display-only-failures \
	  --quiet services/server/openapi.json && echo "spectral (OWASP API Security 2023): 0 errors"

# The type check starts with the drift check: stale types fail make test.
api-types-check:
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; $(OPENAPI_TS) $$tmp/schema.d.ts >/dev/null && \
	  { diff -u $(API_TYPES) $$tmp/schema.d.ts || { echo "$(API_TYPES) is stale: run make api-types and commit it" >&2; exit 1; }; }

typecheck: api-types-check
	npm run --silent typecheck -w shared-ui -w portal-ui -w admin-ui

# GO_TEST_ARGS narrows the run while iterating, e.g. make go-test GO_TEST_ARGS='./tenants/ -run Actor'.
GO_TEST_ARGS ?= ./...
# -timeout 30m: the server package's tests (every API answer checked against openapi.json) take
# minutes on two busy cores, near go test's default limit of ten.
# The tests' own figures (the size of the region isolation matrix, the API answers checked against
# openapi.json) are collected in TEST_FIGURES and printed after the run (servertest.Figure).
TEST_FIGURES := .data/test-figures.txt
go-test:
	@mkdir -p .data && rm -f $(TEST_FIGURES)
	$(GO_TEST_ENV) KLUSMAAT_TEST_FIGURES=$(CURDIR)/$(TEST_FIGURES) go test -count=1 -timeout 30m $(GO_TEST_ARGS)
	@[ ! -f $(TEST_FIGURES) ] || awk '/^openapi:/ { n += $$2; next } { print } END { if (n) printf "openapi: %d API responses checked against openapi.json\n", n }' $(TEST_FIGURES)

# Native Go fuzz targets (package:target). make test runs each for TEST_FUZZTIME (a count, which
# cannot race the clock) after go-test ran their seeds; make fuzz for FUZZTIME. A failure leaves
# its input in the package's testdata/fuzz. Go 1.26 can end a timed run with a bare "context
# deadline exceeded" and no failing input (golang/go#75804, fixed in 1.27): that is not a finding.
FUZZTIME ?= 30s
TEST_FUZZTIME ?= 3000x
FUZZ_TARGETS := services/platform/httpapi:FuzzDecodeJSON services/platform/httpapi:FuzzRouteParameters services/platform/validate:FuzzFieldChecks services/platform/files:FuzzReadForm \
                services/platform/identity:FuzzReadFlowForm services/platform/identity:FuzzProxy services/server:FuzzPublicForms
go-fuzz:
	@for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $${t#*:} (./$${t%%:*}, $(FUZZTIME))"; \
	  out=$$($(GO_TEST_ENV) go test -run '^$$' -fuzz "^$${t#*:}$$" -fuzztime $(FUZZTIME) ./$${t%%:*} 2>&1); status=$$?; \
	  echo "$$out" | awk '/^fuzz: elapsed/ { last = $$0; next } { print } END { if (last) print last }'; \
	  if [ $$status -ne 0 ] && echo "$$out" | grep -qx '    context deadline exceeded' && ! echo "$$out" | grep -q 'Failing input written'; then \
	    echo "  (the deadline raced a worker, golang/go#75804; no failing input)"; status=0; fi; \
	  [ $$status -eq 0 ] || exit $$status; \
	done

ui-test:
	npm test --silent -w shared-ui -w portal-ui -w admin-ui

# The browser tests against the real server, in two shards at once, each on its own stack (make test
# starts both stacks): shard 1 on the test cluster, shard 2 on test2. The browser tests live beside
# what they test: portal-ui/e2e (the site, the klusser portal, the status link) and admin-ui/e2e (the
# console); their helpers are in shared-ui/e2e. The files are split by their last measured times
# (E2E_TIMES; a file not in it counts as 20 s), longest first, each to the shard with less so far:
# the shards end together, and which files share a shard is the same in every run (a split that
# changed with each run's timing would let a test pass or fail by what ran before it). Each shard's
# output is printed when it ends, then its count and the time of each file, longest first: refresh
# E2E_TIMES from those lines when the files have changed much.
E2E_QUEUE := .data/e2e-queue
E2E_TIMES := scripts/e2e-times.tsv
e2e:
	@mkdir -p .data && rm -f $(E2E_QUEUE)-1 $(E2E_QUEUE)-2 && touch $(E2E_QUEUE)-1 $(E2E_QUEUE)-2 && \
	  ls portal-ui/e2e/*.test.mjs admin-ui/e2e/*.test.mjs | \
	  awk -v times=$(E2E_TIMES) 'BEGIN { while ((getline l < times) > 0) { split(l, f, "\t"); t[f[2]] = f[1] } } { print (($$0 in t) ? t[$$0] : 20), $$0 }' | \
	  sort -k1,1rn -k2,2 | awk -v q=$(E2E_QUEUE) '{ if (a <= b) { a += $$1; print $$2 > (q "-1") } else { b += $$1; print $$2 > (q "-2") } }'
	@status=0; \
	  QUEUE=$(E2E_QUEUE)-1 scripts/e2e-shard.sh 1 2 e2e $(TEST_PORT) $(E2E_HTTP) $(E2E_METRICS) $(TEST_MAILWEB) $(TEST_KRATOS) $(TEST_SMTP) >.data/e2e-1.log 2>&1 & one=$$!; \
	  QUEUE=$(E2E_QUEUE)-2 scripts/e2e-shard.sh 2 2 e2e2 $(TEST2_PORT) $(E2E2_HTTP) $(E2E2_METRICS) $(TEST2_MAILWEB) $(TEST2_KRATOS_PUBLIC) $(TEST2_KRATOS_ADMIN) $(TEST2_SMTP) >.data/e2e-2.log 2>&1 & two=$$!; \
	  wait $$one || status=1; wait $$two || status=1; \
	  cat .data/e2e-1.log .data/e2e-2.log; \
	  grep -h '^browser test file ' .data/e2e-1.log .data/e2e-2.log | sort -t: -k2 -rn; \
	  grep -h '^browser tests, shard ' .data/e2e-1.log .data/e2e-2.log; \
	  exit $$status

# Known vulnerabilities in the packages that ship or run (npm audit --omit=dev): the front ends'
# workspace (one lock file at the root) and MailDev. It asks the npm registry's advisory service,
# so it is not part of make test.
audit:
	@status=0; for d in . infra/maildev; do echo "== $$d"; (cd $$d && npm audit --omit=dev) || status=1; done; \
	  [ $$status = 0 ] || echo "make audit: advisories found, or the advisory service did not answer (see above)" >&2; exit $$status

clean: stop
	rm -rf bin .data portal-ui/dist portal-ui/dist-ssr admin-ui/dist
