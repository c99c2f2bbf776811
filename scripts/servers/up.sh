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

total=$SECONDS
# The Go-built tools compile while the stores download and start; their log goes to stderr as it comes.
bash "$HERE/go-tools.sh" >/dev/null &
go_tools=$!
step postgres.sh
step redis.sh
step kafka.sh
step ferretdb.sh
step tools.sh
go_start=$SECONDS
wait "$go_tools" || die "go-tools.sh failed"
log "go-tools.sh done ($((SECONDS - go_start))s more after the other steps)"

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
