#!/usr/bin/env bash
# What recording a run in the results store costs: the same run without and with
# --store (a new store file each time), alternated --pairs times (default 3) so that
# a change of the machine's load touches both alike. Prints each run's wall and CPU
# seconds and peak memory (scripts/peak_memory.py), then the store's cost: per pair
# (with - without) / without, for wall and CPU, and their medians; checks that the
# two runs wrote the same results (same_results.sh).
#
#   bash scripts/cluster/store_cost.sh [--bin DETOUR] [--pairs 3] [--store FILE] OUT -- RUN_OPTIONS...
# --store: where the store is made (default OUT/runs.sqlite; another file system than
# OUT's to see what the disk adds). Example (DANIEL, every extractor, the two chains,
# outputs in memory, the store on disk):
#   bash scripts/cluster/store_cost.sh --store /tmp/store-cost.sqlite /dev/shm/store-cost -- \
#       --corpus ../shared/corpora/daniel --extractors all --chains BP-JTA,JTA-BP --jobs 2
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.sh"
parse_cluster_args "bin pairs store" "$@"
bin=$(detour_bin "${opt_bin:-}")
pairs=${opt_pairs:-3}
check_count pairs "$pairs"
store=${opt_store:-$out/runs.sqlite}
measure() { local label=$1; shift; python3 "$here/../peak_memory.py" --label "$label" --out "$out/figures.txt" -- "$@"; }
rm -f "$out/figures.txt"
for ((i = 1; i <= pairs; ++i)); do
  rm -rf "$out/without" "$out/with"
  rm -f "$store" "$store-wal" "$store-shm"
  measure "pair $i without" "$bin" run "${run_args[@]}" --no-progress --out "$out/without" >/dev/null
  measure "pair $i with" "$bin" run "${run_args[@]}" --no-progress --out "$out/with" --store "$store" >/dev/null
done
python3 - "$out/figures.txt" <<'PY'
import re, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"pair (\d+) (without|with): ([\d.]+) s wall, ([\d.]+) s CPU", line)
    if m:
        rows.setdefault(int(m[1]), {})[m[2]] = (float(m[3]), float(m[4]))
walls, cpus = [], []
for i in sorted(rows):
    a, b = rows[i]["without"], rows[i]["with"]
    walls.append(100 * (b[0] - a[0]) / a[0])
    cpus.append(100 * (b[1] - a[1]) / a[1])
    print("pair %d: store adds %+.1f%% wall, %+.1f%% CPU" % (i, walls[-1], cpus[-1]))
print("median: store adds %+.1f%% wall, %+.1f%% CPU" % (statistics.median(walls), statistics.median(cpus)))
PY
bash "$here/same_results.sh" "$out/without" "$out/with"
