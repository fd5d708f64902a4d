#!/usr/bin/env bash
# Installs what building and running it need (only what is missing), builds the detour
# program alone, and runs the main job on the embedded sample corpus: every extractor
# and two chains, scored, and the daniel task on each (Table 3); tables written to
# out/sample/. The tests, benchmarks and reference tools are scripts/test.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --main
bash scripts/build.sh --main
BUILD_DIR="${DETOUR_BUILD_DIR:-build}"
"$BUILD_DIR"/detour run --corpus corpora/sample --extractors all --chains BP-JTA,JTA-BP \
  --metrics to,car,tm,lcs --task daniel --out out/sample "$@"
