#!/usr/bin/env bash
# The mail catcher (MailDev 2 from npm): an SMTP server on loopback whose web view shows every
# e-mail the platform sends, and whose REST API (GET /email) the tests read.
#   scripts/maildev.sh start NAME SMTP_PORT WEB_PORT
#   scripts/maildev.sh stop NAME
set -euo pipefail
cd "$(dirname "$0")/.."
cmd=${1:?usage: maildev.sh start|stop NAME [SMTP_PORT WEB_PORT]}
name=${2:?name}
pidfile=.data/maildev-$name.pid
log=.data/maildev-$name.log
mkdir -p .data

stop() {
  if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    kill "$(cat "$pidfile")"
    for _ in $(seq 1 50); do kill -0 "$(cat "$pidfile")" 2>/dev/null || break; sleep 0.1; done
    echo "maildev.sh: maildev '$name' stopped"
  fi
  rm -f "$pidfile"
}

case "$cmd" in
start)
  smtp=${3:?smtp port}; web=${4:?web port}
  stop >/dev/null
  nohup infra/maildev/node_modules/.bin/maildev --ip 127.0.0.1 --smtp "$smtp" --web "$web" \
    --web-ip 127.0.0.1 --silent >"$log" 2>&1 &
  echo $! >"$pidfile"
  for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$web/email" >/dev/null 2>&1; then exit 0; fi
    kill -0 "$(cat "$pidfile")" 2>/dev/null || { echo "maildev.sh: maildev exited; log $log:" >&2; tail -20 "$log" >&2; exit 1; }
    sleep 0.1
  done
  echo "maildev.sh: maildev did not start; log $log:" >&2; tail -20 "$log" >&2; exit 1
  ;;
stop) stop ;;
*) echo "usage: maildev.sh start|stop NAME ..." >&2; exit 2 ;;
esac
