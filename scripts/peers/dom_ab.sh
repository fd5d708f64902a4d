#!/usr/bin/env bash
# A/B check of a performance change to html/dom.{h,cc}: builds scripts/peers/dom_ab.cc
# against the committed version (git show REV:..., default HEAD) and against the working
# tree, runs both on the same pages (interleaved, twice), prints CPU ms/page of
# dom::Document::parse for each, and fails unless every page's tree (to_html, node
# count, flattened count, title) is identical. Everything is built in a temporary
# folder; nothing in the repository changes.
# Usage: scripts/peers/dom_ab.sh [REV] [PAGE_LIST]   (default: HEAD, all DANIEL pages)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rev="${1:-HEAD}"
shared="${DETOUR_SHARED:-$root/../shared}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
list="${2:-}"
if [[ -z "$list" ]]; then
  if [[ ! -d "$shared/corpora/daniel" ]]; then
    echo "dom_ab.sh: $shared/corpora/daniel is absent (set DETOUR_SHARED); nothing to compare"
    exit 0
  fi
  list="$tmp/pages.tsv"
  for d in "$shared"/corpora/daniel/*/html; do
    lang="$(basename "$(dirname "$d")")"
    for f in "$d"/*; do printf '%s\t%s\n' "$lang" "$f"; done
  done > "$list"
fi
# html/dom.{h,cc} with what they use from base/ (markup: HTML escaping), as of REV
# and as in the working tree (revisions from the layered layout on).
files=(html/dom.h html/dom.cc base/markup.h base/markup.cc base/page.h)
for f in "${files[@]}"; do
  mkdir -p "$tmp/a/$(dirname "$f")" "$tmp/b/$(dirname "$f")"
  git -C "$root" show "$rev:$f" > "$tmp/a/$f"
  cp "$root/$f" "$tmp/b/$f"
done
for v in a b; do
  g++ -std=c++20 -O3 -DNDEBUG -I"$tmp/$v" -o "$tmp/ab_$v" "$here/dom_ab.cc" "$tmp/$v/html/dom.cc" \
    "$tmp/$v/base/markup.cc" $(pkg-config --cflags --libs gumbo)
done
for round in 1 2; do
  echo "== $rev (round $round)"; "$tmp/ab_a" "$list" "$tmp/out_a.txt" 2
  echo "== working tree (round $round)"; "$tmp/ab_b" "$list" "$tmp/out_b.txt" 2
done
if cmp -s "$tmp/out_a.txt" "$tmp/out_b.txt"; then
  echo "identical trees on $(wc -l < "$tmp/out_a.txt") pages"
else
  echo "dom_ab.sh: trees differ on $(diff "$tmp/out_a.txt" "$tmp/out_b.txt" | grep -c '^<') pages" >&2
  exit 1
fi
