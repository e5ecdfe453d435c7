#!/usr/bin/env bash
# Backup drill: proves that a logical backup of the Klusmaat database restores, and restores
# everything. It dumps the database (pg_dump -Fc), restores the dump into a fresh database
# klusmaat_restore_drill on the same server (pg_restore), compares the row count of every table
# (klussen, facturen and audit_log printed), drops the drill database, and exits non-zero on any
# difference or failure.
#
#   scripts/backup-drill.sh HOST PORT
#
#   HOST  host name, or the Unix-socket directory (for a scripts/pg.sh cluster: .data/pg-NAME/run)
#   PORT  port
#
# Environment:
#   DRILL_USER  the role that dumps, restores and counts (default postgres). It must be a
#               superuser or have BYPASSRLS: every Klusmaat table has FORCE ROW LEVEL SECURITY,
#               which binds the schema owner too, so as klusmaat_owner pg_dump stops at the first
#               table its policies hide ("query would be affected by row-level security policy")
#               and counts see only what the policies show. Restoring also recreates objects
#               owned by every role.
#   PGPASSWORD  its password, when the server asks for one (libpq's own variable)
#   DRILL_DB    the database to back up (default klusmaat)
#
# The source's counts are taken in the snapshot pg_dump dumps (pg_export_snapshot), so the
# comparison holds on a database that is being written to. The drill database is dropped however
# the script ends (so run one drill at a time per server). The dump itself is not kept: this is a
# drill, not a backup (docs/operations.md, Backup and restore).
set -euo pipefail

host=${1:?usage: backup-drill.sh HOST PORT (HOST may be a Unix-socket directory)}
port=${2:?usage: backup-drill.sh HOST PORT}
# libpq takes a host for a socket directory only when it is an absolute path.
if [ -d "$host" ]; then host=$(cd "$host" && pwd); fi
user=${DRILL_USER:-postgres}
source_db=${DRILL_DB:-klusmaat}
drill_db=klusmaat_restore_drill
# Printed first, and required to exist: what the operations issue asks the drill to show.
named_tables=(public.klussen public.facturen public.audit_log)

if [ "$source_db" = "$drill_db" ]; then
  echo "backup-drill: DRILL_DB must not be $drill_db, the database this script drops" >&2
  exit 2
fi
for tool in psql pg_dump pg_restore; do
  command -v "$tool" >/dev/null || { echo "backup-drill: $tool not found (Debian: apt-get install postgresql-client)" >&2; exit 2; }
done

conn=(-h "$host" -p "$port" -U "$user" -w)
# NOTICEs ("does not exist, skipping") are noise here; warnings and errors still show.
psql_q() { PGOPTIONS='-c client_min_messages=warning' psql -X -q -At -v ON_ERROR_STOP=1 "${conn[@]}" "$@"; }
seconds_since() { local ms=$(( ($(date +%s%N) - $1) / 1000000 )); printf '%d.%03d' $((ms / 1000)) $((ms % 1000)); }

