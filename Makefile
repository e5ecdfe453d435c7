# Klusmaat: `make run` starts the whole platform with demo data; `make test` runs every test.
# Both install what the machine lacks first. See README.md.
SHELL := /bin/bash
.DEFAULT_GOAL := help

DEV_PORT  := 54320
# Kratos: public and admin ports of the dev instance; MailDev: SMTP and web ports.
DEV_KRATOS  := 4433 4434
DEV_MAIL  := 1025 1080

# The throw-away test stack. TEST_OFFSET shifts every test port, so that two working copies on one
# machine can each run `make test` at once (e.g. `make test TEST_OFFSET=100`).
TEST_OFFSET ?= 0
port = $(shell echo $$(( $(1) + $(TEST_OFFSET) )))
TEST_PORT          := $(call port,54321)
E2E_HTTP           := $(call port,8099)
TEST_KRATOS_PUBLIC := $(call port,4443)
TEST_KRATOS_ADMIN  := $(call port,4444)
TEST_SMTP          := $(call port,1026)
TEST_MAILWEB       := $(call port,1081)
TEST_KRATOS := $(TEST_KRATOS_PUBLIC) $(TEST_KRATOS_ADMIN)
TEST_MAIL   := $(TEST_SMTP) $(TEST_MAILWEB)

DEV_DB_ENV := DATABASE_URL=postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:$(DEV_PORT)/klusmaat \
              DATABASE_QUEUE_URL=postgres://klusmaat_queue:klusmaat_queue_dev@127.0.0.1:$(DEV_PORT)/klusmaat \
              DATABASE_OWNER_URL=postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:$(DEV_PORT)/klusmaat
TEST_DB_ENV := DATABASE_URL=postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:$(TEST_PORT)/klusmaat \
               DATABASE_QUEUE_URL=postgres://klusmaat_queue:klusmaat_queue_dev@127.0.0.1:$(TEST_PORT)/klusmaat \
               DATABASE_OWNER_URL=postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:$(TEST_PORT)/klusmaat \
               KRATOS_PUBLIC_URL=http://127.0.0.1:$(TEST_KRATOS_PUBLIC) KRATOS_ADMIN_URL=http://127.0.0.1:$(TEST_KRATOS_ADMIN) \
               SMTP_URL=smtp://127.0.0.1:$(TEST_SMTP)
GO_TEST_ENV := KLUSMAAT_TEST_OWNER_URL=postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:$(TEST_PORT)/postgres \
               KLUSMAAT_TEST_APP_PASSWORD=klusmaat_app_dev KLUSMAAT_TEST_QUEUE_PASSWORD=klusmaat_queue_dev KLUSMAAT_REQUIRE_DB=1 \
               KLUSMAAT_TEST_KRATOS_PUBLIC_URL=http://127.0.0.1:$(TEST_KRATOS_PUBLIC) KLUSMAAT_TEST_KRATOS_ADMIN_URL=http://127.0.0.1:$(TEST_KRATOS_ADMIN) \
               KLUSMAAT_TEST_SMTP_URL=smtp://127.0.0.1:$(TEST_SMTP) KLUSMAAT_TEST_MAILDEV_URL=http://127.0.0.1:$(TEST_MAILWEB)

.PHONY: help run stop test bench bench-web deps build ui binary vet typecheck go-test ui-test e2e go-bench clean

help:
	@echo "make run    install what is missing, start PostgreSQL and the server with demo data"
	@echo "make stop   stop what make run started"
	@echo "make test   run every test (vet, type checks, Go unit and integration, Vitest, browser)"
	@echo "make build  build both front ends and bin/klusmaat"
	@echo "make bench  benchmarks and load figures, each with its baseline in the same run"
	@echo "make bench-web  first-load JS/CSS per public route and Lighthouse scores"
	@echo "                (BASE_URL=http://localhost:8080 make bench-web measures the running server)"

deps:
	@scripts/deps.sh

build: ui binary

ui:
	@cd portal-ui && npm run --silent build
	@cd admin-ui && npm run --silent build

binary:
	@go build -o bin/klusmaat ./cmd/klusmaat

