#!/usr/bin/env bash
# Installs what is missing (the tests' and reference tools too), builds everything with
# warnings as errors (DETOUR_WERROR), and runs every test (ctest): among them clang 14's
# warnings over every source (scripts/clang_warnings.py), the docs test
# (scripts/docs_test.py) and the function-length check. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The Python package and its pytest suite too, where pybind11 is installed.
if [[ -f /usr/lib/cmake/pybind11/pybind11Config.cmake ]]; then
  export DETOUR_PYTHON=1
else
  echo "SKIPPED: the Python package and its pytest suite (pybind11 is not installed: apt-get install pybind11-dev python3-dev)"
fi
# The npm adapters (MRD, DFD, ...) from their lockfile, for the adapters' test; without
# npm that test skips.
if command -v npm >/dev/null; then bash scripts/install-adapters.sh --npm-only; else echo "note: npm is absent: the npm adapters' test will skip"; fi
# BPJ's class, compiled once from BPJ.java, where Java and the Boilerpipe jar are
# (install-deps.sh installs them with the reference tools); without them BPJ's test skips.
if command -v java >/dev/null && [[ -f /usr/share/java/boilerpipe.jar ]]; then
  bash scripts/install-adapters.sh --bpj-only
else
  echo "note: Java or the Boilerpipe jar is absent: BPJ's test will skip"
fi
bash scripts/build.sh
BUILD_DIR="${DETOUR_BUILD_DIR:-build}"
if [[ ! -d ../shared ]]; then
  echo "note: ../shared is absent: tests that need the DANIEL corpus will skip"
fi
cd "$BUILD_DIR" && ctest --output-on-failure -j"$(nproc)"
