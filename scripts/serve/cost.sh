#!/usr/bin/env bash
# What the extractor protocol costs (docs/adapters.md): one tool timed three ways on the
# same DANIEL pages, alternated round by round --
#   floor     the tool's own loop over the pages in one process (FLOOR gets a file that
#             lists the pages' paths, one a line, in place of {list});
#   serve     the same tool through `detour run --serve` (one instance per worker);
#   external  the same tool through `detour run --external`, one process per page;
# and `detour run --extractors NONE` on the same pages (detour's own work on them:
# decoding, parsing, scoring an empty output), and one start of the served tool alone
# (it reads no request: detour starts the tool once more to read its handshake when it
# prepares a run), so that the protocol's cost per page can be told from the run's
# fixed costs. Prints, per way, the median over the rounds of wall and CPU seconds
# (user + system of the process and every child it waited for) and ms per page (each
# round's times are printed as they come), then the ratios: serve against the floor
# (the target: within 10%, or under 1 ms a page more), the same less detour's own work
# and the extra start, and external against serve; then the ratio less detour's own work
# round by round (and its median) and from each way's fastest run. With --adapter NAME
# the run names an adapter of the table instead of `--serve T=COMMAND` (--serve then
# only gives the command timed for the start).
#
#   bash scripts/serve/cost.sh --floor 'node loop.mjs {list}' --serve 'node serve.mjs' \
#        --external 'node once.mjs' [--adapter MRD] [--corpus ../shared/corpora/daniel] \
#        [--lang en] [--pages 60] [--external-pages 20] [--rounds 3] [--jobs 1] [--binary build/detour]
#        [-- EXTRA DETOUR RUN OPTIONS]
# --external-pages: the first of the pages timed one process each (that way costs the
# same per page whatever their number); 0 skips it.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=../shared/corpora/daniel lang=en pages=60 ext_pages=20 rounds=3 jobs=1 bin=build/detour
floor="" served="" adapter="" external=""
extra=()
while (($#)); do
  case $1 in
    --floor) floor=$2; shift 2 ;;
    --serve) served=$2; shift 2 ;;
    --adapter) adapter=$2; shift 2 ;;
    --external) external=$2; shift 2 ;;
    --corpus) corpus=$2; shift 2 ;;
    --lang) lang=$2; shift 2 ;;
    --pages) pages=$2; shift 2 ;;
    --external-pages) ext_pages=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --binary) bin=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
