#!/usr/bin/env bash
# What a run costs as the corpus grows and what the store and shards add: the corpus
# replicated K times (symbolic links in a temporary folder, page ids prefixed rK_,
# nothing copied or committed), one run per K recorded in a store, then the largest
# K run as 4 shards one after another and merged (compared with its one-process run).
# Prints wall and CPU seconds and the peak memory of each (scripts/peak_memory.py: the
# summed proportional set size of detour and its worker processes, and their summed
# RSS), then both curves: per K, its time and peak memory as multiples of the
# smallest K's. With --rounds R the series of K runs is made R times, interleaved
# (1 2 5 10 1 2 5 10 ...), so that a change of the machine's load touches every K
# alike; the curves take each K's least wall and CPU time (the run with the least
# interference from other work) and its largest peak memory.
#
#   bash scripts/cluster/scaling.sh [--bin DETOUR] [--times "1 2 5 10"] [--rounds R] [--keep DIR] CORPUS -- RUN_OPTIONS...
# CORPUS is a DANIEL-layout corpus (<lang>/{html,gold}/<id>). Example:
#   bash scripts/cluster/scaling.sh ../shared/corpora/daniel -- --extractors BP --metrics to --jobs 2
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.sh"
must_exist=1 parse_cluster_args "bin times rounds keep" "$@"
work=$(mktemp -d /tmp/detour-scaling-XXXXXX)
src=$out
bin=$(detour_bin "${opt_bin:-}")
times=${opt_times:-1 2 5 10}
rounds=${opt_rounds:-1}
check_count rounds "$rounds"
[[ -n ${opt_keep:-} ]] && { rm -rf "$work"; mkdir -p "$opt_keep"; work=$(realpath "$opt_keep"); }
[[ -z ${opt_keep:-} ]] && trap 'rm -rf "$work"' EXIT
measure() { local label=$1; shift; python3 "$here/../peak_memory.py" --label "$label" --out "$work/measures" -- "$@"; }
biggest=1
for K in $times; do
  check_count times "$K"
  ((K > biggest)) && biggest=$K
done
# The links, in one process (a command per link is minutes on a loaded machine).
python3 - "$src" "$work" $times <<'PY'
import os, sys
src, work, times = sys.argv[1], sys.argv[2], [int(t) for t in sys.argv[3:]]
for lang in sorted(os.listdir(src)):
    for side in ("html", "gold"):
        d = os.path.join(src, lang, side)
        if not os.path.isdir(d):
            continue
        names = sorted(os.listdir(d))
        for K in times:
            out = os.path.join(work, "x%d" % K, lang, side)
            os.makedirs(out, exist_ok=True)
            for k in range(1, K + 1):
                for n in names:
                    os.symlink(os.path.realpath(os.path.join(d, n)), os.path.join(out, "r%d_%s" % (k, n)))
PY
for ((round = 1; round <= rounds; ++round)); do
  for K in $times; do
    pages=$(find "$work/x$K" -path '*/html/*' | wc -l)
    rm -rf "$work/out$K"
    measure "x$K ($pages pages)" "$bin" run --corpus "$work/x$K" "${run_args[@]}" --no-progress \
      --out "$work/out$K" --store "$work/runs.sqlite" >/dev/null
  done
done
for i in 1 2 3 4; do
  measure "x$biggest shard $i/4" "$bin" run --corpus "$work/x$biggest" "${run_args[@]}" --no-progress \
    --shard "$i/4" --out "$work/shard-$i" >/dev/null
done
measure "x$biggest merge of 4 shards" "$bin" merge "$work"/shard-{1,2,3,4} --out "$work/merged" >/dev/null
bash "$here/same_results.sh" "$work/out$biggest" "$work/merged"
# Both curves, from the measures of the K runs.
python3 - "$work/measures" <<'PY'
import re, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"x(\d+) \((\d+) pages\): ([\d.]+) s wall, ([\d.]+) s CPU, (\d+) MB peak PSS \((\d+) MB peak RSS\)", line)
    if not m:
        continue
    k, pages, wall, cpu, pss, rss = int(m[1]), int(m[2]), float(m[3]), float(m[4]), int(m[5]), int(m[6])
    r = runs.setdefault(k, {"pages": pages, "wall": wall, "cpu": cpu, "pss": pss, "rss": rss, "n": 0})
    r["wall"], r["cpu"] = min(r["wall"], wall), min(r["cpu"], cpu)
    r["pss"], r["rss"], r["n"] = max(r["pss"], pss), max(r["rss"], rss), r["n"] + 1
if runs:
    base = runs[min(runs)]
    print("\n| corpus | pages | runs | wall s | CPU s | peak PSS MB | peak RSS MB | wall | CPU | PSS | RSS |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for k in sorted(runs):
        r = runs[k]
        print("| x%d | %d | %d | %.1f | %.1f | %d | %d | %.2fx | %.2fx | %.2fx | %.2fx |" % (
            k, r["pages"], r["n"], r["wall"], r["cpu"], r["pss"], r["rss"], r["wall"] / base["wall"],
            r["cpu"] / base["cpu"], r["pss"] / base["pss"], r["rss"] / base["rss"]))
PY
