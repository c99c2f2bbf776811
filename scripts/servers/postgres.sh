#!/usr/bin/env bash
# Starts (or reuses) a private PostgreSQL cluster on 127.0.0.1:${PG_PORT:-55432} with a `vellum` database.
# Prints DATABASE_URL=... on stdout.
set -euo pipefail
LOG_TAG=postgres
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

PG_PORT="${PG_PORT:-55432}"
PG_DB=vellum
PG_DIR="$VELLUM_RUN_DIR/pg"
PG_DATA="$PG_DIR/data"
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/$PG_DB"

# The server binaries refuse to run as root, so as root they run as the `postgres` OS user.
as_pg() {
  if ((EUID == 0)); then
    (cd "$PG_DIR" && runuser -u postgres -- "$@")
  else
    (cd "$PG_DIR" && "$@")
  fi
}

# Lets the postgres user reach $PG_DIR when it lives under a private home (e.g. /root is 0700):
# grants traverse (x) only, never listing, on each ancestor it cannot pass.
grant_traverse() {
  local dir="$PG_DIR" ancestors=()
  while [[ "$dir" != / ]]; do
    dir="$(dirname "$dir")"
    ancestors=("$dir" "${ancestors[@]}")
  done
  for dir in "${ancestors[@]}"; do
    if ! runuser -u postgres -- test -x "$dir"; then
      log "granting traverse permission (o+x) on $dir so the postgres user can reach its data dir"
      chmod o+x "$dir"
    fi
  done
}

psql_admin() {
  "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U postgres "$@"
}

apt_install_missing postgresql
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)"
[[ -x "$PG_BIN/initdb" ]] || die "no PostgreSQL server binaries under /usr/lib/postgresql"

if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
  log "reusing the server already listening on 127.0.0.1:$PG_PORT"
else
  mkdir -p "$PG_DIR"
  if ((EUID == 0)); then
    chown postgres:postgres "$PG_DIR"
    grant_traverse
  fi
  if [[ ! -s "$PG_DATA/PG_VERSION" ]]; then
    log "initdb $PG_DATA"
    rm -rf "$PG_DATA"
    as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 ||
      { cat "$PG_DIR/initdb.log" >&2; die 'initdb failed'; }
  fi
  log "starting on 127.0.0.1:$PG_PORT"
  # Durability settings are off: this cluster only ever holds test data.
  # setsid: the server outlives the shell (and the job group) that started it.
  as_pg setsid -w "$PG_BIN/pg_ctl" start -w -t 60 -D "$PG_DATA" -l "$PG_DIR/postgres.log" \
    -o "-c listen_addresses=127.0.0.1 -c port=$PG_PORT -c unix_socket_directories=$PG_DIR -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    >&2 || { tail -n 30 "$PG_DIR/postgres.log" >&2; die 'server did not start'; }
fi

if [[ -z "$(psql_admin -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$PG_DB'")" ]]; then
  log "creating database $PG_DB"
  psql_admin -d postgres -c "CREATE DATABASE $PG_DB"
fi
PGOPTIONS='-c client_min_messages=warning' psql_admin -d "$PG_DB" -c 'CREATE EXTENSION IF NOT EXISTS pg_trgm'

echo "DATABASE_URL=$DATABASE_URL"
