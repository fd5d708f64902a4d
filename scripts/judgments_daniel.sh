#!/usr/bin/env bash
# The judgments on DANIEL, end to end (what issue 11 asks to be shown):
#  1. a full run (every extractor, chains BP-JTA and JTA-BP, 5 metrics) with
#     confidence intervals;
#  2. RD against BP on Chinese (car), and BP against BP-JTA on every language;
#  3. the new Table 4 (ties, baselines never win) and, with --old-binary, the old
#     one made by an older detour on the same corpus;
#  4. the gate: the committed baseline baselines/daniel.json (BP, JTA, RD) passes on
#     the run, and a run where BP-DEF stands under BP's name fails with exit 1; its
#     JUnit file is validated against tests/fixtures/junit/junit.xsd.
#
#   bash scripts/judgments_daniel.sh [--corpus DIR] [--out DIR] [--binary PATH]
#        [--old-binary PATH] [--jobs N] [--update-baseline]
# --update-baseline rewrites baselines/daniel.json from the run first.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=../shared/corpora/daniel
out=/tmp/detour-judgments
bin=build/detour
old=""
jobs=2
update=0
while (($#)); do
  case $1 in
    --corpus) corpus=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --binary) bin=$2; shift 2 ;;
    --old-binary) old=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --update-baseline) update=1; shift ;;
    *) echo "usage: judgments_daniel.sh [--corpus DIR] [--out DIR] [--binary PATH] [--old-binary PATH] [--jobs N] [--update-baseline]" >&2; exit 2 ;;
  esac
done
[[ -d $corpus ]] || { echo "judgments_daniel: no corpus at $corpus" >&2; exit 2; }
mkdir -p "$out"
metrics=to,car,tm,lcs,cos
step() { echo; echo "## $*"; echo; }

step "1. full run with confidence intervals"
rm -rf "$out/full"
/usr/bin/time -f "run: %e s wall, %U s user, %S s sys, %M KB peak" \
  "$bin" run --corpus "$corpus" --extractors all --chains BP-JTA,JTA-BP --metrics $metrics --confidence \
  --jobs "$jobs" --no-progress --out "$out/full" >"$out/full.stdout"
sed -n '1,40p' "$out/full.stdout"

step "2a. RD against BP on zh (car)"
"$bin" compare "$out/full" --systems BP,RD --languages zh --metrics car --top 5 --format md
step "2b. BP against BP-JTA on every language (to, car, tm)"
"$bin" compare "$out/full" --systems BP,BP-JTA --metrics to,car,tm --top 10 --format md

step "3. Table 4: the judgment"
cat "$out/full/table4.md"
if [[ -n $old ]]; then
  step "3b. Table 4 as an older detour made it ($old)"
  rm -rf "$out/old"
  "$old" run --corpus "$corpus" --extractors all --chains BP-JTA,JTA-BP --metrics $metrics --jobs "$jobs" \
    --no-progress --out "$out/old" >/dev/null
  cat "$out/old/table4.md"
fi

step "4. the gate"
if ((update)); then
  "$bin" gate "$out/full" --baseline baselines/daniel.json --systems BP,JTA,RD --max-drop 0.5 --update
fi
set +e
"$bin" gate "$out/full" --baseline baselines/daniel.json --junit "$out/gate_pass.xml"
echo "exit: $? (same run)"
set -e
rm -rf "$out/weak"
"$bin" run --corpus "$corpus" --extractors BP-DEF,JTA,RD --metrics $metrics --jobs "$jobs" --no-progress \
  --out "$out/weak" >/dev/null
python3 scripts/rename_system.py "$out/weak" BP-DEF BP
set +e
"$bin" gate "$out/weak" --baseline baselines/daniel.json --junit "$out/gate_fail.xml"
echo "exit: $? (BP-DEF under BP's name)"
set -e
python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); print("JUnit parsed by python3:", r.get("tests"), "tests,", r.get("failures"), "failures")' "$out/gate_fail.xml"
if command -v xmllint >/dev/null; then xmllint --noout --schema tests/fixtures/junit/junit.xsd "$out/gate_fail.xml"; fi
echo "JUnit file: $out/gate_fail.xml"
