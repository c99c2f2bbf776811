#!/usr/bin/env bash
# Stops the servers that up.sh started (found by their pid files); leaves installs and caches alone.
# With names (postgres redis kafka ferretdb), stops only those and keeps env.sh: the fault drills stop one server and
# start it again with its own script (`bash scripts/servers/kafka.sh`).
set -euo pipefail
LOG_TAG=down
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# Sends TERM to the pid in file $1, if its command line contains $2, and waits up to $3 seconds before KILL.
stop_pid_file() {
  local file="$1" pattern="$2" grace="$3" pid
  pid_is "$file" "$pattern" || { rm -f "$file"; return 0; }
  pid="$(head -n1 "$file")"
  log "stopping pid $pid ($file)"
  kill "$pid" 2>/dev/null || true
  for ((i = 0; i < grace; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "pid $pid still alive after ${grace}s; killing"
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

stop_postgres() {
  # postmaster.pid holds the postmaster's pid on its first line; TERM is PostgreSQL's "smart" shutdown,
  # so ask for a fast one (SIGINT) first.
  local pg_pid_file="$VELLUM_RUN_DIR/pg/data/postmaster.pid"
  if pid_is "$pg_pid_file" postgres; then
    kill -INT "$(head -n1 "$pg_pid_file")" 2>/dev/null || true
    for ((i = 0; i < 30; i++)); do
      pid_alive "$pg_pid_file" || break
      sleep 1
    done
    if pid_alive "$pg_pid_file"; then
      log "postgres still running after 30s (pid $(head -n1 "$pg_pid_file"))"
    else
      log "postgres stopped"
    fi
  fi
}

stop_server() {
  case "$1" in
    kafka)
      stop_pid_file "$VELLUM_RUN_DIR/kafka/kafka.pid" kafka.Kafka 30
      rm -f "$VELLUM_RUN_DIR/kafka/ready.pid"
      ;;
    redis) stop_pid_file "$VELLUM_RUN_DIR/redis/redis.pid" redis-server 10 ;;
    ferretdb) stop_pid_file "$VELLUM_RUN_DIR/ferretdb/ferretdb.pid" ferretdb 10 ;;
    postgres) stop_postgres ;;
    *) die "no server named $1 (postgres, redis, kafka, ferretdb)" ;;
  esac
}

if (($# > 0)); then
  for name in "$@"; do stop_server "$name"; done
  exit 0
fi
for name in kafka redis ferretdb postgres; do stop_server "$name"; done
rm -f "$VELLUM_RUN_DIR/env.sh"
