#!/usr/bin/env bash
# Installs the command-line tools the checks use that are not built with Go (go-tools.sh builds those), each only
# when missing: Schemathesis (PyPI, in a virtual environment under ~/.cache/vellum), and Debian's Chromium and nginx.
set -euo pipefail
LOG_TAG=tools
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# Schemathesis fuzzes the API from its OpenAPI document (load-tests/fuzz/). Pinned: its checks and report format are
# what load-tests/fuzz/schemathesis.mjs reads.
SCHEMATHESIS_VERSION=4.32.5
venv="$VELLUM_CACHE_DIR/schemathesis-venv"
if [[ "$("$venv/bin/st" --version 2>/dev/null)" != *"$SCHEMATHESIS_VERSION"* ]]; then
  command -v python3 >/dev/null || die "python3 is required to install schemathesis"
  log "pip install schemathesis==$SCHEMATHESIS_VERSION"
  start=$SECONDS
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION" >&2
  log "schemathesis installed in $((SECONDS - start))s"
fi
echo "SCHEMATHESIS_BIN=$venv/bin/st"

if [[ ! -x /usr/bin/chromium ]]; then
  apt_install_missing chromium
fi

# The topology test (frontends/e2e/harness/topology) serves the micro-frontends with nginx on loopback ports, as
# their images do. The package's own service must not start on port 80: policy-rc.d refuses it during the install.
if [[ ! -x /usr/sbin/nginx ]]; then
  policy=/usr/sbin/policy-rc.d
  if [[ ! -e "$policy" ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
    trap 'rm -f "$policy"' EXIT
  fi
  apt_install_missing nginx
fi
