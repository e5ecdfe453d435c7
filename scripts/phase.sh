#!/usr/bin/env bash
# Times the phases of `make run` and prints them (issue 44: say where a first run's time goes).
#   scripts/phase.sh begin               forget the previous run's phases
#   scripts/phase.sh NAME COMMAND...     run COMMAND as phase NAME, record its seconds
#   scripts/phase.sh wait-quiet FILE     (as a phase's COMMAND) wait until a background step wrote
#                                        FILE, its exit status, and exit with that status
#   scripts/phase.sh report              print the table of phases and the total
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .data
log=.data/run-phases.tsv
now() { date +%s.%N; }
case "${1:?usage: phase.sh begin | NAME COMMAND... | wait-quiet FILE | report}" in
begin)
  printf 'start\t%s\n' "$(now)" >"$log"
  ;;
report)
  [ -f "$log" ] || exit 0
  awk -F'\t' 'NR == 1 { start = $2; next }
    { printf "  %-52s %7.1f s\n", $1, $2 }
    END { "date +%s.%N" | getline end; printf "  %-52s %7.1f s\n", "total (wall clock; some phases run at once)", end - start }' "$log"
  ;;
wait-quiet)
  # the COMMAND of a phase: wait for the background step's status file and exit with its status
  file=${2:?file}
  while [ ! -f "$file" ]; do sleep 0.5; done
  exit "$(cat "$file")"
  ;;
*)
  name=$1; shift; t0=$(now)
  "$@"; status=$?
  printf '%s\t%s\n' "$name" "$(awk -v a="$(now)" -v b="$t0" 'BEGIN { print a - b }')" >>"$log"
  exit $status
  ;;
esac
