#!/usr/bin/env bash
# A private PostgreSQL cluster for development and tests, under .data/ in the repository.
#
#   scripts/pg.sh start NAME PORT   create (first time), start, and bootstrap roles + database
#   scripts/pg.sh stop NAME         stop it
#   scripts/pg.sh destroy NAME      stop it and delete its data
#
# It uses Debian's PostgreSQL server binaries and installs the package when they are missing.
# initdb and postgres refuse to run as root, so as root the cluster runs as the 'postgres' OS user.
# Superuser access is only through the cluster's own Unix socket; TCP listens on 127.0.0.1 and asks
# for passwords (scram-sha-256).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

cmd=${1:?usage: pg.sh start|stop|destroy NAME [PORT]}
name=${2:?cluster name}
port=${3:-54320}
owner_password=${KLUSMAAT_DB_OWNER_PASSWORD:-klusmaat_owner_dev}
app_password=${KLUSMAAT_DB_APP_PASSWORD:-klusmaat_app_dev}
queue_password=${KLUSMAAT_DB_QUEUE_PASSWORD:-klusmaat_queue_dev}
kratos_password=${KLUSMAAT_DB_KRATOS_PASSWORD:-klusmaat_kratos_dev}
dbname=${KLUSMAAT_DB_NAME:-klusmaat}

data="$root/.data/pg-$name"
sock="$data/run"

find_bin() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$d/pg_ctl" ] && { echo "$d"; return 0; }
  done
  return 1
}

bin=$(find_bin || true)
if [ -z "$bin" ] && [ "$cmd" = start ]; then
  echo "pg.sh: PostgreSQL server not found; installing Debian's postgresql package" >&2
  if [ "$(id -u)" -ne 0 ]; then echo "pg.sh: run as root or install postgresql yourself" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  bin=$(find_bin)
fi

# as_pg runs a command as the cluster's OS user.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

running() { [ -n "$bin" ] && [ -f "$data/PG_VERSION" ] && as_pg "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

case "$cmd" in
start)
  mkdir -p "$root/.data"
  if [ ! -f "$data/PG_VERSION" ]; then
    mkdir -p "$data"
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres: "$data"
      # The postgres user must be able to reach the data directory through every parent folder.
      if ! runuser -u postgres -- test -w "$data"; then
        echo "pg.sh: the postgres user cannot reach $data; put the repository in a folder others can traverse" >&2
        exit 1
      fi
    fi
    chmod 700 "$data"
    as_pg "$bin/initdb" -D "$data" -U postgres -E UTF8 --locale=C.UTF-8 \
      --auth-local=trust --auth-host=scram-sha-256 >"$root/.data/pg-$name-initdb.log"
  fi
  if ! running; then
    as_pg mkdir -p "$sock"
    as_pg "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
      -o "-p $port -k $sock -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
  fi
  psql_su() { as_pg psql -X -q -v ON_ERROR_STOP=1 -h "$sock" -p "$port" -U postgres "$@"; }
  psql_su -d postgres -v owner_password="$owner_password" -v app_password="$app_password" \
    -v queue_password="$queue_password" -v kratos_password="$kratos_password" -f - <"$root/tenants/schema/bootstrap.sql"
  # Harden template1 first, so that every database made from it (the app's, the tests') starts so.
  psql_su -d template1 -f - <"$root/tenants/schema/bootstrap_database.sql"
  if [ "$(psql_su -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$dbname'")" != 1 ]; then
    psql_su -d postgres -c "CREATE DATABASE \"$dbname\" OWNER klusmaat_owner"
  fi
  psql_su -d "$dbname" -f - <"$root/tenants/schema/bootstrap_database.sql"
  # Kratos keeps identities and sessions in a database of its own, in the same cluster.
  if [ "$(psql_su -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'kratos'")" != 1 ]; then
    psql_su -d postgres -c "CREATE DATABASE kratos OWNER klusmaat_kratos"
  fi
  echo "pg.sh: cluster '$name' on 127.0.0.1:$port (data in $data)"
  ;;
stop)
  if running; then as_pg "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null; echo "pg.sh: cluster '$name' stopped"; fi
  ;;
destroy)
  if running; then as_pg "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null; fi
  rm -rf "$data"
  ;;
*)
  echo "usage: pg.sh start|stop|destroy NAME [PORT]" >&2; exit 2 ;;
esac
