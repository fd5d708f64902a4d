#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job on the embedded sample corpus:
# every extractor and every pair chain, scored, and the daniel task on each (Table 3);
# tables written to out/sample/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
BUILD_DIR="${DETOUR_BUILD_DIR:-build}"
"$BUILD_DIR"/detour run --corpus corpora/sample --extractors all --chains BP-JTA,JTA-BP \
  --metrics to,car,tm,lcs --task daniel --out out/sample "$@"
