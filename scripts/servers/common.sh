# Shared helpers for scripts/servers/*.sh (sourced, not run).
# Convention: progress goes to stderr; stdout carries only KEY=VALUE lines that up.sh turns into exports.

VELLUM_CACHE_DIR="${VELLUM_CACHE_DIR:-$HOME/.cache/vellum}"
VELLUM_RUN_DIR="${VELLUM_RUN_DIR:-$VELLUM_CACHE_DIR/run}"
VELLUM_BIN_DIR="${VELLUM_BIN_DIR:-$VELLUM_CACHE_DIR/bin}"
export VELLUM_CACHE_DIR VELLUM_RUN_DIR VELLUM_BIN_DIR

mkdir -p "$VELLUM_RUN_DIR" "$VELLUM_BIN_DIR"

log() {
  printf '[%s] %s\n' "${LOG_TAG:-servers}" "$*" >&2
}

die() {
  log "ERROR: $*"
  exit 1
}

# True when something accepts TCP connections on 127.0.0.1:$1.
port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# True when the pid stored in file $1 is a live process.
pid_alive() {
  local pid
  [[ -s "$1" ]] || return 1
  pid="$(head -n1 "$1")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null
}

# True when the pid in file $1 is a live process whose command line contains $2: a stale pid file
# (after a crash or a new machine) may name an unrelated process that must not be touched.
pid_is() {
  pid_alive "$1" && tr '\0' ' ' 2>/dev/null <"/proc/$(head -n1 "$1")/cmdline" | grep -qF -- "$2"
}

deb_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == 'install ok installed' ]]
}

# Installs the given Debian packages that are missing. apt-get update runs only when something is missing,
# and at most once an hour; the lock keeps parallel callers from fighting over dpkg.
apt_install_missing() {
  local missing=() pkg stamp="$VELLUM_RUN_DIR/apt-updated.stamp"
  for pkg in "$@"; do
    deb_installed "$pkg" || missing+=("$pkg")
  done
  ((${#missing[@]} == 0)) && return 0
  log "installing Debian packages: ${missing[*]}"
  (
    flock 9
    if [[ -z "$(find "$stamp" -mmin -60 2>/dev/null)" ]]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
      touch "$stamp"
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
  ) 9>/tmp/vellum-apt.lock
}

# Waits up to $2 seconds for command "${@:3}" to succeed, checking every second. $1 names what we wait for.
wait_for() {
  local what="$1" timeout="$2" start=$SECONDS
  shift 2
  until "$@" >/dev/null 2>&1; do
    ((SECONDS - start < timeout)) || return 1
    sleep 1
  done
  log "$what ready after $((SECONDS - start))s"
}
