#!/usr/bin/env bash
# Runs Ory Kratos for one instance (dev or test) against the private PostgreSQL cluster.
#   scripts/kratos.sh start NAME ORIGIN PUBLIC_PORT ADMIN_PORT PG_PORT
#   scripts/kratos.sh stop NAME
# ORIGIN is the site's origin as the browser sees it (the Go server), e.g. http://localhost:8080;
# Kratos's public API is reached at ORIGIN/.ory/ through the server's proxy.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
cmd=${1:?usage: kratos.sh start|stop NAME ...}
name=${2:?name}
pidfile=.data/kratos-$name.pid
log=.data/kratos-$name.log
mkdir -p .data

stop() {
  if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    kill "$(cat "$pidfile")"
    for _ in $(seq 1 50); do kill -0 "$(cat "$pidfile")" 2>/dev/null || break; sleep 0.1; done
    echo "kratos.sh: kratos '$name' stopped"
  fi
  rm -f "$pidfile"
}

case "$cmd" in
start)
  origin=${3:?origin}; public_port=${4:?public port}; admin_port=${5:?admin port}; pg_port=${6:?pg port}
  stop >/dev/null
  # A Kratos of another checkout (or one left by an interrupted run) on these ports would answer the
  # readiness check below in place of ours, with another database behind it: refuse instead.
  for port in "$public_port" "$admin_port"; do
    if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then
      echo "kratos.sh: 127.0.0.1:$port already answers: another process (a Kratos left running?) holds it; stop it or use another TEST_OFFSET" >&2
      exit 1
    fi
  done
  bin=$(infra/kratos/build.sh)
  # Secrets: generated once per machine for development and tests; production passes its own.
  secrets=.data/kratos-secrets
  if [ ! -f "$secrets" ]; then
    umask 077
    printf 'SECRETS_COOKIE=%s\nSECRETS_CIPHER=%s\nSECRETS_DEFAULT=%s\n' \
      "$(head -c 24 /dev/urandom | base64 | tr -dc A-Za-z0-9)" \
      "$(head -c 48 /dev/urandom | base64 | tr -dc A-Za-z0-9 | head -c 32)" \
      "$(head -c 24 /dev/urandom | base64 | tr -dc A-Za-z0-9)" >"$secrets"
  fi
  set -a; . "$secrets"; set +a
  config=.data/kratos-$name.yml
  sed -e "s#@ORIGIN@#$origin#g" -e "s#@PUBLIC_PORT@#$public_port#g" -e "s#@ADMIN_PORT@#$admin_port#g" \
      -e "s#@DIR@#$root/infra/kratos#g" -e "s#@BRAND@#${KLUSMAAT_BRAND:-Klusmaat}#g" \
      -e "s#@SMTP_URI@#${KRATOS_SMTP_URI:-smtp://127.0.0.1:1025/?disable_starttls=true}#g" \
      -e "s#@FROM_ADDRESS@#${KRATOS_FROM_ADDRESS:-no-reply@klusmaat.nl}#g" \
      -e "s#@BCRYPT_COST@#${KRATOS_BCRYPT_COST:-10}#g" \
      infra/kratos/kratos.yml.tmpl >"$config"
  export DSN="postgres://klusmaat_kratos:${KLUSMAAT_DB_KRATOS_PASSWORD:-klusmaat_kratos_dev}@127.0.0.1:$pg_port/kratos?sslmode=disable&max_conns=20"
  "$bin" migrate sql -e --yes --config "$config" >>"$log" 2>&1
  # --dev lets Kratos set its cookies without the Secure flag, for plain-HTTP development and tests
  # on loopback. Production serves HTTPS and runs without it (KRATOS_DEV=0).
  dev=""; [ "${KRATOS_DEV:-1}" = 1 ] && dev=--dev
  nohup "$bin" serve --config "$config" --watch-courier $dev >>"$log" 2>&1 &
  echo $! >"$pidfile"
  for _ in $(seq 1 150); do
    if curl -fsS "http://127.0.0.1:$admin_port/health/ready" >/dev/null 2>&1; then
      echo "kratos.sh: kratos '$name' ready (public 127.0.0.1:$public_port, admin 127.0.0.1:$admin_port)"
      exit 0
    fi
    kill -0 "$(cat "$pidfile")" 2>/dev/null || { echo "kratos.sh: kratos exited; log $log:" >&2; tail -20 "$log" >&2; exit 1; }
    sleep 0.2
  done
  echo "kratos.sh: kratos did not become ready; log $log:" >&2; tail -20 "$log" >&2; exit 1
  ;;
stop) stop ;;
*) echo "usage: kratos.sh start|stop NAME ..." >&2; exit 2 ;;
esac
