#!/usr/bin/env bash
# The tools built with `go install` from the Go module proxy, into $VELLUM_BIN_DIR. Each is skipped when it is there.
# up.sh runs this while the stores install (it is mostly compiling, they are mostly downloading).
set -euo pipefail
LOG_TAG=go-tools
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
# the server scrapes the product in charts/dashboards.test.js (static targets). The two builds share Go's module and
# build caches; `remove_all_sd` leaves out the cloud service discoveries (AWS, Azure, GCE, Kubernetes, ...), which
# no test here uses: a new machine builds promtool in 167 s instead of 437 s.
PROMETHEUS_GOFLAGS="-buildvcs=false -tags=remove_all_sd"
GOFLAGS="$PROMETHEUS_GOFLAGS" go_tool promtool github.com/prometheus/prometheus/cmd/promtool@v0.316.0
GOFLAGS="$PROMETHEUS_GOFLAGS" go_tool prometheus github.com/prometheus/prometheus/cmd/prometheus@v0.316.0

# An OpenTelemetry Collector with only what the trace test needs (otelcol-builder.yaml), built by the collector's
# own builder; rebuilt when that file changes. The full distributions are many times larger to compile.
otelcol_config="$(dirname "${BASH_SOURCE[0]}")/otelcol-builder.yaml"
otelcol_stamp="$VELLUM_BIN_DIR/otelcol-vellum.sha256"
if [[ ! -x "$VELLUM_BIN_DIR/otelcol-vellum" || "$(cat "$otelcol_stamp" 2>/dev/null)" != "$(sha256sum <"$otelcol_config")" ]]; then
  go_tool ocb go.opentelemetry.io/collector/cmd/builder@v0.165.0 builder
  log "building otelcol-vellum"
  start=$SECONDS
  build_dir="$(mktemp -d)"
  { cat "$otelcol_config"; printf '  output_path: %s\n' "$build_dir"; } >"$build_dir.yaml"
  "$VELLUM_BIN_DIR/ocb" --config "$build_dir.yaml" >&2
  mv "$build_dir/otelcol-vellum" "$VELLUM_BIN_DIR/otelcol-vellum"
  sha256sum <"$otelcol_config" >"$otelcol_stamp"
  rm -rf "$build_dir" "$build_dir.yaml"
  log "otelcol-vellum built in $((SECONDS - start))s"
fi
