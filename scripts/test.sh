#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (ctest). CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The npm adapters (MRD, DFD, ...) from their lockfile, for the adapters' test; without
# npm that test skips.
if command -v npm >/dev/null; then bash scripts/install-adapters.sh --npm-only; else echo "note: npm is absent: the npm adapters' test will skip"; fi
bash scripts/build.sh
BUILD_DIR="${DETOUR_BUILD_DIR:-build}"
if [[ ! -d ../shared ]]; then
  echo "note: ../shared is absent: tests that need the DANIEL corpus will skip"
fi
cd "$BUILD_DIR" && ctest --output-on-failure -j"$(nproc)"
