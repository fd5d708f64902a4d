#!/usr/bin/env bash
# Configures and builds detour (Release) into build/ (or $DETOUR_BUILD_DIR).
#   bash scripts/build.sh          # everything: the program, tests, benchmarks and tools;
#                                  # a new warning is an error (DETOUR_WERROR)
#   bash scripts/build.sh --main   # the detour program alone (a build folder made here
#                                  # has no tests or benchmarks: they need catch2 and
#                                  # libbenchmark-dev, which scripts/main.sh does not install)
# Extra arguments go to the configure step (e.g. -DCMAKE_CXX_COMPILER=clang++-14).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${DETOUR_BUILD_DIR:-build}"
# DETOUR_PYTHON=1: the Python package too (docs/python.md; scripts/test.sh asks for it).
PYTHON_OPT=()
if [[ "${DETOUR_PYTHON:-0}" == 1 ]]; then PYTHON_OPT=(-DDETOUR_PYTHON=ON); fi
if [[ "${1:-}" == --main ]]; then
  shift
  options=()
  # A folder configured before keeps its own choice (the tests stay if it has them).
  # It is also a unity build (DETOUR_UNITY, docs/development.md): the clean build costs
  # about half the CPU time.
  [[ -f "$BUILD_DIR/CMakeCache.txt" ]] || options=(-DDETOUR_BUILD_TESTS=OFF -DDETOUR_BUILD_BENCH=OFF -DDETOUR_UNITY=ON)
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release "${options[@]}" "$@" >/dev/null
  cmake --build "$BUILD_DIR" -j"$(nproc)" --target detour
else
  # CI builds the product libraries as scripts/main.sh does (DETOUR_UNITY), so that a
  # change that breaks the unity build (two files of a library defining the same
  # internal name) fails here, not on a user's first build.
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DDETOUR_BUILD_TESTS=ON -DDETOUR_BUILD_BENCH=ON \
    -DDETOUR_WERROR=ON -DDETOUR_UNITY=ON "${PYTHON_OPT[@]}" "$@" >/dev/null
  cmake --build "$BUILD_DIR" -j"$(nproc)"
fi
