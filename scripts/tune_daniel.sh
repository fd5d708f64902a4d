#!/usr/bin/env bash
# Tuning on DANIEL: jusText's length_low x stopwords_low (30 settings) and
# Readability's retry_length (6 settings) as sweeps of one run, chosen per language on
# the dev half of a by-site split and judged on the test half against the defaults
# (95% bootstrap intervals, paired bootstrap and approximate randomization p-values,
# Holm over languages). Prints the report; writes it with the sweep on dev, the split
# and the per-document records to OUT.
#
#   bash scripts/tune_daniel.sh [CORPUS] [OUT] [extra detour tune options...]
# CORPUS defaults to ../shared/corpora/daniel, OUT to out/tune_daniel.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpora/daniel}
out=${2:-out/tune_daniel}
shift $(( $# > 2 ? 2 : $# ))
[[ -d $corpus ]] || { echo "tune_daniel: no corpus at $corpus" >&2; exit 2; }
build/detour tune --corpus "$corpus" \
  --sweep 'JTA.length_low=40:130:10' --sweep 'JTA.stopwords_low=0.2,0.25,0.3' \
  --sweep 'RD.retry_length=0,100,250,500,1000,2000' \
  --metrics to --metric to --statistic micro-f1 --jobs 2 \
  --split dev:test=50:50 --split-by site --seed 42 --no-progress --out "$out" "$@"
