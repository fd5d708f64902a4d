#!/usr/bin/env bash
# What a run costs as the corpus grows and what the store and shards add: the corpus
# replicated K times (symbolic links in a temporary folder, page ids prefixed rK_,
# nothing copied or committed), one run per K recorded in a store, then the largest
# K run as 4 shards one after another and merged (compared with its one-process run).
# Prints wall and CPU seconds and the peak memory of each (scripts/peak_memory.py: the
# summed proportional set size of detour and its worker processes, and their summed RSS).
#
#   bash scripts/cluster/scaling.sh [--bin DETOUR] [--times "1 2 5 10"] [--keep DIR] CORPUS -- RUN_OPTIONS...
# CORPUS is a DANIEL-layout corpus (<lang>/{html,gold}/<id>). Example:
#   bash scripts/cluster/scaling.sh ../shared/corpora/daniel -- --extractors BP --metrics to --jobs 2
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.sh"
usage() { sed -n '2,11p' "${BASH_SOURCE[0]}" >&2; exit 2; }
must_exist=1 parse_cluster_args "bin times keep" "$@"
work=$(mktemp -d /tmp/detour-scaling-XXXXXX)
src=$out
bin=$(detour_bin "${opt_bin:-}")
times=${opt_times:-1 2 5 10}
[[ -n ${opt_keep:-} ]] && { rm -rf "$work"; mkdir -p "$opt_keep"; work=$(realpath "$opt_keep"); }
[[ -z ${opt_keep:-} ]] && trap 'rm -rf "$work"' EXIT
measure() { local label=$1; shift; python3 "$here/../peak_memory.py" --label "$label" -- "$@"; }
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
for K in $times; do
  pages=$(find "$work/x$K" -path '*/html/*' | wc -l)
  measure "x$K ($pages pages)" "$bin" run --corpus "$work/x$K" "${run_args[@]}" --no-progress \
    --out "$work/out$K" --store "$work/runs.sqlite" >/dev/null
done
for i in 1 2 3 4; do
  measure "x$biggest shard $i/4" "$bin" run --corpus "$work/x$biggest" "${run_args[@]}" --no-progress \
    --shard "$i/4" --out "$work/shard-$i" >/dev/null
done
measure "x$biggest merge of 4 shards" "$bin" merge "$work"/shard-{1,2,3,4} --out "$work/merged" >/dev/null
bash "$here/same_results.sh" "$work/out$biggest" "$work/merged"
