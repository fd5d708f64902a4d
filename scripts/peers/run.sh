#!/usr/bin/env bash
# Side-by-side speed of our BP, JTA and RD against the original tools on the same pages
# (issue 3): Boilerpipe 1.2.0 (Debian libboilerpipe-java), jusText 3.0.2 (its `justext`
# package copied outside the repository; not in Debian) and readability-lxml 0.8.1
# (Debian python3-readability). Every system runs in-process, one thread, after a
# warm-up, on the raw bytes of the pages held in memory; each reports ms/page including
# its own charset decoding and parsing, and for the extraction stage alone.
#
# Usage: scripts/peers/run.sh [--pages N] [--seed S] [--passes P] [--justext DIR]
#                             [--build DIR] [--out DIR]
#   --pages N    a fixed seeded sample of N pages (default: all DANIEL pages)
#   --seed S     sample seed (default 42)
#   --passes P   timed passes of each peer over the pages (default 1; ours: 1 per case)
#   --justext D  folder holding jusText's `justext/` package (or env JUSTEXT_DIR)
#   --build D    our build folder with detour_bench (default build; env DETOUR_BUILD)
#   --out D      where the page list and raw results go (default a temporary folder)
# A peer that is not installed is reported and skipped (exit 0). Figures are CPU time
# per page (the machine may be shared; wall clock is printed too).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
shared="${DETOUR_SHARED:-$root/../shared}"
pages=0 seed=42 passes=1
justext="${JUSTEXT_DIR:-}"
build="${DETOUR_BUILD:-$root/build}"
out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --pages) pages="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --passes) passes="$2"; shift 2 ;;
    --justext) justext="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
daniel="$shared/corpora/daniel"
if [[ ! -d "$daniel" ]]; then
  echo "run.sh: $daniel is absent (set DETOUR_SHARED); nothing to time"
  exit 0
fi
bench="$build/detour_bench"
if [[ ! -x "$bench" ]]; then
  echo "run.sh: $bench not found: build it first (cmake --build $build --target detour_bench)" >&2
  exit 2
fi
if [[ -z "$out" ]]; then out="$(mktemp -d)"; fi
mkdir -p "$out"
PY=/usr/bin/python3

# 1. The page list: "<lang>\t<path>", sorted; optionally a seeded sample.
"$PY" - "$daniel" "$pages" "$seed" > "$out/pages.tsv" <<'EOF'
import os, random, sys
root, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = []
for lang in sorted(os.listdir(root)):
    d = os.path.join(root, lang, "html")
    if os.path.isdir(d):
        rows += [(lang, os.path.join(d, f)) for f in sorted(os.listdir(d)) if not f.startswith(".")]
if 0 < n < len(rows):
    rows = sorted(random.Random(seed).sample(rows, n))
for lang, path in rows:
    print(lang + "\t" + path)
EOF
echo "pages: $(wc -l < "$out/pages.tsv") ($out/pages.tsv)"

# 2. Ours.
echo "ours: $bench --benchmark_filter=^Pipeline/ ..."
DETOUR_PAGE_LIST="$out/pages.tsv" "$bench" --benchmark_filter='^Pipeline/' \
  --benchmark_format=json --benchmark_out="$out/ours.json" --benchmark_out_format=json > /dev/null

# 3. The peers (each one JSON line in $out/peers.jsonl).
: > "$out/peers.jsonl"
jars=/usr/share/java
if command -v javac > /dev/null && [[ -f $jars/boilerpipe.jar && -f $jars/nekohtml.jar && -f $jars/xercesImpl.jar ]]; then
  cp="$jars/boilerpipe.jar:$jars/nekohtml.jar:$jars/xercesImpl.jar"
  src="$here/PeerBoilerpipe.java"
  classes="${XDG_CACHE_HOME:-$HOME/.cache}/detour/peers/$(sha256sum "$src" | cut -c1-16)"
  if [[ ! -f "$classes/PeerBoilerpipe.class" ]]; then
    mkdir -p "$classes.tmp.$$"
    javac -nowarn -encoding UTF-8 -cp "$cp" -d "$classes.tmp.$$" "$src"
    rm -rf "$classes"; mv "$classes.tmp.$$" "$classes"
  fi
  echo "peer: Boilerpipe 1.2.0 ..."
  java -Xss16m -cp "$classes:$cp" PeerBoilerpipe "$out/pages.tsv" 1 "$passes" >> "$out/peers.jsonl"
else
  echo "peer BP skipped: Boilerpipe 1.2.0 is not installed (apt-get install libboilerpipe-java default-jdk-headless)"
fi
if [[ -n "$justext" && -f "$justext/justext/core.py" ]] && "$PY" -c 'import lxml.html.clean' 2> /dev/null; then
  echo "peer: jusText 3.0.2 from $justext ..."
  (cd / && "$PY" "$here/peer_justext.py" "$out/pages.tsv" "$justext" "$shared/resources/stoplists/justext" 1 "$passes") >> "$out/peers.jsonl"
else
  echo "peer JTA skipped: give the folder holding jusText 3.0.2's justext/ package with --justext or JUSTEXT_DIR (and apt-get install python3-lxml)"
fi
if "$PY" -c 'import readability' 2> /dev/null; then
  echo "peer: readability-lxml ..."
  (cd / && "$PY" "$here/peer_readability.py" "$out/pages.tsv" 1 "$passes") >> "$out/peers.jsonl"
else
  echo "peer RD skipped: readability-lxml is not installed (apt-get install python3-readability)"
fi

# 4. The table.
"$PY" "$here/table.py" "$out/ours.json" "$out/peers.jsonl"
