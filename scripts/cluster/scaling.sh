#!/usr/bin/env bash
# What a run costs as the corpus grows and what shards cost: the corpus replicated K
# times (symbolic links in a temporary folder, nothing copied or committed), one run
# per K recorded in a store, then the largest K prepared once (`detour prepare`) and
# run as 4 shards one after another that restore the preparation, merged (and
# compared with its one-process run). Prints wall and CPU seconds and the peak memory
# of each (scripts/peak_memory.py: the summed proportional set size of detour and its
# worker processes, and their summed RSS), then both curves: per K, its time and peak
# memory as multiples of the smallest K's, and the shards' sum (with the preparation)
# against the one-process run. With --rounds R the series of K runs is made R times,
# interleaved (1 2 5 10 1 2 5 10 ...), so that a change of the machine's load touches
# every K alike; the curves take each K's least wall and CPU time (the run with the
# least interference from other work) and its largest peak memory.
#
# Replicas (--replicas): "sites" (default) keeps each page's site, so that sites grow
# with K as a larger crawl of the same sites would: copy 1 is the corpus itself, copy
# k > 1 of a DANIEL id <date>_<host>_<hash> is 9<k, two digits><date's last five
# digits>_<host>_<hash> (another crawl date of the same document: TDIFF never pairs
# copies of a document), of another id r<k>_<id>, and annotations.json is extended
# with each copy's URL. "prefix": every
# copy's id is r<k>_<id> (the pages then have no site: TDIFF falls back on every page,
# and C4.5 folds by page).
#
#   bash scripts/cluster/scaling.sh [--bin DETOUR] [--times "1 2 5 10"] [--rounds R] [--replicas sites|prefix]
#        [--shards N] [--keep DIR] CORPUS -- RUN_OPTIONS...
# CORPUS is a DANIEL-layout corpus (<lang>/{html,gold}/<id>). Example:
#   bash scripts/cluster/scaling.sh ../shared/corpora/daniel -- --extractors BP --metrics to --jobs 2
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.sh"
must_exist=1 parse_cluster_args "bin times rounds keep replicas shards" "$@"
work=$(mktemp -d /tmp/detour-scaling-XXXXXX)
src=$out
bin=$(detour_bin "${opt_bin:-}")
times=${opt_times:-1 2 5 10}
rounds=${opt_rounds:-1}
check_count rounds "$rounds"
replicas=${opt_replicas:-sites}
[[ $replicas == sites || $replicas == prefix ]] || { echo "scaling.sh: --replicas: sites or prefix, not '$replicas'" >&2; exit 2; }
shards=${opt_shards:-4}
check_count shards "$shards"
[[ -n ${opt_keep:-} ]] && { rm -rf "$work"; mkdir -p "$opt_keep"; work=$(realpath "$opt_keep"); }
[[ -z ${opt_keep:-} ]] && trap 'rm -rf "$work"' EXIT
measure() { local label=$1; shift; python3 "$here/../peak_memory.py" --label "$label" --out "$work/measures" -- "$@"; }
biggest=1
for K in $times; do
  check_count times "$K"
  ((K <= 99)) || [[ $replicas == prefix ]] ||
    { echo "scaling.sh: --times: at most 99 copies with --replicas sites" >&2; exit 2; }
  ((K > biggest)) && biggest=$K
done
# The links, in one process (a command per link is minutes on a loaded machine).
python3 - "$src" "$work" "$replicas" $times <<'PY'
import json, os, re, sys
src, work, mode, times = sys.argv[1], sys.argv[2], sys.argv[3], [int(t) for t in sys.argv[4:]]
daniel = re.compile(r"^\d{3}(\d{5})_(.+_[^_]+)$")
def copy_name(name, k):
    if mode == "prefix":
        return "r%d_%s" % (k, name)
    if k == 1:
        return name
    m = daniel.match(name)  # 9, k in two digits, the last five of the date: unique, 8 digits
    return "9%02d%s_%s" % (k, m.group(1), m.group(2)) if m else "r%d_%s" % (k, name)
notes = {}
if mode == "sites" and os.path.isfile(os.path.join(src, "annotations.json")):
    notes = json.load(open(os.path.join(src, "annotations.json")))
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
                    os.symlink(os.path.realpath(os.path.join(d, n)), os.path.join(out, copy_name(n, k)))
if notes:
    for K in times:
        copies = {}
        for key, entry in notes.items():
            for k in range(1, K + 1):
                e = dict(entry)
                if isinstance(e.get("path"), str):
                    e["path"] = copy_name(e["path"], k)
                copies[key if k == 1 else "%s-r%d" % (key, k)] = e
        json.dump(copies, open(os.path.join(work, "x%d" % K, "annotations.json"), "w"))
PY
for ((round = 1; round <= rounds; ++round)); do
  for K in $times; do
    pages=$(find "$work/x$K" -path '*/html/*' | wc -l)
    rm -rf "$work/out$K"
    measure "x$K ($pages pages)" "$bin" run --corpus "$work/x$K" "${run_args[@]}" --no-progress \
      --out "$work/out$K" --store "$work/runs.sqlite" >/dev/null
  done
done
# The largest corpus prepared once, then its shards one after another, each restoring
# the preparation (found beside its folder), then their merge.
measure "x$biggest prepare" "$bin" prepare --corpus "$work/x$biggest" "${run_args[@]}" --no-progress \
  --out "$work/spread/prepared.state" >/dev/null
for ((i = 1; i <= shards; i++)); do
  measure "x$biggest shard $i/$shards" "$bin" run --corpus "$work/x$biggest" "${run_args[@]}" --no-progress \
    --shard "$i/$shards" --out "$work/spread/shard-$i" >/dev/null
done
measure "x$biggest merge of $shards shards" "$bin" merge "$work"/spread/shard-* --out "$work/merged" >/dev/null
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
# The preparation and the shards of the largest corpus against its one-process run.
parts = []
for line in open(sys.argv[1]):
    m = re.match(r"x(\d+) (prepare|shard \d+/\d+): ([\d.]+) s wall, ([\d.]+) s CPU, (\d+) MB peak PSS", line)
    if m:
        parts.append((m[2], float(m[3]), float(m[4]), int(m[5]), int(m[1])))
if parts and runs:
    whole = runs[parts[0][4]]
    print("\n| x%d | wall s | CPU s | peak PSS MB | CPU / one process | PSS / one process |" % parts[0][4])
    print("|---|---|---|---|---|---|")
    for name, wall, cpu, pss, _ in parts:
        print("| %s | %.1f | %.1f | %d | %.3f | %.3f |" % (name, wall, cpu, pss, cpu / whole["cpu"], pss / whole["pss"]))
    cpu = sum(p[2] for p in parts)
    print("| preparation + shards | %.1f | %.1f | %d | %.3f | %.3f |" % (
        sum(p[1] for p in parts), cpu, max(p[3] for p in parts), cpu / whole["cpu"],
        max(p[3] for p in parts if p[0] != "prepare") / whole["pss"]))
PY
