#!/usr/bin/env bash
# One shard of the browser tests: its own database (migrated and seeded), its own server, then the
# test files whose position in the sorted list falls to this shard. make e2e runs the shards at
# once, each on a stack of its own, so no test sees another shard's writes; the machine's two cores
# are otherwise idle half the time while a browser test waits for a page.
#   scripts/e2e-shard.sh SHARD SHARDS NAME PG_PORT HTTP_PORT METRICS_PORT MAIL_WEB_PORT KRATOS_PUBLIC KRATOS_ADMIN SMTP_PORT
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
# The browser tests live beside what they test: portal-ui/e2e (the site, the klusser portal, the
# status link) and admin-ui/e2e (the console); their helpers are in shared-ui/e2e.
mapfile -t files < <(ls portal-ui/e2e/*.test.mjs admin-ui/e2e/*.test.mjs | sort -t/ -k3 | awk -v s="$shard" -v n="$shards" '(NR - 1) % n == s - 1')
echo "browser tests, shard $shard of $shards: ${#files[@]} files"
BASE_URL=http://127.0.0.1:$http MAILDEV_URL=http://127.0.0.1:$mailweb E2E_DATABASE_URL=$db \
  node --test --test-concurrency=1 "${files[@]}"
