#!/usr/bin/env bash
# Compares our exact tree edit distance (kernels/tree_edit/ted.h) with the two APTED
# implementations of Pawlik & Augsten (2016) on the same real DANIEL same-site page
# pairs (about 100, 500, 1000, 3000, 10000 DOM nodes; the largest same-site pair when
# no page is that big): DatabaseGroup/apted (Java) and DatabaseGroup/tree-similarity
# (C++ `ted` command-line tool). The peers are built by the user OUTSIDE this
# repository; this script only runs them.
#
# Usage: scripts/ted_peers/run.sh APTED_JAR_OR_CLASSDIR TS_BINARY [BUILD_DIR] [WORK_DIR]
#   APTED_JAR_OR_CLASSDIR  apted jar, or the folder of its compiled classes
#   TS_BINARY              tree-similarity's `ted` binary (`ted file A B`)
#   BUILD_DIR              our build folder with detour_tests (default build)
#   WORK_DIR               where the pairs are exported (default /tmp/detour-ted-pairs)
# Env: TED_SIZES (default "100 500 1000 3000 10000"), TED_SKIP_TS_ABOVE (skip the
# C++ peer on pairs with more nodes than this in either tree; default none).
#
# What is measured, one thread each, one run per pair and tool:
#  - ours: ted() only, in process (detour_tests "[.ted_export]" with TED_RUN_A/B);
#  - apted java: its CommandLine -v "runtime" = computeEditDistance only (JVM start,
#    parsing excluded; first call, so JIT warm-up included; millisecond resolution);
#    java runs with its default heap;
#  - tree-similarity: the whole `ted` process wall time (parse + index + TED; it
#    prints no timing of its own);
#  - *_cpu: user + system CPU seconds of each whole process (/usr/bin/time -v; for
#    java this includes JVM start, parsing, JIT and GC threads): robust when the
#    machine is shared, unlike the wall times;
#  - memory: peak RSS of each whole process (/usr/bin/time -v); row "base" gives each
#    process's RSS on a one-node pair, i.e. what is not the algorithm.
# Every tool must return the same distance on every pair, else the script exits 1.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
APTED="${1:-}"
TS="${2:-}"
BUILD_DIR="${3:-$ROOT/build}"
WORK="${4:-/tmp/detour-ted-pairs}"
SIZES="${TED_SIZES:-100 500 1000 3000 10000}"
SKIP_TS_ABOVE="${TED_SKIP_TS_ABOVE:-0}"

if [[ -z "$APTED" || -z "$TS" || ! -e "$APTED" || ! -x "$TS" ]]; then
  echo "ted_peers: peers absent (APTED_JAR_OR_CLASSDIR='$APTED', TS_BINARY='$TS'); nothing to compare."
  echo "usage: $0 APTED_JAR_OR_CLASSDIR TS_BINARY [BUILD_DIR] [WORK_DIR]"
  exit 0
fi
command -v java >/dev/null || { echo "ted_peers: java is absent; nothing to compare."; exit 0; }
[[ -x /usr/bin/time ]] || { echo "ted_peers: /usr/bin/time is absent (apt-get install time)"; exit 0; }
TESTS="$BUILD_DIR/detour_tests"
[[ -x "$TESTS" ]] || { echo "ted_peers: $TESTS not built" >&2; exit 1; }

mkdir -p "$WORK"
echo "exporting pairs to $WORK ..."
TED_EXPORT_DIR="$WORK" TED_EXPORT_SIZES="$(echo $SIZES | tr ' ' ',')" \
  "$TESTS" "[.ted_export]" >"$WORK/export.log" 2>&1 || { cat "$WORK/export.log"; exit 1; }
grep -E '^size|sites;' "$WORK/export.log" || true
echo '{a}' >"$WORK/base_a.tree"
echo '{a}' >"$WORK/base_b.tree"

