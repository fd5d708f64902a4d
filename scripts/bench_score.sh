#!/usr/bin/env bash
# Times `detour score` against a Python difflib peer (scripts/cleaneval_reference.py)
# on the same input, in one run, one thread each, and prints the ratios of wall time
# and of CPU time (user + sys; steadier than wall time on a shared machine).
#  1. tm: the 8 published systems x 5 languages of the DANIEL corpus, autojunk on.
#  2. car: the zh part of the same systems, autojunk off.
# Usage: scripts/bench_score.sh [BUILD_DIR]   (needs ../shared)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${1:-${DETOUR_BUILD_DIR:-build}}"
SHARED="${DETOUR_SHARED:-../shared}"
PUB="$SHARED/corpora/daniel-published-outputs/outputs"
CORPUS="$SHARED/corpora/daniel"
[[ -d "$PUB" ]] || { echo "bench_score: $PUB is absent; nothing to time" >&2; exit 0; }
DETOUR="$BUILD_DIR/detour"
SYSTEMS=$(ls "$PUB")
now() { date +%s.%N; }

pairs_tm=(); pairs_car=()
for s in $SYSTEMS; do
  for l in el en pl ru zh; do pairs_tm+=("$CORPUS/$l/gold" "$PUB/$s/$l"); done
  pairs_car+=("$CORPUS/zh/gold" "$PUB/$s/zh")
done

# Runs a command, appending its CPU seconds (user + sys) to the file $CPU_FILE.
TIMER=/usr/bin/time
timed() { if [[ -x $TIMER ]]; then "$TIMER" -a -o "$CPU_FILE" -f "%U %S" "$@"; else "$@"; fi; }
cpu_of() { [[ -s $1 ]] && awk '{s+=$1+$2} END{print s}' "$1" || echo 0; }

# The input floor (bench/bench_score_floor.cc): opening and reading the same files
# once, one thread, nothing else; no scorer can be faster. Printed beside the time a
# target ratio leaves (python time / target).
floor_ms() {  # Read|BatchRead lang|all -> CPU ms, or empty (no detour_bench, or skipped)
  [[ -x "$BUILD_DIR/detour_bench" ]] || return 0
  "$BUILD_DIR/detour_bench" --benchmark_filter="^ScoreFloor/$1/$2\$" --benchmark_format=csv 2>/dev/null |
    awk -F, '$1 ~ /ScoreFloor/ && $9 != "true" {print $4}'
}

run_case() {  # name metric autojunk langs target floor_set pairs...
  local name=$1 metric=$2 aj=$3 langs=$4 target=$5 floor_set=$6; shift 6
  local t0 t1 t2 sys_args=()
  for s in $SYSTEMS; do sys_args+=(--system "$PUB/$s"); done
  rm -f /tmp/detour_bench_ours.cpu /tmp/detour_bench_py.cpu
  # Kernel time first, in an untimed run (--timings reads the thread CPU clock twice
  # per pair, a system call on some machines); it also brings the files into the
  # page cache for both timed runs.
  "$DETOUR" score --corpus "$CORPUS" "${sys_args[@]}" --languages "$langs" --metrics "$metric" \
    --autojunk "$aj" --jobs 1 --format tsv --timings >/dev/null 2>/tmp/detour_bench_ours.err
  t0=$(now)
  # One invocation for all systems: each gold file is read and tokenised once.
  CPU_FILE=/tmp/detour_bench_ours.cpu timed "$DETOUR" score --corpus "$CORPUS" "${sys_args[@]}" --languages "$langs" --metrics "$metric" \
    --autojunk "$aj" --jobs 1 --format tsv 2>/dev/null |
    awk -F'\t' '$2=="all"{print "detour\t" $1 "\t" $5 "\t" $6 "\t" $7}' > /tmp/detour_bench_ours.txt
  t1=$(now)
  CPU_FILE=/tmp/detour_bench_py.cpu timed python3 scripts/cleaneval_reference.py --metric "$metric" --autojunk "$aj" "$@" \
    > /tmp/detour_bench_py.txt 2> /tmp/detour_bench_py.err
  t2=$(now)
  local ours py ours_cpu py_cpu
  ours=$(awk "BEGIN{print $t1 - $t0}"); py=$(awk "BEGIN{print $t2 - $t1}")
  ours_cpu=$(cpu_of /tmp/detour_bench_ours.cpu); py_cpu=$(cpu_of /tmp/detour_bench_py.cpu)
  # Same totals on both sides?
  local sum_ours sum_py
  sum_ours=$(awk -F'\t' '{tp+=$3; fp+=$4; fn+=$5} END{print tp, fp, fn}' /tmp/detour_bench_ours.txt)
  sum_py=$(awk -F'\t' '{tp+=$3; fp+=$4; fn+=$5} END{print tp, fp, fn}' /tmp/detour_bench_py.txt)
  # Kernel only: interning + matching (ours) vs SequenceMatcher + get_opcodes (difflib).
  local k_ours k_py
  k_ours=$(awk -F'\t' '$1=="kernel_seconds"{print $2}' /tmp/detour_bench_ours.err)
  k_py=$(awk -F'\t' '$1=="kernel_seconds"{print $2}' /tmp/detour_bench_py.err)
  printf '%-30s kernel: detour %6.3f s  difflib %6.2f s  ratio %6.1fx\n' "" "${k_ours:-0}" "${k_py:-0}" \
    "$(awk "BEGIN{print (${k_ours:-0} > 0) ? ${k_py:-0} / ${k_ours:-0} : 0}")"
  printf '%-30s wall: detour %6.2f s  python %6.2f s  ratio %6.1fx | cpu: detour %6.2f s  python %6.2f s  ratio %6.1fx | counts %s\n' \
    "$name" "$ours" "$py" "$(awk "BEGIN{print $py / $ours}")" "$ours_cpu" "$py_cpu" \
    "$(awk "BEGIN{print ($ours_cpu > 0) ? $py_cpu / $ours_cpu : 0}")" \
    "$([[ "$sum_ours" == "$sum_py" ]] && echo "identical ($sum_ours)" || echo "DIFFER: ours $sum_ours, python $sum_py")"
  local floor batch
  floor=$(floor_ms Read "$floor_set"); batch=$(floor_ms BatchRead "$floor_set")
  if [[ -n $floor ]]; then
    printf '%-30s target %sx leaves %.1f ms (python wall / %s); reading the files alone takes %.1f ms one by one%s\n' "" \
      "$target" "$(awk "BEGIN{print $py * 1000 / $target}")" "$target" "$floor" \
      "$([[ -n $batch ]] && printf ', %.1f ms in io_uring batches' "$batch")"
  fi
}

echo "detour $("$DETOUR" --version 2>/dev/null || true); $(python3 --version); $(nproc) cores; one thread each"
run_case "tm, 8 systems x 5 languages" tm yes "el,en,pl,ru,zh" 30 all "${pairs_tm[@]}"
run_case "car, zh, autojunk off" car no "zh" 100 zh "${pairs_car[@]}"
