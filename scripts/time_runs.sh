#!/usr/bin/env bash
# Times two or more detour builds side by side on the same full run, alternating
# them N times, and prints each build's median CPU time (user + sys, steadier than
# wall time on a shared machine), wall time, peak memory, and its ratio to the first.
# Outputs go to a tmpfs folder (/dev/shm when there is one): on ext4, making tens of
# thousands of files just after deleting the last run's adds seconds of sys time that
# vary from run to run.
#
#   bash scripts/time_runs.sh [-n N] [--corpus DIR] LABEL=BINARY LABEL=BINARY... [-- RUN ARGS]
# Defaults: N = 3, corpus ../shared/corpora/daniel, run arguments
#   --extractors all --chains BP-JTA,JTA-BP --jobs 2
# Prints one line per run (label, user, sys, wall, peak KB, load) and the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
n=3
corpus=../shared/corpora/daniel
builds=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    -n) n=$2; shift 2 ;;
    --corpus) corpus=$2; shift 2 ;;
    --) shift; break ;;
    *=*) builds+=("$1"); shift ;;
    *) echo "time_runs: unexpected argument '$1' (LABEL=BINARY expected)" >&2; exit 2 ;;
  esac
done
args=("$@")
[[ ${#args[@]} -gt 0 ]] || args=(--extractors all --chains BP-JTA,JTA-BP --jobs 2)
[[ ${#builds[@]} -ge 1 ]] || { echo "usage: time_runs.sh [-n N] [--corpus DIR] LABEL=BINARY... [-- RUN ARGS]" >&2; exit 2; }
[[ -d "$corpus" ]] || { echo "time_runs: no corpus at $corpus" >&2; exit 2; }
for b in "${builds[@]}"; do [[ -x "${b#*=}" ]] || { echo "time_runs: ${b#*=} is not an executable" >&2; exit 2; }; done
tmp_root=/dev/shm; [[ -d $tmp_root && -w $tmp_root ]] || tmp_root=${TMPDIR:-/tmp}
work=$(mktemp -d "$tmp_root/time_runs.XXXXXX")
trap 'rm -rf "$work"' EXIT
log=$work/times
for ((i = 1; i <= n; i++)); do
  for b in "${builds[@]}"; do
    label=${b%%=*}; bin=${b#*=}
    rm -rf "$work/out"
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f "$label %U %S %e %M $load" -a -o "$log" \
      "$bin" run --corpus "$corpus" "${args[@]}" --no-progress --out "$work/out" >/dev/null 2>"$work/err" ||
      { echo "time_runs: $label failed:" >&2; tail -5 "$work/err" >&2; exit 1; }
    tail -1 "$log"
  done
done
python3 - "$log" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1]) if len(l.split()) == 6]
labels = list(dict.fromkeys(r[0] for r in rows))
base = None
print("build\truns\tCPU median (s)\tCPU range\twall median (s)\tpeak (MB)\tvs first")
for lab in labels:
    rs = [r for r in rows if r[0] == lab]
    cpu = [float(r[1]) + float(r[2]) for r in rs]
    wall = [float(r[3]) for r in rs]
    peak = max(int(r[4]) for r in rs) // 1024
    m = st.median(cpu)
    base = base or m
    print(f"{lab}\t{len(rs)}\t{m:.2f}\t{min(cpu):.2f}-{max(cpu):.2f}\t{st.median(wall):.2f}\t{peak}\t{100 * (m / base - 1):+.1f}%")
PY
