#!/usr/bin/env bash
# Installs the command-line tools the checks use, each only when missing:
# helm, kubeconform, k6, Toxiproxy, promtool and Prometheus (built with `go install` into ~/.cache/vellum/bin),
# Schemathesis (PyPI, in a virtual environment under ~/.cache/vellum), and Debian's Chromium and nginx.
set -euo pipefail
LOG_TAG=tools
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# go_tool NAME MODULE [BUILT]: `go install MODULE` into the bin folder as NAME, unless it is there. BUILT is the
# name `go install` gives the binary when it is not NAME (Toxiproxy's server is built as `server`).
go_tool() {
  local name="$1" module="$2" built="${3:-$1}"
  if [[ -x "$VELLUM_BIN_DIR/$name" ]]; then
    return 0
  fi
  command -v go >/dev/null || die "go is required to install $name"
  log "go install $module"
  local start=$SECONDS gobin
  gobin="$(mktemp -d)"
  GOBIN="$gobin" GOFLAGS="${GOFLAGS:--buildvcs=false}" go install "$module" >&2
  mv "$gobin/$built" "$VELLUM_BIN_DIR/$name"
  rm -rf "$gobin"
  log "$name installed in $((SECONDS - start))s"
}

# `@v3` is a version prefix query: the newest helm 3 release.
go_tool helm helm.sh/helm/v3/cmd/helm@v3
go_tool kubeconform github.com/yannh/kubeconform/cmd/kubeconform@latest
go_tool k6 go.k6.io/k6@latest
# The fault drills' slow and cut network between each service and its stores (load-tests/faults/network.ts).
go_tool toxiproxy-server github.com/Shopify/toxiproxy/v2/cmd/server@latest server
# Prometheus, pinned: promtool checks and unit-tests the chart's alerting and recording rules (charts/rules.test.js);
# the server scrapes the topology test's processes. The two builds share Go's module and build caches.
go_tool promtool github.com/prometheus/prometheus/cmd/promtool@v0.316.0
go_tool prometheus github.com/prometheus/prometheus/cmd/prometheus@v0.316.0

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
