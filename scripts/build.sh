#!/usr/bin/env bash
# Configures and builds detour (Release) into build/ (or $DETOUR_BUILD_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${DETOUR_BUILD_DIR:-build}"
# DETOUR_PYTHON=1: the Python package too (docs/python.md; scripts/test.sh asks for it).
PYTHON_OPT=()
if [[ "${DETOUR_PYTHON:-0}" == 1 ]]; then PYTHON_OPT=(-DDETOUR_PYTHON=ON); fi
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release "${PYTHON_OPT[@]}" >/dev/null
cmake --build "$BUILD_DIR" -j"$(nproc)"
