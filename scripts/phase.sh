#!/usr/bin/env bash
# Times the phases of `make run` and `make test` and prints them (issue 44: say where the time goes).
# PHASES names the table (default .data/run-phases.tsv; make test keeps its own).
#   scripts/phase.sh begin                    forget the previous run's phases
#   scripts/phase.sh NAME COMMAND...          run COMMAND as phase NAME, record its seconds
#   scripts/phase.sh bg NAME LOG COMMAND...   start COMMAND as phase NAME in the background (output
#                                             to LOG) and return at once
#   scripts/phase.sh wait NAME                (as a phase's COMMAND) wait for background phase NAME
#                                             and exit with its status (its log's end on failure)
#   scripts/phase.sh report                   print the table of phases (wall clock and CPU) and the total
# A background phase's line is its own duration; the 'waiting for' line after it is the part of it
# that the foreground steps did not hide. A phase named '(lane) …' runs inside another phase (one
# of make test's two lanes): its line is shown, and its CPU is already in the enclosing phase's.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .data
log=${PHASES:-.data/run-phases.tsv}
now() { date +%s.%N; }
# CPU seconds the whole machine has been busy since boot (every process, PostgreSQL, Kratos and the
# browsers too, which a phase's own CPU does not count: they are not its children), from /proc/stat.
busy() { awk -v hz="$(getconf CLK_TCK)" '$1 == "cpu" { print ($2 + $3 + $4 + $7 + $8 + $9) / hz; exit }' /proc/stat; }
# status file of a background phase
rcfile() { echo ".data/phase-$(printf '%s' "$1" | tr -c 'A-Za-z0-9' '-').rc"; }
case "${1:?usage: phase.sh begin | NAME COMMAND... | bg NAME LOG COMMAND... | wait NAME | report}" in
begin)
  printf 'start\t%s\t\t%s\n' "$(now)" "$(busy)" >"$log"
  rm -f .data/phase-*.rc .data/phase-*.rc.pid
  ;;
report)
  [ -f "$log" ] || exit 0
  # machine: the CPU seconds of the whole machine during the phase (so also other work on it), and
  # how many of its cores that kept busy on average: what is left idle is room for more at once.
  awk -F'\t' -v busy="$(busy)" -v cores="$(nproc)" '
    function row(name, wall, cpu, mach) {
      printf "  %-58s %7.1f s %7.1f s", name, wall, cpu
      if (mach != "") printf " %7.1f s %5.2f", mach, (wall > 0 ? mach / wall : 0)
      printf "\n"
    }
    NR == 1 { start = $2; busy0 = $4
      printf "  %-58s %9s %9s %9s %5s\n", "phase", "wall", "CPU", "machine", "cores"; next }
    { row($1, $2, $3, $4); if ($1 !~ /^(waiting for|\(lane\))/) cpu += $3 }
    END { "date +%s.%N" | getline end
      row("total (wall clock; background phases run beside the rest)", end - start, cpu, busy0 == "" ? "" : busy - busy0)
      if (busy0 != "") printf "  (cores: the machine CPU over the wall clock, of %d)\n", cores }' "$log"
  ;;
bg)
  name=${2:?name}; out=${3:?log}; shift 3
  rc=$(rcfile "$name"); rm -f "$rc"
  # setsid: the step outlives the recipe line's shell; its log is kept for a failure report
  setsid "$0" "(background) $name" "$@" </dev/null >"$out" 2>&1 &
  printf '%s\t%s\n' "$!" "$out" >"$rc.pid"
  ;;
wait)
  name=${2:?name}; rc=$(rcfile "$name")
  # Polled with bash's builtins and one sleep a round: a wait of minutes beside the builds costs
  # them next to no CPU.
  pid="" out=""
  IFS=$'\t' read -r pid out 2>/dev/null <"$rc.pid"
  while [ ! -f "$rc" ]; do
    if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
      [ -f "$rc" ] && break
      echo "phase.sh: background phase '$name' is not running" >&2; exit 1
    fi
    sleep 0.5
  done
  read -r status <"$rc"
  if [ "$status" != 0 ]; then
    echo "make run: '$name' failed ($out):" >&2; tail -20 "$out" >&2
  fi
  exit "$status"
  ;;
*)
  # CPU seconds (user + system) of this process's children that have ended: bash's `times`, second
  # line. A shell that runs `A && phase.sh …` may exec this script in its own place, and the CPU of
  # its earlier children (A) stays counted across exec, so a phase's CPU is the difference.
  # (`times` runs in this shell itself: in a $(…) subshell it would count that subshell's children.)
  tf=$(mktemp)
  children_cpu() {
    awk 'NR == 2 { n = split($0, f, /[ ms]+/); t = 0; for (i = 1; i + 1 <= n; i += 2) if (f[i] != "") t += f[i] * 60 + f[i + 1]; print t }' "$tf"
  }
  name=$1; shift; t0=$(now); b0=$(busy); times >"$tf"; cpu0=$(children_cpu)
  "$@"; status=$?
  # The phase's processes that ended with it. On this machine's two cores a phase cannot take less
  # than CPU / 2.
  times >"$tf"; cpu=$(awk -v a="$(children_cpu)" -v b="$cpu0" 'BEGIN { print a - b }'); rm -f "$tf"
  printf '%s\t%s\t%s\t%s\n' "$name" "$(awk -v a="$(now)" -v b="$t0" 'BEGIN { print a - b }')" "$cpu" \
    "$(awk -v a="$(busy)" -v b="$b0" 'BEGIN { print a - b }')" >>"$log"
  case "$name" in "(background) "*) echo "$status" >"$(rcfile "${name#(background) }")" ;; esac
  exit $status
  ;;
esac