# Every table's exact row count, as "schema.table|count" sorted by name; query_to_xml runs one
# count(*) per table inside this single statement.
count_sql="SELECT format('%I.%I', table_schema, table_name) || '|' ||
  (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I.%I', table_schema, table_name), false, true, '')))[1]::text
FROM information_schema.tables
WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
ORDER BY 1;"

work=$(mktemp -d)
snapshot_pid=""
cleanup() {
  status=$?
  [ -n "$snapshot_pid" ] && kill "$snapshot_pid" 2>/dev/null || true
  psql_q -d postgres -c "DROP DATABASE IF EXISTS $drill_db WITH (FORCE)" 2>/dev/null ||
    echo "backup-drill: could not drop $drill_db; drop it by hand" >&2
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT

# 1. Who we are: without superuser or BYPASSRLS the dump would fail and the counts be partial.
privileged=$(psql_q -d "$source_db" -c "SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user")
if [ "$privileged" != t ]; then
  echo "backup-drill: $user is neither superuser nor BYPASSRLS; row-level security (FORCE, also for the owner) would hide the rows. Set DRILL_USER." >&2
  exit 2
fi
for t in "${named_tables[@]}"; do
  if [ "$(psql_q -d "$source_db" -c "SELECT to_regclass('$t') IS NOT NULL")" != t ]; then
    echo "backup-drill: table $t not found in $source_db (not migrated?)" >&2
    exit 2
  fi
done
server_version=$(psql_q -d "$source_db" -c "SHOW server_version")
owner=$(psql_q -d "$source_db" -c "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()")
echo "backup-drill: $source_db on $host:$port (PostgreSQL $server_version, owner $owner), as $user; $(pg_dump --version)"

# 2. A read-only transaction whose snapshot pg_dump dumps and in which the source is counted.
# It stays open (a coprocess) until both are done.
coproc SNAPSHOT { psql -X -q -At -v ON_ERROR_STOP=1 "${conn[@]}" -d "$source_db"; }
snapshot_pid=$SNAPSHOT_PID
ask() { # sends SQL to the open transaction, prints its result lines up to the marker
  printf '%s\nSELECT %s;\n' "$1" "'--end--'" >&"${SNAPSHOT[1]}"
  local line
  while IFS= read -r line <&"${SNAPSHOT[0]}"; do
    [ "$line" = --end-- ] && return 0
    printf '%s\n' "$line"
  done
  echo "backup-drill: the snapshot session ended unexpectedly" >&2
  return 1
}
snapshot=$(ask "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SELECT pg_export_snapshot();")
ask "$count_sql" >"$work/source.counts"

# 3. Dump.
start=$(date +%s%N)
pg_dump "${conn[@]}" -d "$source_db" -Fc --snapshot="$snapshot" -f "$work/klusmaat.dump"
dump_s=$(seconds_since "$start")
ask "COMMIT;" >/dev/null
printf '\\q\n' >&"${SNAPSHOT[1]}" 2>/dev/null || true
wait "$snapshot_pid" 2>/dev/null || true
snapshot_pid=""
echo "backup-drill: dumped in ${dump_s}s, $(du -h "$work/klusmaat.dump" | cut -f1)"

# 4. Restore into a fresh database: from template0 (no objects of its own), owned like the source.
psql_q -d postgres -c "DROP DATABASE IF EXISTS $drill_db WITH (FORCE)"
psql_q -d postgres -c "CREATE DATABASE $drill_db TEMPLATE template0 OWNER \"$owner\""
start=$(date +%s%N)
pg_restore "${conn[@]}" -d "$drill_db" --exit-on-error --single-transaction "$work/klusmaat.dump"
restore_s=$(seconds_since "$start")
echo "backup-drill: restored into $drill_db in ${restore_s}s"
psql_q -d "$drill_db" -c "$count_sql" >"$work/restore.counts"

# 5. Compare.
status=0
printf '%-22s %12s %12s\n' table source restored
for t in "${named_tables[@]}"; do
  s=$(awk -F'|' -v t="$t" '$1 == t { print $2 }' "$work/source.counts")
  r=$(awk -F'|' -v t="$t" '$1 == t { print $2 }' "$work/restore.counts")
  mark=""; [ "$s" = "$r" ] || { mark="  DIFFERENT"; status=1; }
  printf '%-22s %12s %12s%s\n' "${t#public.}" "$s" "${r:-missing}" "$mark"
done
if ! diff -u "$work/source.counts" "$work/restore.counts" >"$work/diff"; then
  echo "backup-drill: row counts differ (- source, + restored):" >&2
  grep '^[-+][^-+]' "$work/diff" >&2
  status=1
fi
tables=$(wc -l <"$work/source.counts")
rows=$(awk -F'|' '{ n += $2 } END { print n }' "$work/source.counts")
if [ $status -eq 0 ]; then
  echo "backup-drill: ok: $tables tables, $rows rows, every count equal; dropping $drill_db"
else
  echo "backup-drill: FAILED: the restored database differs from the source" >&2
fi
exit $status
