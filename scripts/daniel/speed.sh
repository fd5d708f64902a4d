#!/bin/bash
# Times detour's native DAnIEL against the real DAnIEL (Python 3, a copy you fetched)
# on the same texts, one after the other in one run: the gold texts of every page of a
# corpus, one thread each.
#
#   scripts/daniel/speed.sh DANIEL_DIR CORPUS_ROOT RESOURCES [DETOUR_BINARY]
#
# DANIEL_DIR is the event-detection-daniel folder. Python's figure is the CPU time of
# DAnIEL's own calls (daniel_decisions.py measures get_resource + process per text, not
# the file listing); detour's is the whole process's user+sys CPU time (start-up,
# corpus listing, resource loading and the evaluation included), so the ratio is a
# lower bound. Prints both and the ratio.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 DANIEL_DIR CORPUS_ROOT RESOURCES [DETOUR_BINARY]" >&2
  exit 2
fi
daniel=$1 corpus=$2 resources=$3
detour=${4:-build/detour}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

/usr/bin/python3 "$here/daniel_decisions.py" --daniel "$daniel" --resources "$resources" --corpus "$corpus" \
  --out "$work/python.tsv"
py_cpu=$(sed -n 's/^# cpu_seconds \([0-9.]*\) documents \([0-9]*\)$/\1/p' "$work/python.tsv")
py_docs=$(sed -n 's/^# cpu_seconds \([0-9.]*\) documents \([0-9]*\)$/\2/p' "$work/python.tsv")

/usr/bin/time -f "%U %S" -o "$work/time" "$detour" task --corpus "$corpus" --task-resources "$resources" \
  --jobs 1 --out "$work/detour" >/dev/null
read -r user sys <"$work/time"
native=$(python3 -c "print('%.3f' % ($user + $sys))")
native_docs=$(awk -F'\t' 'NR > 1 && $1 == "reference"' "$work/detour/task_per_doc.tsv" | wc -l)

echo "python DAnIEL: $py_cpu s CPU for $py_docs texts"
echo "detour task:   $native s CPU (user+sys, whole process) for $native_docs texts"
python3 -c "print('ratio: %.1fx' % ($py_cpu / max($native, 1e-9)))"