[[ -n $floor && -n $served ]] || { echo "cost: --floor and --serve are needed" >&2; exit 2; }
[[ -d $corpus/$lang/html ]] || { echo "cost: no pages at $corpus/$lang/html" >&2; exit 2; }
[[ -x $bin ]] || { echo "cost: no detour binary at $bin" >&2; exit 2; }
bin=$(realpath "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A corpus of the first PAGES pages (and their golds), and the same pages listed.
make_corpus() {  # make_corpus DIR N
  mkdir -p "$1/$lang/html" "$1/$lang/gold"
  local n=0
  for f in $(ls "$corpus/$lang/html" | LC_ALL=C sort); do
    [[ -e $corpus/$lang/gold/$f ]] || continue
    ln -s "$(realpath "$corpus/$lang/html/$f")" "$1/$lang/html/$f"
    ln -s "$(realpath "$corpus/$lang/gold/$f")" "$1/$lang/gold/$f"
    realpath "$corpus/$lang/html/$f" >>"$1.list"
    (( ++n < $2 )) || break
  done
}
make_corpus "$work/pages" "$pages"
((ext_pages > 0)) && make_corpus "$work/ext_pages" "$ext_pages"
n_pages=$(wc -l <"$work/pages.list")

timed() {  # timed LABEL N COMMAND... ; appends "LABEL N wall cpu" to $work/times
  local label=$1 n=$2; shift 2
  if ! /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" >"$work/$label.out" 2>&1; then
    echo "cost: $label failed:" >&2; tail -20 "$work/$label.out" >&2; exit 1
  fi
  read -r wall user sys <"$work/t"
  echo "$label $n $wall $(echo "$user + $sys" | bc)" >>"$work/times"
  echo "cost: round $r: $label $n pages, wall $wall s, CPU $(echo "$user + $sys" | bc) s"
}
run=(run --metrics to --jobs "$jobs" --no-progress "${extra[@]}")
floor_cmd=${floor//\{list\}/$work/pages.list}
if [[ -n $adapter ]]; then serve_args=(--extractors "$adapter"); what="$adapter"
else serve_args=(--serve "T=$served" --extractors T); what="$served"; fi
echo "cost: $n_pages pages of $corpus/$lang ($ext_pages one process each), $rounds rounds, --jobs $jobs"
echo "cost: load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
  # shellcheck disable=SC2086
  timed floor "$n_pages" sh -c "$floor_cmd"
  timed serve "$n_pages" "$bin" "${run[@]}" --corpus "$work/pages" "${serve_args[@]}"
  timed none "$n_pages" "$bin" "${run[@]}" --corpus "$work/pages" --extractors NONE
  timed start 1 sh -c "$served < /dev/null > /dev/null"
  if [[ -n $external && $ext_pages -gt 0 ]]; then
    timed external "$ext_pages" "$bin" "${run[@]}" --corpus "$work/ext_pages" --external "T=$external" --extractors T
  fi
  if grep -q "failed page runs" "$work/serve.out"; then
    grep -o "[0-9]* failed page runs" "$work/serve.out" | sed 's/^/cost: serve: /'
  fi
done
echo "cost: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "cost: tool: $what"
python3 - "$work/times" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    label, n, wall, cpu = line.split()
    rows.setdefault(label, []).append((int(n), float(wall), float(cpu)))
med = {}
print("| way | pages | wall s (median) | CPU s (median) | wall ms/page | CPU ms/page |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for label in ("floor", "serve", "none", "start", "external"):
    if label not in rows:
        continue
    n = rows[label][0][0]
    wall = statistics.median(r[1] for r in rows[label])
    cpu = statistics.median(r[2] for r in rows[label])
    med[label] = (n, wall, cpu)
    print(f"| {label} | {n} | {wall:.2f} | {cpu:.2f} | {1000 * wall / n:.1f} | {1000 * cpu / n:.1f} |")
def per_page(label, i):
    n, wall, cpu = med[label]
    return 1000 * (wall, cpu)[i] / n
n_serve = med["serve"][0]
for i, what in ((0, "wall"), (1, "CPU")):
    f, s, z = per_page("floor", i), per_page("serve", i), per_page("none", i)
    st = med["start"][1 + i] * 1000 / n_serve  # one more start, spread over the pages
    print(f"{what}: serve/floor {s / f:.3f} ({s - f:+.1f} ms/page); less detour's own work (none) "
          f"{(s - z) / f:.3f} ({s - z - f:+.1f} ms/page); less that and the preparation's start "
          f"{(s - z - st) / f:.3f} ({s - z - st - f:+.1f} ms/page)", end="")
    if "external" in med:
        e = per_page("external", i)
        print(f"; external/serve {e / s:.2f}", end="")
    print()
# Round by round: a round's ways ran one after the other, on the same machine; the
# machine's own swings (one tool's floor has varied by half between rounds here) then
# cancel out of each round's ratio. And the fastest run of each way, which such swings
# only ever slow down.
if all(len(rows.get(k, [])) == len(rows["floor"]) for k in ("serve", "none")):
    for i, what in ((1, "wall"), (2, "CPU")):
        each = [(s[i] - z[i]) / f[i] for f, s, z in zip(rows["floor"], rows["serve"], rows["none"])]
        fast = (min(r[i] for r in rows["serve"]) - min(r[i] for r in rows["none"])) / min(r[i] for r in rows["floor"])
        print(f"{what}, serve less detour's own work / floor, round by round: "
              + " ".join(f"{x:.3f}" for x in each)
              + f"; median {statistics.median(each):.3f}; fastest of each way: {fast:.3f}")
EOF
