#!/usr/bin/env bash
# Installs the command-line tools the checks use, each only when missing:
# helm, kubeconform and k6 (built with `go install` into ~/.cache/vellum/bin), and Debian's Chromium and nginx.
set -euo pipefail
LOG_TAG=tools
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

go_tool() {
  local name="$1" module="$2"
  if [[ -x "$VELLUM_BIN_DIR/$name" ]]; then
    return 0
  fi
  command -v go >/dev/null || die "go is required to install $name"
  log "go install $module"
  local start=$SECONDS
  GOBIN="$VELLUM_BIN_DIR" GOFLAGS="${GOFLAGS:--buildvcs=false}" go install "$module" >&2
  log "$name installed in $((SECONDS - start))s"
}

# `@v3` is a version prefix query: the newest helm 3 release.
go_tool helm helm.sh/helm/v3/cmd/helm@v3
go_tool kubeconform github.com/yannh/kubeconform/cmd/kubeconform@latest
go_tool k6 go.k6.io/k6@latest

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
