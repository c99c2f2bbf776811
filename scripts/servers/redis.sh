#!/usr/bin/env bash
# Starts (or reuses) a Redis server on 127.0.0.1:${REDIS_PORT:-56379}, without persistence.
# Prints REDIS_URL=... on stdout.
set -euo pipefail
LOG_TAG=redis
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

REDIS_PORT="${REDIS_PORT:-56379}"
REDIS_DIR="$VELLUM_RUN_DIR/redis"

redis_ping() {
  [[ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" == PONG ]]
}

apt_install_missing redis-server redis-tools

if redis_ping; then
  log "reusing the server already answering on 127.0.0.1:$REDIS_PORT"
else
  mkdir -p "$REDIS_DIR"
  log "starting on 127.0.0.1:$REDIS_PORT"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes \
    --save '' --appendonly yes --appendfsync everysec --dir "$REDIS_DIR" \
    --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log"
  wait_for redis 20 redis_ping || { tail -n 20 "$REDIS_DIR/redis.log" >&2; die 'server did not answer PING'; }
fi

# Sessions live here: like production's (charts/README.md), the server keeps them across its own restart (an
# append-only file, fsync'd each second), so a restart signs nobody out. Set on a reused server too.
redis-cli -p "$REDIS_PORT" CONFIG SET appendonly yes >/dev/null
redis-cli -p "$REDIS_PORT" CONFIG SET appendfsync everysec >/dev/null

echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
