#!/usr/bin/env bash
# Checks that no score moved between two builds of detour: runs both on the same
# corpus (every built-in extractor, chains BP-JTA and JTA-BP, every metric), then
#  - compares outputs/ byte for byte (diff -r), and
#  - compares every per-document count (system, lang, id, metric, tp, fp, fn) of
#    per_doc.tsv, whatever the column layout of each version.
# Also times both builds side by side on the same machine: the run above once each,
# and `detour score` (tm, the published outputs of ../shared, one thread) three times
# each, alternating, CPU time (user + system).
#
#   bash scripts/compare_runs.sh OLD_REV [CORPUS] [NEW_BINARY]
# OLD_REV is built from a temporary git worktree (removed afterwards); NEW_BINARY
# defaults to build/detour. CORPUS defaults to ../shared/corpora/daniel.
# Exit 0 when everything is identical, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
old_rev=${1:?usage: compare_runs.sh OLD_REV [CORPUS] [NEW_BINARY]}
corpus=${2:-../shared/corpora/daniel}
new_bin=${3:-build/detour}
[[ -d "$corpus" ]] || { echo "compare_runs: no corpus at $corpus" >&2; exit 2; }
[[ -x "$new_bin" ]] || { echo "compare_runs: no binary at $new_bin (run scripts/build.sh)" >&2; exit 2; }
work=$(mktemp -d)
trap 'git worktree remove --force "$work/src" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add -q --detach "$work/src" "$old_rev"
echo "building $old_rev ..."
cmake -S "$work/src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DDETOUR_BUILD_TESTS=OFF \
  -DDETOUR_BUILD_BENCH=OFF >/dev/null
cmake --build "$work/build" -j"$(nproc)" --target detour >/dev/null
# Builds before the stoplists shipped in the project read them from ../shared beside
# their source folder, which the temporary worktree does not have: point them there.
stoplists=$(dirname "$(dirname "$corpus")")/resources/stoplists/justext
[[ -d $stoplists ]] && export DETOUR_STOPLISTS=$(realpath "$stoplists")
args=(run --corpus "$corpus" --extractors all --chains BP-JTA,JTA-BP --metrics all --no-progress)
for side in old new; do
  bin=$work/build/detour; [[ $side == new ]] && bin=$new_bin
  /usr/bin/time -f "$side: %e s wall, %U s user, %S s system, %M KB peak" \
    "$bin" "${args[@]}" --out "$work/$side" >"$work/$side.log" 2>"$work/$side.time" || true
  tail -1 "$work/$side.time"
done
pub=$(dirname "$corpus")/daniel-published-outputs/outputs
if [[ -d $pub ]]; then
  score_args=(score --corpus "$corpus" --metrics tm --jobs 1 --format tsv)
  for s in "$pub"/*; do score_args+=(--system "$s"); done
  for round in 1 2 3; do
    for side in old new; do
      bin=$work/build/detour; [[ $side == new ]] && bin=$new_bin
      /usr/bin/time -f "%U %S" -o "$work/t" "$bin" "${score_args[@]}" >"$work/score.$side" 2>/dev/null || true
      awk -v s=$side '{printf "%s ", $1 + $2 > "/dev/stderr"; print $1 + $2 >> "'"$work"'/score_cpu." s}' "$work/t" 2>/dev/null
    done
  done
  for side in old new; do
    echo "score tm ($side): CPU s per run: $(sort -n "$work/score_cpu.$side" | tr '\n' ' ')(median $(sort -n "$work/score_cpu.$side" | sed -n 2p))"
  done
fi
# (system, lang, id, metric, tp, fp, fn) of every scored document, sorted.
counts() {
  awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["metric"] != "-" { print $col["system"] "\t" $col["lang"] "\t" $col["id"] "\t" $col["metric"] "\t" \
      $col["tp"] "\t" $col["fp"] "\t" $col["fn"] }' "$1" | LC_ALL=C sort
}
status=0
if diff -rq "$work/old/outputs" "$work/new/outputs" >"$work/outputs.diff"; then
  echo "outputs/: identical ($(find "$work/new/outputs" -type f | wc -l) files)"
else
  echo "outputs/: $(wc -l <"$work/outputs.diff") differences, first:"; sed -n 1,5p "$work/outputs.diff"; status=1
fi
counts "$work/old/per_doc.tsv" >"$work/old.counts"
counts "$work/new/per_doc.tsv" >"$work/new.counts"
if cmp -s "$work/old.counts" "$work/new.counts"; then
  echo "per_doc.tsv counts: identical ($(wc -l <"$work/new.counts") rows)"
else
  echo "per_doc.tsv counts: differ, first:"; diff "$work/old.counts" "$work/new.counts" >"$work/counts.diff"
  sed -n 1,5p "$work/counts.diff"; status=1
fi
exit $status
