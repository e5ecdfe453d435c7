#!/usr/bin/env bash
# Builds the pinned Ory Kratos once and prints the binary's path. The binary is cached outside the
# repository (a fresh clone reuses it); Go's module and build caches make a rebuild cheap.
set -euo pipefail
cd "$(dirname "$0")"
version=v1.3.1
cache=${KLUSMAAT_CACHE:-$HOME/.cache/klusmaat}
bin="$cache/kratos-$version"
if [ -x "$bin" ]; then echo "$bin"; exit 0; fi
mkdir -p "$cache"
echo "build.sh: building Ory Kratos $version (first time only; a few minutes)" >&2
# go.mod is tidy and complete (make tidy checks it), so the build takes exactly the versions it pins.
go build -trimpath -ldflags "-X github.com/ory/kratos/driver/config.Version=$version" -o "$bin.tmp" .
mv "$bin.tmp" "$bin"
echo "$bin"
