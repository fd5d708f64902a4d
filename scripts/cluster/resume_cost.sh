#!/usr/bin/env bash
# What `detour run --resume` costs after a kill, against the whole run: the run once
# uninterrupted, then again killed with SIGKILL once its journal holds a share of the
# pages (--at, default 0.5), then resumed; prints the wall and CPU seconds and peak
# memory (scripts/peak_memory.py) of the whole run and of the resume, their ratios,
# and checks that the resumed run equals the uninterrupted one (same_results.sh).
#
#   bash scripts/cluster/resume_cost.sh [--bin DETOUR] [--at 0.5] OUT -- RUN_OPTIONS...
# Example (DANIEL, every extractor, the two chains):
#   bash scripts/cluster/resume_cost.sh out/resume -- --corpus ../shared/corpora/daniel \
#       --extractors all --chains BP-JTA,JTA-BP --jobs 2
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.sh"
parse_cluster_args "bin at" "$@"
bin=$(detour_bin "${opt_bin:-}")
at=${opt_at:-0.5}
measure() { local label=$1; shift; python3 "$here/../peak_memory.py" --label "$label" --out "$out/figures.txt" -- "$@"; }
rm -rf "$out/whole" "$out/resumed" "$out/figures.txt"
measure "whole run" "$bin" run "${run_args[@]}" --no-progress --out "$out/whole" >/dev/null
pages=$(($(wc -l <"$out/whole/journal.jsonl") - 1))
kill_at=$(python3 -c "import math,sys; print(max(1, math.floor($pages * $at)))")
# The run again, killed (its whole process group: detour and its workers) at kill_at pages.
setsid "$bin" run "${run_args[@]}" --no-progress --out "$out/resumed" >/dev/null 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
  if [[ -f $out/resumed/journal.jsonl ]]; then
    done_pages=$(($(wc -l <"$out/resumed/journal.jsonl") - 1))
    if ((done_pages >= kill_at)); then kill -KILL -- "-$pid"; break; fi
  fi
  sleep 0.05
done
wait "$pid" 2>/dev/null || true
done_pages=$(($(wc -l <"$out/resumed/journal.jsonl") - 1))
echo "killed with SIGKILL after $done_pages of $pages pages"
measure "resume" "$bin" run "${run_args[@]}" --no-progress --out "$out/resumed" --resume >/dev/null
python3 - "$out/figures.txt" <<'PY'
import re, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(.*?): ([\d.]+) s wall, ([\d.]+) s CPU, (\d+) MB peak PSS", line)
    if m:
        rows[m.group(1)] = (float(m.group(2)), float(m.group(3)), int(m.group(4)))
w, r = rows["whole run"], rows["resume"]
print("resume / whole run: wall %.0f%%, CPU %.0f%% (%.1f / %.1f s CPU)" % (100 * r[0] / w[0], 100 * r[1] / w[1], r[1], w[1]))
PY
bash "$here/same_results.sh" "$out/whole" "$out/resumed"
