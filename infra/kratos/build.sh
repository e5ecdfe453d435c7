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
# go.mod is tidy and complete (make tidy checks it), so the build takes exactly the versions it pins,
# and fetches only the modules of the packages it compiles. No -trimpath: the standard library is
# then the same build as bin/klusmaat's and compiled once on a fresh machine. -s -w: no symbol table
# and DWARF (stack traces keep their file and line), which saves the link a good part of its time;
# and since the link drops it, the compiler makes no DWARF for Kratos's own ~750 packages either
# (-dwarf=false; the standard library keeps the default flags, so its build stays bin/klusmaat's).
# The machine code is the same: only debug information is left out; optimisation stays on.
tmp=$(mktemp "$bin.XXXXXX")
trap 'rm -f "$tmp"' EXIT
go build -gcflags=all=-dwarf=false -gcflags=std= -ldflags "-s -w -X github.com/ory/kratos/driver/config.Version=$version" -o "$tmp" .
chmod 755 "$tmp"
mv "$tmp" "$bin"
echo "$bin"
