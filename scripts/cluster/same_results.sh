#!/usr/bin/env bash
# Are two run folders the same run? Compares everything `detour run --out DIR` writes
# (outputs/, per_doc.tsv, pages.tsv, failures.tsv, the tables, results.json) byte for
# byte, except what differs from one execution of a run to the next: timings.tsv,
# journal.jsonl (it holds the timings and the provenance), prepared.state (what the
# corpus-aware stages learnt, with how long it took; a merged run has none) and
# results.json's provenance.run block (command, start, duration, threads, host),
# which is dropped from both before comparing.
#
#   bash scripts/cluster/same_results.sh DIR_A DIR_B
# Prints "same: N files" and exits 0, or prints what differs and exits 1.
set -uo pipefail
(($# == 2)) || { echo "usage: same_results.sh DIR_A DIR_B" >&2; exit 2; }
a=$1 b=$2
for d in "$a" "$b"; do [[ -f $d/results.json ]] || { echo "same_results: $d: no results.json" >&2; exit 2; }; done
stable_json() {
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); j.get("provenance",{}).pop("run",None); print(json.dumps(j,indent=1,sort_keys=True))' "$1"
}
status=0
# Files missing on one side ("Only in") or differing ("Files ... differ").
if ! diff -rq -x timings.tsv -x journal.jsonl -x results.json -x prepared.state -x prepared "$a" "$b" >"${TMPDIR:-/tmp}/same_results.$$" 2>&1; then
  echo "same_results: the folders differ:"
  head -20 "${TMPDIR:-/tmp}/same_results.$$"
  status=1
fi
rm -f "${TMPDIR:-/tmp}/same_results.$$"
if ! diff <(stable_json "$a/results.json") <(stable_json "$b/results.json") >/dev/null; then
  echo "same_results: differs: results.json (provenance.run aside)"
  status=1
fi
n=$(find "$a" -type f ! -name timings.tsv ! -name journal.jsonl ! -name prepared.state ! -path '*/prepared/*' | wc -l)
((status == 0)) && echo "same: $n files (timings.tsv, journal.jsonl and provenance.run aside)"
exit $status
