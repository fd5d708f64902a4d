#!/usr/bin/env bash
# Times bench_metrics against the originals, side by side in one run on the same
# input, and prints the ratios (wall clock and CPU time; reading and parsing
# excluded on both sides):
#   1. ROUGE-LSum over the DANIEL gold against 8 published systems (make_pairs.py,
#      no variants): bench_metrics_pairs vs rouge-score run from its source, in
#      WCEB's setting (Punkt sentences, whitespace tokens) and rouge-score's default;
#   2. the Scrapinghub shingle measure over the benchmark's ground truth and every
#      output/*.json with 1000 bootstrap resamples: bench_metrics_pairs shingle-table
#      vs its evaluate.py (evaluate() per system).
# Needs the originals outside the repository (see make_fixture.sh; EXT defaults to
# /work/ext, with EXT/punkt_tab_english from punkt_pickle_to_tab.py and
# EXT/nltk_data/tokenizers/punkt/english.pickle) and a built bench_metrics_pairs
# (BIN, default build/bench_metrics_pairs). The values of both sides are kept in
# OUT (default /tmp/bench_metrics_speed) and compared (compare_values.py).
# Modes cli-default, cli-lines-ws, cli-wceb-tiny and cli-shingle time the same work
# through the command line (`detour score`, the whole process: reading the JSON,
# scoring, writing), as a user runs it: the DANIEL pairs split by pairs_to_corpus.py
# into a JSONL corpus and 8 outputs files, scored with --jobs 1; cli-wceb-tiny uses
# the committed tiny Punkt model on both sides (NLTK's English model is not shipped);
# cli-shingle scores the Scrapinghub benchmark (EXT/aeb) with its 1000 resamples.
# Both sides' values are compared pair by pair. DETOUR (default build/detour).
# Usage: speed.sh [MODES...]   (default: wceb default shingle)
set -euo pipefail
cd "$(dirname "$0")/../.."
EXT="${EXT:-/work/ext}"
BIN="${BIN:-build/bench_metrics_pairs}"
DETOUR="${DETOUR:-build/detour}"
OUT="${OUT:-/tmp/bench_metrics_speed}"
SHARED="${SHARED:-../shared}"
PY=/usr/bin/python3
S=scripts/bench_metrics
mkdir -p "$OUT"
modes=("$@")
[[ ${#modes[@]} -eq 0 ]] && modes=(wceb default shingle)

ratio() {  # ratio NAME OURS_ERR REF_ERR
  $PY - "$@" <<'PY'
import re, sys
name, ours, ref = sys.argv[1:4]
def times(path):
    t = open(path).read()
    m = re.search(r"([0-9.]+) s wall, ([0-9.]+) s CPU", t)
    return float(m.group(1)), float(m.group(2))
ow, oc = times(ours)
rw, rc = times(ref)
print(f"{name}: ours {ow:.3f} s wall / {oc:.3f} s CPU; original {rw:.3f} s wall / {rc:.3f} s CPU; "
      f"speed-up {rw / ow:.1f}x wall, {rc / oc:.1f}x CPU")
PY
}

cputime() {  # cputime OUT_ERR CMD...: runs CMD, appends "X s wall, Y s CPU" (user+sys) to OUT_ERR
  local err=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$err.time" "$@"
  awk '{printf "cli: %.3f s wall, %.3f s CPU\n", $1, $2 + $3}' "$err.time" >> "$err"
}

if [[ " ${modes[*]} " == *" wceb "* || " ${modes[*]} " == *" default "* || " ${modes[*]} " == *" cli-"* ]]; then
  [[ -s "$OUT/pairs.jsonl" ]] || $PY $S/make_pairs.py --daniel "$SHARED/corpora/daniel" \
    --outputs "$SHARED/corpora/daniel-published-outputs/outputs" --out "$OUT/pairs.jsonl"
fi
for mode in "${modes[@]}"; do
  case "$mode" in
    wceb|default)
      if [[ $mode == wceb ]]; then ours=(--metric rouge-wceb --punkt "$EXT/punkt_tab_english"); else ours=(--metric rouge-default); fi
      "$BIN" "${ours[@]}" "$OUT/pairs.jsonl" > "$OUT/ours_$mode.tsv" 2> "$OUT/ours_$mode.err"
      $PY $S/rouge_reference.py --rouge-src "$EXT/rouge" --wceb-src "$EXT/wceb/src" --nltk-data "$EXT/nltk_data" \
        --mode "$mode" "$OUT/pairs.jsonl" > "$OUT/ref_$mode.tsv" 2> "$OUT/ref_$mode.err"
      ratio "rougelsum ($mode, $(wc -l < "$OUT/pairs.jsonl") pairs)" "$OUT/ours_$mode.err" "$OUT/ref_$mode.err"
      $PY $S/compare_values.py "$OUT/ref_$mode.tsv" "$OUT/ours_$mode.tsv" || true
      ;;
    shingle)
      "$BIN" --metric shingle-table --gold "$EXT/aeb/ground-truth.json" --outputs "$EXT/aeb/output" \
        > "$OUT/ours_shingle_table.txt" 2> "$OUT/ours_shingle.err"
      $PY $S/shingle_reference.py --benchmark "$EXT/aeb" > "$OUT/ref_shingle.tsv" 2> "$OUT/ref_shingle.err"
      ratio "shingle ($(grep -c . "$OUT/ref_shingle.tsv") systems x 181 pages, 1000 resamples)" \
        "$OUT/ours_shingle.err" "$OUT/ref_shingle.err"
      ;;
    cli-default|cli-lines-ws|cli-wceb-tiny)
      setting=${mode#cli-}
      [[ -s "$OUT/corpus/corpus.jsonl" ]] || $PY $S/pairs_to_corpus.py "$OUT/pairs.jsonl" "$OUT/corpus"
      sys_args=()
      for f in "$OUT"/corpus/*.jsonl; do [[ $(basename "$f") == corpus.jsonl ]] || sys_args+=(--system "$f"); done
      ours=(--rouge "$setting"); ref=(--mode "$setting")
      if [[ $setting == wceb-tiny ]]; then
        ours=(--rouge wceb --punkt tests/fixtures/bench_metrics/punkt_tiny)
        ref=(--mode wceb --punkt-tab tests/fixtures/bench_metrics/punkt_tiny)
      fi
      : > "$OUT/cli_$setting.err"
      cputime "$OUT/cli_$setting.err" "$DETOUR" score --corpus "$OUT/corpus/corpus.jsonl" "${sys_args[@]}" \
        --metrics rougelsum "${ours[@]}" --per-doc --format json --jobs 1 --out "$OUT/cli_$setting.json"
      : > "$OUT/ref_cli_$setting.err"
      cputime "$OUT/ref_cli_$setting.err" $PY $S/rouge_reference.py --rouge-src "$EXT/rouge" --wceb-src "$EXT/wceb/src" \
        "${ref[@]}" "$OUT/pairs.jsonl" > "$OUT/ref_cli_$setting.tsv"
      $PY - "$OUT/cli_$setting.json" "$OUT/cli_$setting.tsv" <<'PY'
import json, sys
j = json.load(open(sys.argv[1], encoding="utf-8"))
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for system, s in j["systems"].items():
        for d in s["documents"]:
            lang, name = d["id"].split("_", 1)
            r = d["rougelsum"]
            out.write(f"{system}/{lang}/{name}\t{r['page_precision']!r}\t{r['page_recall']!r}\t{r['page_f1']!r}\n")
PY
      grep -v '#' "$OUT/ref_cli_$setting.tsv" > "$OUT/ref_cli_$setting.plain.tsv"
      n=$(wc -l < "$OUT/cli_$setting.tsv")
      # Whole processes on both sides (the originals' line also gives its scoring time alone).
      $PY - "$OUT/cli_$setting.err" "$OUT/ref_cli_$setting.err" "$n" "$setting" <<'PY'
import re, sys
def t(path, tag):
    m = re.search(tag + r"([0-9.]+) s wall, ([0-9.]+) s CPU", open(path).read())
    return float(m.group(1)), float(m.group(2))
ow, oc = t(sys.argv[1], "cli: ")
rw, rc = t(sys.argv[2], "cli: ")
print(f"rougelsum {sys.argv[4]} through the CLI ({sys.argv[3]} pairs): detour score {ow:.2f} s wall / {oc:.2f} s CPU "
      f"(whole process); rouge-score {rw:.2f} s wall / {rc:.2f} s CPU (whole process); "
      f"speed-up {rc / oc:.0f}x CPU, {rw / ow:.0f}x wall")
PY
      $PY $S/compare_values.py "$OUT/ref_cli_$setting.plain.tsv" "$OUT/cli_$setting.tsv" || true
      ;;
    cli-shingle)
      sys_args=()
      for f in "$EXT"/aeb/output/*.json; do sys_args+=(--system "$f"); done
      : > "$OUT/cli_shingle.err"
      cputime "$OUT/cli_shingle.err" "$DETOUR" score --corpus "$EXT/aeb" "${sys_args[@]}" --metrics shingle \
        --aggregate f1-of-means --format json --jobs 1 --out "$OUT/cli_shingle.json"
      : > "$OUT/ref_cli_shingle.err"
      cputime "$OUT/ref_cli_shingle.err" $PY $S/shingle_reference.py --benchmark "$EXT/aeb" --seed 12345 \
        > "$OUT/ref_cli_shingle.tsv"
      $PY - "$OUT/cli_shingle.err" "$OUT/ref_cli_shingle.err" "${#sys_args[@]}" <<'PY'
import re, sys
def t(path):
    m = re.search(r"cli: ([0-9.]+) s wall, ([0-9.]+) s CPU", open(path).read())
    return float(m.group(1)), float(m.group(2))
ow, oc = t(sys.argv[1]); rw, rc = t(sys.argv[2])
print(f"shingle through the CLI ({int(sys.argv[3]) // 2} systems x 181 pages, 1000 resamples): detour score "
      f"{ow:.2f} s wall / {oc:.2f} s CPU; evaluate.py {rw:.2f} s wall / {rc:.2f} s CPU (whole processes); "
      f"speed-up {rc / oc:.1f}x CPU, {rw / ow:.1f}x wall")
PY
      ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
  esac
done
