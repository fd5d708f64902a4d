#!/usr/bin/env bash
# What a sweep costs: a 30-setting jusText sweep (length_low 40..130 x stopwords_low
# 0.2, 0.25, 0.3) as one run, against the same 30 settings as 30 separate runs, and
# one run of the default JTA alone (one decode and parse per page, one extraction,
# scoring), and one run of NONE (decode, parse, scoring an empty output: the floor). Same corpus, same metric (to), same threads, nothing written; side by side,
# the sweep timed before and after the separate runs to show the load's drift. Prints
# wall and CPU (user + system) seconds and their ratios. EVERY > 1 runs only every
# EVERY-th of the 30 separate settings and scales their sum by 30 / (settings run), for
# a loaded machine (the separate runs differ only in two thresholds).
#
#   bash scripts/sweep_cost.sh [CORPUS] [JOBS] [EVERY]     (DETOUR_BIN: another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpora/daniel}
jobs=${2:-2}
every=${3:-1}
bin=${DETOUR_BIN:-build/detour}
[[ -d $corpus ]] || { echo "sweep_cost: no corpus at $corpus" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
common=(run --corpus "$corpus" --metrics to --jobs "$jobs" --no-progress)
timed() {  # timed LABEL ARGS... ; appends "LABEL wall cpu" to $work/times
  local label=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$work/t" "$bin" "$@" >"$work/$label.out" 2>&1
  read -r wall user sys <"$work/t"
  echo "$label $wall $(echo "$user + $sys" | bc)" >>"$work/times"
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
timed sweep_a "${common[@]}" --sweep 'JTA.length_low=40:130:10' --sweep 'JTA.stopwords_low=0.2,0.25,0.3'
grep -q "30 systems" "$work/sweep_a.out" || { echo "sweep_cost: the sweep did not run 30 systems" >&2; cat "$work/sweep_a.out" >&2; exit 1; }
timed single "${common[@]}" --extractors JTA
timed floor "${common[@]}" --extractors NONE
k=0
for ll in $(seq 40 10 130); do
  for sl in 0.2 0.25 0.3; do
    ((k++ % every == 0)) || continue
    timed "sep_${ll}_${sl}" "${common[@]}" --extractors "JTA(length_low=$ll,stopwords_low=$sl)"
  done
done
timed sweep_b "${common[@]}" --sweep 'JTA.length_low=40:130:10' --sweep 'JTA.stopwords_low=0.2,0.25,0.3'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
  $1 == "sweep_a" || $1 == "sweep_b" { sw += $2; sc += $3; ns++ ; printf "%-28s wall %7.1f s  cpu %7.1f s\n", "30-setting sweep (" $1 ")", $2, $3 }
  $1 == "single" { w1 = $2; c1 = $3; printf "%-28s wall %7.1f s  cpu %7.1f s\n", "default JTA alone", $2, $3 }
  $1 == "floor" { w0 = $2; c0 = $3; printf "%-28s wall %7.1f s  cpu %7.1f s\n", "NONE alone (read+parse)", $2, $3 }
  $1 ~ /^sep_/ { sepw += $2; sepc += $3; n++ }
  END {
    if (n < 30) printf "%-28s wall %7.1f s  cpu %7.1f s  (%d runs, scaled to 30 below)\n", "separate runs", sepw, sepc, n
    sepw *= 30 / n; sepc *= 30 / n; n = 30
    printf "%-28s wall %7.1f s  cpu %7.1f s  (%d runs)\n", "30 separate runs", sepw, sepc, n
    sw /= ns; sc /= ns
    printf "separate / sweep:            wall %.2fx  cpu %.2fx\n", sepw / sw, sepc / sc
    printf "sweep / one default run:     wall %.2fx  cpu %.2fx\n", sw / w1, sc / c1
    printf "mean separate run / default: wall %.2fx  cpu %.2fx\n", sepw / n / w1, sepc / n / c1
    printf "cpu: one JTA setting beyond NONE %.1f s; sweep beyond NONE %.1f s = %.1f settings worth\n", c1 - c0, sc - c0, (sc - c0) / (c1 - c0)
  }' "$work/times"
