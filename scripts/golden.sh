#!/usr/bin/env bash
# Golden end-to-end tests: every subcommand of detour (run, score, sites, compare,
# gate, extract, list, train) run as a user would, on the sample corpus and small fixtures, and its
# output (exit status, standard output and error, and the files it writes) compared
# with the expected files committed under tests/golden/.
#
#   bash scripts/golden.sh [--binary PATH] [--update]
# Without --update: prints a diff for every case that changed and exits 1 if any did.
# With --update: rewrites the expected files (then review them with `git diff`).
# What varies from one execution to the next is normalised first: timings, thread
# counts, the temporary folder, results.json's provenance.run block, and which adapters
# are installed on this machine (`detour list`).
set -uo pipefail
cd "$(dirname "$0")/.."
bin=build/detour
update=0
while (($#)); do
  case $1 in
    --binary) bin=$2; shift 2 ;;
    --update) update=1; shift ;;
    *) echo "usage: golden.sh [--binary PATH] [--update]" >&2; exit 2 ;;
  esac
done
[[ -x $bin ]] || { echo "golden: no detour binary at $bin" >&2; exit 2; }
bin=$(realpath "$bin")
expected=tests/golden
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
page_en=corpora/sample/en/html/$(ls corpora/sample/en/html | head -1)
page_ru=corpora/sample/ru/html/$(ls corpora/sample/ru/html | head -1)

normalise() {
  sed -E -e "s#$work#TMP#g" \
    -e 's/in [0-9]+\.[0-9]+ s \([0-9]+ threads\)/in X s (N threads)/' \
    -e 's/^task: [0-9]+\.[0-9]+ s/task: X s/' \
    -e '/^task CPU:/s/[0-9]+\.[0-9]+ s/X s/g' \
    -e 's/"(started|host|command|commit)": ".*"/"\1": "X"/' \
    -e 's/"(seconds|threads)": [0-9.e+-]+/"\1": 0/' \
    -e '/^Memory bound of a page in a worker process/{n;s/.*/  (machine-dependent)/}' \
    -e 's/^( +)(state|folder): .*/\1\2: X/'
}

# Runs one case: golden_case NAME FILES... -- ARGS... ; FILES are paths (relative to
# the case's output folder TMP/NAME) whose contents are kept after normalising.
failed=0
golden_case() {
  local name=$1; shift
  local files=()
  while [[ $1 != -- ]]; do files+=("$1"); shift; done
  shift
  local out=$work/$name
  mkdir -p "$out"
  local args=("${@//OUT/$out}")
  (cd . && "$bin" "${args[@]}" >"$work/$name.stdout" 2>"$work/$name.stderr"); local status=$?
  {
    echo "\$ detour ${*}"
    echo "exit: $status"
    echo "--- stdout"; cat "$work/$name.stdout"
    echo "--- stderr"; cat "$work/$name.stderr"
    for f in "${files[@]}"; do
      echo "--- file $f"
      case $f in
        *.sha256) (cd "$out/${f%.sha256}" && find . -type f | LC_ALL=C sort | xargs -d '\n' sha256sum) ;;
        results.json) python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); j.get("provenance",{}).pop("run",None); print(json.dumps(j,indent=1,sort_keys=True))' "$out/$f" ;;
        *) cat "$out/$f" ;;
      esac
    done
  } | normalise >"$work/$name.golden"
  if ((update)); then
    cp "$work/$name.golden" "$expected/$name.golden"
  elif ! diff -u "$expected/$name.golden" "$work/$name.golden" >"$work/$name.diff" 2>&1; then
    echo "golden: $name differs:"; head -60 "$work/$name.diff"; failed=1
  fi
}

golden_case list -- list
golden_case run_sample table2.md table4.md table2.tsv table4.tex table2.txt table4.json failures.tsv outputs.sha256 -- \
  run --corpus corpora/sample --extractors all --chains BP-JTA,JTA-BP --metrics to,car,tm,lcs --jobs 2 \
  --no-progress --out OUT
golden_case run_small results.json per_doc.tsv pages.tsv -- \
  run --corpus corpora/sample --extractors BP,JTA,JTS,GOLD,NONE --chains BP-JTA --metrics to,tm \
  --languages en,ru --jobs 1 --no-progress --out OUT
mkdir -p "$work/score_in"
"$bin" run --corpus corpora/sample --extractors BP,JTA --metrics to --languages en,fr --no-progress \
  --out "$work/score_in" >/dev/null 2>&1
golden_case score_md -- score --corpus corpora/sample --system "$work/score_in/outputs/BP" \
  --system "$work/score_in/outputs/JTA" --metrics tm,to,car,lcs,cos --format md
golden_case score_json -- score --gold corpora/sample/en/gold --system "$work/score_in/outputs/BP/en" \
  --metrics tm,tag,to --format json --per-doc
golden_case score_tsv_missing_empty -- score --corpus corpora/sample --system "$work/score_in/outputs/JTA" \
  --metrics to --format tsv --missing empty
golden_case sites -- sites --corpus corpora/sample --system "$work/score_in/outputs/BP" \
  --system "$work/score_in/outputs/JTA" --min-pages 1 --format md