# peak RSS (MB) from a /usr/bin/time -v log
rss() { awk -F': ' '/Maximum resident set size/{printf "%.1f", $2/1024}' "$1"; }
cpu() { awk -F': ' '/User time/{u=$2} /System time/{s=$2} END{printf "%.3f", u+s}' "$1"; }
wall() {  # elapsed seconds from a /usr/bin/time -v log (h:mm:ss or m:ss.cc)
  awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$1"
}
JCP="$APTED"  # a jar or a class folder: both go on the class path
JMAIN=at.unisalzburg.dbresearch.apted.util.CommandLine

printf '%-5s %-11s %5s | %8s %8s %7s | %8s %8s %7s | %8s %8s %7s | %7s %7s %7s %7s | %7s %7s\n' \
  size nodes dist us_s us_cpu us_MB java_s java_cpu java_MB ts_s ts_cpu ts_MB \
  java/us ts/us jcpu/us tcpu/us jMB/us tMB/us
fail=0
for s in base $SIZES; do
  A="$WORK/${s}_a.tree"; B="$WORK/${s}_b.tree"
  [[ -f "$A" && -f "$B" ]] || { echo "missing pair $s"; fail=1; continue; }
  # ours
  TED_RUN_A="$A" TED_RUN_B="$B" /usr/bin/time -v -o "$WORK/$s.ours.time" \
    "$TESTS" "[.ted_export]" >"$WORK/$s.ours.out" 2>&1
  read -r _ na nb _ d_ours _ t_ours _ <<<"$(grep '^nodes ' "$WORK/$s.ours.out" | head -1)"
  # apted java
  /usr/bin/time -v -o "$WORK/$s.java.time" java -cp "$JCP" "$JMAIN" -v --files "$A" "$B" >"$WORK/$s.java.out" 2>&1
  d_java=$(awk '/^distance:/{printf "%d", $2}' "$WORK/$s.java.out")
  t_java=$(awk '/^runtime:/{print $2}' "$WORK/$s.java.out")
  # tree-similarity
  if [[ "$SKIP_TS_ABOVE" -gt 0 && ( "$na" -gt "$SKIP_TS_ABOVE" || "$nb" -gt "$SKIP_TS_ABOVE" ) ]]; then
    d_ts=skip; t_ts=-1; m_ts=-1; c_ts=-1
  else
    /usr/bin/time -v -o "$WORK/$s.ts.time" "$TS" file "$A" "$B" >"$WORK/$s.ts.out" 2>&1
    d_ts=$(awk -F: '/^Distance TED/{printf "%d", $2}' "$WORK/$s.ts.out")
    t_ts=$(wall "$WORK/$s.ts.time"); m_ts=$(rss "$WORK/$s.ts.time"); c_ts=$(cpu "$WORK/$s.ts.time")
  fi
  m_ours=$(rss "$WORK/$s.ours.time"); m_java=$(rss "$WORK/$s.java.time")
  c_ours=$(cpu "$WORK/$s.ours.time"); c_java=$(cpu "$WORK/$s.java.time")
  if [[ "$d_ours" != "$d_java" || ( "$d_ts" != skip && "$d_ours" != "$d_ts" ) ]]; then
    echo "DISTANCE MISMATCH on $s: ours=$d_ours apted-java=$d_java tree-similarity=$d_ts"; fail=1
  fi
  awk -v s="$s" -v n="${na}x${nb}" -v d="$d_ours" -v to="$t_ours" -v co="$c_ours" -v mo="$m_ours" \
      -v tj="$t_java" -v cj="$c_java" -v mj="$m_java" -v tt="$t_ts" -v ct="$c_ts" -v mt="$m_ts" '
    function r(a, b) { return (b > 0 && a >= 0) ? sprintf("%.1f", a / b) : "-" }
    BEGIN {
      printf "%-5s %-11s %5s | %8.4f %8.3f %7.1f | %8.3f %8.3f %7.1f | %8.3f %8.3f %7.1f | %7s %7s %7s %7s | %7s %7s\n",
        s, n, d, to, co, mo, tj, cj, mj, tt, ct, mt, r(tj, to), r(tt, to), r(cj, co), r(ct, co), r(mj, mo), r(mt, mo) }'
done
[[ $fail == 0 ]] && echo "all three tools agree on every distance." || { echo "FAILED"; exit 1; }