run: deps build
	@scripts/pg.sh start dev $(DEV_PORT)
	@scripts/maildev.sh start dev $(DEV_MAIL)
	@KRATOS_SMTP_URI='smtp://127.0.0.1:1025/?disable_starttls=true' KLUSMAAT_BRAND=$${KLUSMAAT_BRAND:-Klusmaat} scripts/kratos.sh start dev http://localhost:8080 $(DEV_KRATOS) $(DEV_PORT)
	@$(DEV_DB_ENV) bin/klusmaat migrate
	@$(DEV_DB_ENV) bin/klusmaat seed
	@$(DEV_DB_ENV) LOG_FORMAT=text scripts/server.sh start dev
	@echo
	@echo "Klusmaat draait op http://localhost:8080  (log: .data/server-dev.log, stoppen: make stop)"
	@echo "  Beheer:  http://localhost:8080/admin/dashboard"
	@echo "  API:     http://localhost:8080/api/openapi.json"
	@echo "  E-mail:  http://localhost:1080  (MailDev: alle verstuurde e-mails)"
	@echo "Demo-accounts, wachtwoord Klusmaat-demo-2026:"
	@echo "  admin@klusmaat.nl (admin)                      -> http://localhost:8080/admin/auth"
	@echo "  franchise.denhaag@klusmaat.nl (franchise)      -> http://localhost:8080/admin/auth"
	@echo "  franchise.utrecht@klusmaat.nl (franchise)      -> http://localhost:8080/admin/auth"
	@echo "  piet.bakker@klusmaat.nl, gerrit.visser@klusmaat.nl, jan.degroot@klusmaat.nl (klusser) -> http://localhost:8080/auth"

stop:
	@scripts/server.sh stop dev
	@scripts/server.sh stop e2e
	@scripts/kratos.sh stop dev
	@scripts/kratos.sh stop test
	@scripts/maildev.sh stop dev
	@scripts/maildev.sh stop test
	@scripts/pg.sh stop dev
	@scripts/pg.sh stop test

# make test: a throw-away cluster, destroyed afterwards whatever the outcome.
test:
	@scripts/deps.sh chromium
	@scripts/pg.sh destroy test
	@scripts/pg.sh start test $(TEST_PORT)
	@status=0; scripts/maildev.sh start test $(TEST_MAIL) && \
	  KRATOS_SMTP_URI='smtp://127.0.0.1:$(TEST_SMTP)/?disable_starttls=true' KRATOS_BCRYPT_COST=4 scripts/kratos.sh start test http://127.0.0.1:$(E2E_HTTP) $(TEST_KRATOS) $(TEST_PORT) && \
	  $(MAKE) --no-print-directory vet typecheck go-test ui-test build e2e || status=$$?; \
	  scripts/server.sh stop e2e >/dev/null; scripts/kratos.sh stop test >/dev/null; scripts/maildev.sh stop test >/dev/null; \
	  scripts/pg.sh destroy test; exit $$status

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

vet:
	go vet ./...

typecheck:
	cd portal-ui && npm run --silent typecheck
	cd admin-ui && npm run --silent typecheck

# GO_TEST_ARGS narrows the run while iterating, e.g. make go-test GO_TEST_ARGS='./tenants/ -run Actor'.
GO_TEST_ARGS ?= ./...
go-test:
	$(GO_TEST_ENV) go test -count=1 $(GO_TEST_ARGS)

ui-test:
	cd portal-ui && npm test --silent
	cd admin-ui && npm test --silent

# The browser smoke test against the real server on the test cluster.
e2e:
	$(TEST_DB_ENV) bin/klusmaat migrate
	$(TEST_DB_ENV) bin/klusmaat seed
	$(TEST_DB_ENV) KLUSMAAT_LISTEN=127.0.0.1:$(E2E_HTTP) KLUSMAAT_FORM_LIMIT=1000 scripts/server.sh start e2e
	cd portal-ui && BASE_URL=http://127.0.0.1:$(E2E_HTTP) MAILDEV_URL=http://127.0.0.1:$(TEST_MAILWEB) \
	  E2E_DATABASE_URL=postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:$(TEST_PORT)/klusmaat npm run --silent e2e

clean: stop
	rm -rf bin .data portal-ui/dist portal-ui/dist-ssr admin-ui/dist
