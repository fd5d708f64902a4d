#!/usr/bin/env bash
# Our BP, JTA and RD against the real tools, page by page, on the same decoded text
# (issue 15), and our parsers' trees against the trees the tools read.
#
# Usage: scripts/parse_fidelity/run.sh [--corpus ROOT] [--justext DIR] [--out DIR]
#                                      [--build DIR] [--trees]
#   --corpus ROOT  default ../shared/corpora/daniel
#   --justext DIR  the folder holding jusText 3.0.2's justext/ package (or JUSTEXT_DIR);
#                  without it JTA is not compared
#   --out DIR      where pages, tools' outputs and trees go (default a temporary folder)
#   --trees        also compare the trees: libxml2 (ours) against lxml's, NekoHTML
#                  (ours) against the Boilerpipe jar's (pages whose trees differ)
# Steps: 1. `parse_fidelity dump` writes every page as detour decodes it (UTF-8);
# 2. real_tools.py runs the Boilerpipe jar, jusText and readability-lxml on those
# texts; 3. `parse_fidelity compare` prints per language pages, median, mean, minimum
# and pages under 0.99 of the per-page TO F1, and the 5 worst pages of each tool.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
corpus="${DETOUR_SHARED:-$root/../shared}/corpora/daniel"
justext="${JUSTEXT_DIR:-}"
build="${DETOUR_BUILD:-$root/build}"
out="" trees=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --corpus) corpus="$2"; shift 2 ;;
    --justext) justext="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --trees) trees=1; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
pf="$build/parse_fidelity"
if [[ ! -x "$pf" ]]; then
  echo "run.sh: $pf not found: build it first (cmake --build $build --target parse_fidelity)" >&2
  exit 2
fi
if [[ ! -d "$corpus" ]]; then
  echo "run.sh: $corpus is absent; nothing to compare"
  exit 0
fi
if [[ -z "$out" ]]; then out="$(mktemp -d)"; fi
mkdir -p "$out"
PY=/usr/bin/python3

"$pf" dump --corpus "$corpus" --out "$out/pages"
tools=bp,rd
pairs=(--pair bp=BP --pair rd=RD)
if [[ -n "$justext" ]]; then
  tools=bp,jta,rd
  pairs=(--pair bp=BP --pair jta=JTA --pair rd=RD)
else
  echo "JTA not compared: give jusText 3.0.2's source folder with --justext or JUSTEXT_DIR"
fi
(cd / && "$PY" "$here/real_tools.py" "$out/pages" "$out/real" --tools "$tools" ${justext:+--justext "$justext"})
"$pf" compare --corpus "$corpus" --real "$out/real" "${pairs[@]}" --per-doc "$out/per_doc.tsv" --worst 5

if [[ $trees == 1 ]]; then
  echo
  "$pf" trees --corpus "$corpus" --out "$out/trees-libxml2" --parser libxml2
  (cd / && "$PY" "$here/lxml_trees.py" "$out/pages" "$out/trees-lxml")
  echo "libxml2 trees differing from lxml's: $(diff -rq "$out/trees-libxml2" "$out/trees-lxml" | wc -l) pages"
  jars=/usr/share/java
  cp="$jars/boilerpipe.jar:$jars/nekohtml.jar:$jars/xercesImpl.jar"
  classes="$out/neko-classes"
  mkdir -p "$classes"
  javac -nowarn -encoding UTF-8 -cp "$cp" -d "$classes" "$here/NekoTrees.java"
  java -Xss16m -cp "$classes:$cp" NekoTrees "$out/pages" "$out/trees-neko-jar"
  "$pf" trees --corpus "$corpus" --out "$out/trees-neko" --parser neko --compact
  echo "NekoHTML trees differing from the jar's: $(diff -rq "$out/trees-neko" "$out/trees-neko-jar" | wc -l) pages"
fi
echo "files in $out"
