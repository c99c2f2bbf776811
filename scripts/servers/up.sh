#!/usr/bin/env bash
# Installs what is missing and starts (or reuses) every server the tests use, on loopback.
# Writes $VELLUM_RUN_DIR/env.sh with export lines for callers to `source`, and prints them.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOG_TAG=up
source "$HERE/common.sh"

ENV_FILE="$VELLUM_RUN_DIR/env.sh"
lines=()

step() {
  local script="$1" start=$SECONDS out
  out="$(bash "$HERE/$script")" || die "$script failed"
  log "$script done in $((SECONDS - start))s"
  while IFS= read -r line; do
    if [[ "$line" =~ ^[A-Z_][A-Z0-9_]*= ]]; then
      lines+=("$line")
    fi
  done <<<"$out"
}

# The servers' ports lie in Linux's ephemeral range (32768-60999): while a fault drill has a server stopped, any new
# connection or listen(0) on the machine may be given its port, and the server then cannot start again (CI,
# 2026-11-29: Kafka's PROXIED listener, "Address already in use" on 59094). Reserved ports are never handed out so;
# the setting is the network namespace's (root only: elsewhere the risk stays, and is said).
reserve_ports() {
  local file=/proc/sys/net/ipv4/ip_local_reserved_ports current ports
  ports="${PG_PORT:-55432},${REDIS_PORT:-56379},${FERRETDB_PORT:-57017},${FERRETDB_DEBUG_PORT:-57018}"
  ports+=",${KAFKA_PORT:-59092},${KAFKA_CONTROLLER_PORT:-59093},${KAFKA_PROXIED_PORT:-59094}"
  local proxied="${KAFKA_PROXIED_ADDRESS:-127.0.0.1:59095}"
  ports+=",${proxied##*:}"
  current="$(cat "$file" 2>/dev/null)" || return 0
  if ! printf '%s' "${current:+$current,}$ports" >"$file" 2>/dev/null; then
    log "could not reserve ports $ports (not root?): a stopped server's port may be taken meanwhile"
  fi
}

total=$SECONDS
reserve_ports
# The Go-built tools compile while the stores download and start. With VELLUM_GO_TOOLS=background (.ci/run) they
# go on compiling after this script ends, beside the install, lint and build, their log in go-tools.log and their
# state in go-tools.status; the test lanes wait for them (scripts/go-tools-ready.js). Otherwise this script waits.
GO_TOOLS_STATUS="$VELLUM_RUN_DIR/go-tools.status"
if [[ "${VELLUM_GO_TOOLS:-wait}" == background ]]; then
  log "go-tools.sh runs in the background: $VELLUM_RUN_DIR/go-tools.log"
  echo starting >"$GO_TOOLS_STATUS"
  (
    echo "running $BASHPID" >"$GO_TOOLS_STATUS"
    if bash "$HERE/go-tools.sh" >/dev/null 2>"$VELLUM_RUN_DIR/go-tools.log"; then
      echo done >"$GO_TOOLS_STATUS"
    else
      echo failed >"$GO_TOOLS_STATUS"
    fi
  ) </dev/null >/dev/null 2>&1 &
  go_tools=""
else
  rm -f "$GO_TOOLS_STATUS"
  bash "$HERE/go-tools.sh" >/dev/null &
  go_tools=$!
fi
step postgres.sh
step redis.sh
step kafka.sh
step ferretdb.sh
step tools.sh
if [[ -n "$go_tools" ]]; then
  go_start=$SECONDS
  wait "$go_tools" || die "go-tools.sh failed"
  log "go-tools.sh done ($((SECONDS - go_start))s more after the other steps)"
fi

{
  echo "# Written by scripts/servers/up.sh; source it."
  for line in "${lines[@]}"; do
    printf 'export %s=%q\n' "${line%%=*}" "${line#*=}"
  done
  printf 'case ":$PATH:" in *:%q:*) ;; *) export PATH=%q:"$PATH" ;; esac\n' "$VELLUM_BIN_DIR" "$VELLUM_BIN_DIR"
} >"$ENV_FILE.tmp"
mv "$ENV_FILE.tmp" "$ENV_FILE"

log "all up in $((SECONDS - total))s; env in $ENV_FILE"
cat "$ENV_FILE"
