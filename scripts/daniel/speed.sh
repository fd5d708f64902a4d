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
# lower bound. Wall times are those of the two whole processes (Python's includes its
# start-up and file listing). Prints both, the ratios and the load average before
# and after.
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

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "%e" -o "$work/py_wall" /usr/bin/python3 "$here/daniel_decisions.py" --daniel "$daniel" \
  --resources "$resources" --corpus "$corpus" --out "$work/python.tsv"
py_wall=$(cat "$work/py_wall")
py_cpu=$(sed -n 's/^# cpu_seconds \([0-9.]*\) documents \([0-9]*\)$/\1/p' "$work/python.tsv")
py_docs=$(sed -n 's/^# cpu_seconds \([0-9.]*\) documents \([0-9]*\)$/\2/p' "$work/python.tsv")

/usr/bin/time -f "%U %S %e" -o "$work/time" "$detour" task --corpus "$corpus" --task-resources "$resources" \
  --jobs 1 --out "$work/detour" >/dev/null
read -r user sys wall <"$work/time"
native=$(python3 -c "print('%.3f' % ($user + $sys))")
native_docs=$(awk -F'\t' 'NR > 1 && $1 == "reference"' "$work/detour/task_per_doc.tsv" | wc -l)

echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
echo "python DAnIEL: $py_cpu s CPU (DAnIEL's calls), $py_wall s wall (whole process) for $py_docs texts"
echo "detour task:   $native s CPU (user+sys, whole process), $wall s wall for $native_docs texts"
python3 -c "print('ratio: %.1fx CPU, %.1fx wall' % ($py_cpu / max($native, 1e-9), $py_wall / max($wall, 1e-9)))"
