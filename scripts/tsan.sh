#!/usr/bin/env bash
# ThreadSanitizer check of the parallel paths: builds detour with -fsanitize=thread
# into build-tsan/ and runs `detour run` (sample corpus, every extractor, two chains)
# and `detour score` (DANIEL el, two published systems, every CleanEval metric) on 2
# threads, printing the number of TSan reports of each.
#
#   bash scripts/tsan.sh [TBB_LIB_DIR]
# Debian's libtbb is not instrumented, so TSan cannot see the synchronisation inside
# it: handing a task to a worker thread looks like a race between the main thread and
# the worker (reports inside tbb::parallel_for, then in whatever the task touches).
# TBB_LIB_DIR names a folder holding a libtbb.so.12 of the same oneTBB version as
# Debian's (2021.8) built with ThreadSanitizer; it is put first on LD_LIBRARY_PATH,
# and then every report is a real race. Exit 1 when a run with TBB_LIB_DIR reports.
set -euo pipefail
cd "$(dirname "$0")/.."
tbb=${1:-}
build=build-tsan
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDETOUR_BUILD_TESTS=OFF -DDETOUR_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" >/dev/null
cmake --build "$build" -j"$(nproc)" --target detour >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
env=(TSAN_OPTIONS="halt_on_error=0 exitcode=0")
[[ -n $tbb ]] && env+=(LD_LIBRARY_PATH="$(realpath "$tbb")")
echo "libtbb: $(env "${env[@]}" ldd "$build/detour" | awk '/libtbb/ {print $3}')"
env "${env[@]}" "$build/detour" run --corpus corpora/sample --extractors all --chains BP-JTA,JTA-BP \
  --jobs 2 --out "$work/run" >/dev/null 2>"$work/run.err" || true
reports=$(grep -c 'WARNING: ThreadSanitizer' "$work/run.err" || true)
echo "run (sample, all extractors, 2 threads): $reports reports"
total=$reports
shared=${DETOUR_SHARED:-../shared}
if [[ -d $shared/corpora/daniel ]]; then
  env "${env[@]}" "$build/detour" score --corpus "$shared/corpora/daniel" --languages el --metrics all --jobs 2 \
    --system "$shared/corpora/daniel-published-outputs/outputs/boilerpipe-text" \
    --system "$shared/corpora/daniel-published-outputs/outputs/justext-true-language" \
    >/dev/null 2>"$work/score.err" || true
  reports=$(grep -c 'WARNING: ThreadSanitizer' "$work/score.err" || true)
  echo "score (DANIEL el, 2 systems, 2 threads): $reports reports"
  total=$((total + reports))
else
  echo "score: SKIPPED ($shared/corpora/daniel absent)"
fi
if [[ -n $tbb && $total -gt 0 ]]; then
  echo "tsan: $total reports with an instrumented libtbb: real races (see $build)"
  exit 1
fi
