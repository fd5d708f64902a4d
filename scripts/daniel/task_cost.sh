#!/usr/bin/env bash
# What `--task daniel` adds to a run, two ways. (1) The same run without and with the
# task, one after the other, --pairs times (default 5): per pair both runs' CPU seconds
# (user + system) and (with - without) / without. On a shared machine the load changes
# from one run to the next and moves this figure by several points either way. (2) The
# run's own account, which the load touches far less: its "task CPU" line, the CPU time
# of the task's work (thread CPU time while taking and deciding the pages' texts during
# the run; process CPU time for its records, tables and files after it) over the CPU
# time of everything else in the same process. Prints both per pair and their medians.
#
#   bash scripts/daniel/task_cost.sh [--bin DETOUR] [--pairs 5] OUT -- RUN_OPTIONS...
# Example (DANIEL, every extractor, the two chains, outputs in memory):
#   bash scripts/daniel/task_cost.sh /dev/shm/task-cost -- --corpus ../shared/corpora/daniel \
#       --extractors all --chains BP-JTA,JTA-BP --jobs 2
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../cluster/common.sh"
parse_cluster_args "bin pairs" "$@"
bin=$(detour_bin "${opt_bin:-}")
pairs=${opt_pairs:-5}
check_count pairs "$pairs"
TIMEFORMAT='%R %U %S'
timed() {  # timed NAME ARGS...: runs detour, its stdout in OUT/NAME.out, "wall user sys" in OUT/NAME.time
  local name=$1
  shift
  { time "$bin" run "${run_args[@]}" --no-progress --out "$out/$name" "$@" >"$out/$name.out" 2>"$out/$name.err"; } \
    2>"$out/$name.time"
}
rm -f "$out/figures.txt"
for ((i = 1; i <= pairs; ++i)); do
  rm -rf "$out/without" "$out/with"
  timed without
  timed with --task daniel
  echo "pair $i $(cat "$out/without.time") | $(cat "$out/with.time") | $(grep '^task CPU:' "$out/with.out" || true)" \
    >>"$out/figures.txt"
done
python3 - "$out/figures.txt" <<'PY'
import re, statistics, sys
ab, own = [], []
for line in open(sys.argv[1]):
    m = re.match(r"pair (\d+) ([\d.]+) ([\d.]+) ([\d.]+) \| ([\d.]+) ([\d.]+) ([\d.]+) \| (.*)", line)
    if not m:
        continue
    without, with_ = float(m[3]) + float(m[4]), float(m[6]) + float(m[7])
    ab.append(100 * (with_ - without) / without)
    t = re.findall(r"([\d.]+) s", m[8])
    text = ""
    if len(t) == 3:
        own.append(100 * (float(t[0]) + float(t[1])) / float(t[2]))
        text = "; its own account: %.2f s deciding + %.2f s tables over %.2f s = %.1f%%" % (
            float(t[0]), float(t[1]), float(t[2]), own[-1])
    print("pair %s: %.1f s CPU without, %.1f s with: the task adds %+.1f%%%s" % (m[1], without, with_, ab[-1], text))
if ab:
    print("median over %d pairs: the task adds %+.1f%% CPU%s" % (
        len(ab), statistics.median(ab),
        "; %.1f%% by the run's own account" % statistics.median(own) if own else ""))
PY
