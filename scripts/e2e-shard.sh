#!/usr/bin/env bash
# One shard of the browser tests: its own database (migrated and seeded), its own server, then the
# test files of its queue one at a time (QUEUE, one path a line; make e2e splits the files between
# the shards by their measured times). make e2e runs the shards at once, each on a stack of its own,
# so no test sees another shard's writes; the machine's two cores are otherwise idle half the time
# while a browser test waits for a page. Each file's time is printed after it.
#   QUEUE=FILE scripts/e2e-shard.sh SHARD SHARDS NAME PG_PORT HTTP_PORT METRICS_PORT MAIL_WEB_PORT KRATOS_PUBLIC KRATOS_ADMIN SMTP_PORT
set -euo pipefail
cd "$(dirname "$0")/.."
shard=$1 shards=$2 name=$3 pg=$4 http=$5 metrics=$6 mailweb=$7 kpub=$8 kadm=$9 smtp=${10}
db="postgres://klusmaat_app:klusmaat_app_dev@127.0.0.1:$pg/klusmaat"
export DATABASE_URL=$db
export DATABASE_QUEUE_URL=postgres://klusmaat_queue:klusmaat_queue_dev@127.0.0.1:$pg/klusmaat
export DATABASE_OWNER_URL=postgres://klusmaat_owner:klusmaat_owner_dev@127.0.0.1:$pg/klusmaat
export KRATOS_PUBLIC_URL=http://127.0.0.1:$kpub KRATOS_ADMIN_URL=http://127.0.0.1:$kadm SMTP_URL=smtp://127.0.0.1:$smtp
bin/klusmaat migrate >/dev/null
bin/klusmaat seed >/dev/null
KLUSMAAT_LISTEN=127.0.0.1:$http METRICS_ADDR=127.0.0.1:$metrics KLUSMAAT_PUBLIC_URL=http://127.0.0.1:$http \
  KLUSMAAT_FORM_LIMIT=1000 KLUSMAAT_LOGIN_LIMIT=1000 scripts/server.sh start "$name"
queue=${QUEUE:?QUEUE names the file of the shard test files}
export BASE_URL=http://127.0.0.1:$http MAILDEV_URL=http://127.0.0.1:$mailweb E2E_DATABASE_URL=$db
files=0 passed=0 failed=0 status=0
out=$(mktemp); trap 'rm -f "$out"' EXIT
while read -r f; do
  [ -n "$f" ] || continue
  t0=$(date +%s)
  node --test --test-concurrency=1 "$f" </dev/null >"$out" 2>&1 || status=1
  cat "$out"
  files=$((files + 1))
  passed=$((passed + $(awk '/^# pass / { n = $3 } END { print n + 0 }' "$out")))
  failed=$((failed + $(awk '/^# fail / { n = $3 } END { print n + 0 }' "$out")))
  echo "browser test file $f: $(($(date +%s) - t0)) s, shard $shard"
done <"$queue"
echo "browser tests, shard $shard of $shards: $files files, $passed passed, $failed failed"
exit $status