golden_case sites_table -- sites --corpus corpora/sample --system "$work/score_in/outputs/BP" --min-pages 2 --format table
golden_case score_latex_per_doc -- score --corpus corpora/sample --languages en --system "$work/score_in/outputs/BP" \
  --metrics to,cos --format latex --per-doc
golden_case extract_cleaneval -- extract --extractor BP-JTA "$page_en"
golden_case extract_html -- extract --extractor JTA --format html "$page_ru"
golden_case extract_text_lang -- extract --extractor JTA --lang en --format text "$page_en"
golden_case train model.pages -- train --corpus corpora/sample --languages en,fr --pages 4 --out OUT/model
golden_case run_model -- run --corpus corpora/sample --extractors M --model M="$work/train/model" \
  --languages en,fr --metrics to --no-progress
golden_case run_settings table2.md -- run --corpus corpora/sample --extractors 'JTA(length_low=100,stopwords_low=0.25)' \
  --variant RD100='RD(retry_length=100)' --chains 'BP-JTA(length_low=100)' --metrics to --jobs 2 --no-progress --out OUT
golden_case run_sweep sweep.md sweep.tsv -- run --corpus corpora/sample --sweep 'JTA.length_low=60:120:30' \
  --sweep 'JTA.stopwords_low=0.2,0.3' --sweep 'RD.retry_length=100,500' --metrics to,tm --jobs 2 --no-progress --out OUT
golden_case tune_sample split.tsv tune.tsv sweep_dev.md -- tune --corpus corpora/sample --sweep 'JTA.length_low=50:110:20' \
  --sweep 'RD.retry_length=100,500' --split-by page --metrics to --resamples 200 --trials 500 --jobs 2 --no-progress --out OUT
golden_case run_task table3.md table3.tsv table3_tests.md table4.md table4_task.md correlation.json -- \
  run --corpus corpora/sample --extractors BP,JTA,RD --metrics to,tm --task daniel --trials 2000 --jobs 2 --no-progress \
  --out OUT
golden_case task_cli task_per_doc.tsv -- task --corpus corpora/sample --languages en \
  --system "$work/score_in/outputs/BP" --jobs 1 --out OUT
# Usage errors (exit 2) and failed work (exit 1).
golden_case error_bad_setting -- run --corpus corpora/sample --extractors 'JTA(lenght_low=60)'
golden_case error_setting_range -- run --corpus corpora/sample --sweep 'RD.retry_length=-1,100'
golden_case error_unknown_extractor -- run --corpus corpora/sample --extractors BPP
golden_case error_unknown_metric -- score --corpus corpora/sample --system "$work/score_in/outputs/BP" --metrics tx
golden_case error_jobs -- run --corpus corpora/sample --extractors BP --jobs 0
golden_case error_external_collision -- run --corpus corpora/sample --extractors BP --external BP=cat
golden_case error_nothing_scored -- score --gold corpora/sample/en/gold --system corpora/sample/fr/gold
golden_case error_no_corpus -- run --corpus "$work/nowhere" --extractors BP
mkdir -p "$work/flat/html" "$work/flat/gold"
cp "$page_en" "$work/flat/html/page"; cp "${page_en/\/html\//\/gold\/}" "$work/flat/gold/page"
golden_case error_no_language -- run --corpus "$work/flat" --extractors JTA --no-progress
golden_case run_flat_lang -- run --corpus "$work/flat" --extractors JTA,JTS --lang en --metrics to --no-progress
# Judgments: compare two systems of a run; the gate against the committed sample
# baseline (baselines/sample.json), passing on the same run and failing when a weaker
# extractor (BP-DEF) stands under BP's name.
golden_case compare_md -- compare "$work/run_small" --systems BP,JTA --top 3 --trials 2000 --format md
golden_case compare_refused -- compare "$work/run_small" "$work/score_in" --system BP
"$bin" run --corpus corpora/sample --extractors BP,JTA,RD --metrics to,car,tm --jobs 2 --no-progress \
  --out "$work/gate_run" >/dev/null 2>&1
golden_case gate_pass junit.xml -- gate "$work/gate_run" --baseline baselines/sample.json --max-drop 0.5 \
  --junit OUT/junit.xml
"$bin" run --corpus corpora/sample --extractors BP-DEF,JTA,RD --metrics to,car,tm --jobs 2 --no-progress \
  --out "$work/gate_weak" >/dev/null 2>&1
python3 scripts/rename_system.py "$work/gate_weak" BP-DEF BP
golden_case gate_fail junit.xml -- gate "$work/gate_weak" --baseline baselines/sample.json --junit OUT/junit.xml
golden_case gate_unreadable -- gate "$work/nowhere" --baseline baselines/sample.json
if ((update)); then echo "golden: expected files rewritten in $expected/"; exit 0; fi
if ((failed)); then
  echo "golden: some outputs changed; if the change is intended, run: bash scripts/golden.sh --update"
  exit 1
fi
echo "golden: $(ls "$expected" | wc -l) cases match"
