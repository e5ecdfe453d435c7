#!/usr/bin/env bash
# Runs bin/klusmaat serve in the background and waits until it is ready.
#   scripts/server.sh start NAME   (environment: the server's configuration, see `klusmaat help`)
#   scripts/server.sh stop NAME
set -euo pipefail
cd "$(dirname "$0")/.."
cmd=${1:?usage: server.sh start|stop NAME}
name=${2:?name}
pidfile=.data/server-$name.pid
log=.data/server-$name.log
mkdir -p .data

stop() {
  if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    kill "$(cat "$pidfile")"
    for _ in $(seq 1 50); do kill -0 "$(cat "$pidfile")" 2>/dev/null || break; sleep 0.1; done
    echo "server.sh: server '$name' stopped"
  fi
  rm -f "$pidfile"
}

case "$cmd" in
start)
  stop >/dev/null
  addr=${KLUSMAAT_LISTEN:-:8080}
  nohup bin/klusmaat serve >"$log" 2>&1 &
  echo $! >"$pidfile"
  url="http://127.0.0.1:${addr##*:}"
  for _ in $(seq 1 100); do
    if curl -fsS "$url/readyz" >/dev/null 2>&1; then exit 0; fi
    if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
      echo "server.sh: the server exited; its log ($log):" >&2; tail -20 "$log" >&2; exit 1
    fi
    sleep 0.2
  done
  echo "server.sh: the server did not become ready; its log ($log):" >&2; tail -20 "$log" >&2; exit 1
  ;;
stop) stop ;;
*) echo "usage: server.sh start|stop NAME" >&2; exit 2 ;;
esac
