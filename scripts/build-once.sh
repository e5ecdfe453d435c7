#!/usr/bin/env bash
# Runs a front end's build only when its inputs changed since the build that made OUT_DIR:
#   scripts/build-once.sh OUT_DIR INPUT_DIR... -- COMMAND...
# The inputs' fingerprint is the content of every file under the INPUT_DIRs (without node_modules,
# dist, dist-ssr and the browser tests), the npm lock file, the Node version, the VITE_* variables and the
# Amsterdam year (the portal's prerendered footer carries it). It is kept in OUT_DIR, removed before
# a build and written after it succeeded, and the build empties OUT_DIR: an interrupted or another
# build never leaves a stale match. make run uses
# it so that a second run does not rebuild what it built (issue 44: warm make run).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: build-once.sh OUT_DIR INPUT_DIR... -- COMMAND...}; shift
inputs=()
while [ "$#" -gt 0 ] && [ "$1" != -- ]; do inputs+=("$1"); shift; done
[ "${1:-}" = -- ] || { echo "build-once.sh: missing -- COMMAND" >&2; exit 2; }
shift
stamp="$out/.klusmaat-inputs"
fingerprint=$( {
  find "${inputs[@]}" \( -name node_modules -o -name dist -o -name dist-ssr -o -name e2e \) -prune -o -type f -print0 |
    sort -z | xargs -0 sha256sum
  sha256sum package-lock.json
  node --version
  env | grep '^VITE_' | sort || true
  TZ=Europe/Amsterdam date +%Y
} | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$fingerprint" ]; then
  echo "build-once.sh: $out is current (its inputs did not change)" >&2
  exit 0
fi
rm -f "$stamp"
"$@"
echo "$fingerprint" >"$stamp"
