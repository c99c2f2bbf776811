#!/usr/bin/env bash
# Packs every chart's file:// dependencies into its charts/ folder, component charts first (they carry vellum-lib)
# and the umbrella last (it carries the component charts). `helm dependency build charts/vellum` alone would pack
# component charts that lack their library. Usage: charts/build-deps.sh [charts dir]
set -euo pipefail
dir="${1:-$(cd "$(dirname "$0")" && pwd)}"
for chart in "$dir"/*/Chart.yaml; do
  chart="$(dirname "$chart")"
  case "$(basename "$chart")" in vellum | vellum-lib) continue ;; esac
  helm dependency build "$chart" >/dev/null
done
helm dependency build "$dir/vellum" >/dev/null
echo "dependencies built under $dir"
