#!/usr/bin/env bash
# Recomputes the reference values of the committed bench_metrics test fixture
# (tests/fixtures/bench_metrics/) with the original tools, run from their sources
# outside this repository:
#   EXT/rouge/rouge/...                     google-research rouge (rouge-score 0.1.2 era)
#   EXT/wceb/src/extraction_benchmark/...   chatnoir-eu/web-content-extraction-benchmark
#   EXT/aeb/evaluate.py                     scrapinghub/article-extraction-benchmark
#   EXT/rapidfuzz/src/rapidfuzz/...         rapidfuzz (pure-Python Indel)
# (EXT defaults to /work/ext). Debian: python3-nltk python3-absl python3-six python3-numpy.
# The pairs themselves come from make_fixture_pairs.py; the Punkt model of the fixture
# (punkt_tiny/) is hand-written, so that the test needs no NLTK data.
set -euo pipefail
cd "$(dirname "$0")/../.."
EXT="${EXT:-/work/ext}"
PY=/usr/bin/python3
F=tests/fixtures/bench_metrics
S=scripts/bench_metrics
common=(--rouge-src "$EXT/rouge" --wceb-src "$EXT/wceb/src")
$PY $S/rouge_reference.py "${common[@]}" --mode default "$F/pairs.jsonl" > "$F/rouge_default.tsv"
$PY $S/rouge_reference.py "${common[@]}" --mode lines-ws "$F/pairs.jsonl" > "$F/rouge_lines_ws.tsv"
$PY $S/rouge_reference.py "${common[@]}" --punkt-tab "$F/punkt_tiny" --mode wceb "$F/pairs.jsonl" > "$F/rouge_wceb_tiny.tsv"
$PY $S/rouge_reference.py "${common[@]}" --punkt-tab "$F/punkt_tiny" --mode punkt "$F/pairs.jsonl" > "$F/punkt_tiny_sentences.tsv"
# NLTK's English model as Debian ships it (golang-gopkg-neurosnap-sentences.v1-dev): rougelsum's default.
DEB_PUNKT=/usr/share/gocode/src/gopkg.in/neurosnap/sentences.v1/data/english.json
$PY $S/rouge_reference.py "${common[@]}" --punkt-json "$DEB_PUNKT" --mode wceb "$F/pairs.jsonl" > "$F/rouge_wceb_debian.tsv"
$PY $S/rouge_reference.py "${common[@]}" --punkt-json "$DEB_PUNKT" --mode punkt "$F/pairs.jsonl" > "$F/punkt_debian_sentences.tsv"
$PY $S/levenshtein_reference.py --rapidfuzz-src "$EXT/rapidfuzz/src" --wceb-src "$EXT/wceb/src" "$F/pairs.jsonl" > "$F/levenshtein.tsv"
$PY $S/bow_reference.py "$F/pairs.jsonl" > "$F/bow.tsv"
$PY $S/shingle_reference.py --benchmark "$EXT/aeb" --pairs "$PWD/$F/pairs.jsonl" --seed 12345 \
  --per-page "$PWD/$F/shingle_pages.tsv" > "$F/shingle_summary_seed12345.tsv"
echo "fixture references written to $F"
