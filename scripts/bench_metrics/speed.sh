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
# Usage: speed.sh [MODES...]   (default: wceb default shingle)
set -euo pipefail
cd "$(dirname "$0")/../.."
EXT="${EXT:-/work/ext}"
BIN="${BIN:-build/bench_metrics_pairs}"
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

if [[ " ${modes[*]} " == *" wceb "* || " ${modes[*]} " == *" default "* ]]; then
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
    *) echo "unknown mode $mode" >&2; exit 2 ;;
  esac
done
