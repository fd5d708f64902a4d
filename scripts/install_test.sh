#!/usr/bin/env bash
# Installs a build into a temporary prefix (cmake --install BUILD --prefix TMP) and runs
# the main job from the installed program, in another folder, on the installed sample
# corpus; its tables must equal those of the same job run by the build's own program.
#   bash scripts/install_test.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=$(cd "${1:-build}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
for f in bin/detour share/detour/corpora/sample/README.md share/detour/scripts/boilerpipe/run.sh \
         share/detour/scripts/readability/run.sh share/doc/detour/README.md share/doc/detour/running.md; do
  [[ -e "$tmp/prefix/$f" ]] || { echo "install test: $f was not installed" >&2; exit 1; }
done
job=(--extractors all --chains BP-JTA,JTA-BP --metrics to,car,tm,lcs --task daniel --no-progress)
(cd "$tmp" && prefix/bin/detour run --corpus prefix/share/detour/corpora/sample "${job[@]}" --out installed >/dev/null)
"$build/detour" run --corpus "$root/corpora/sample" "${job[@]}" --out "$tmp/built" >/dev/null
n=0
for t in "$tmp"/built/table*.tsv; do
  cmp "$t" "$tmp/installed/$(basename "$t")" || { echo "install test: $(basename "$t") differs" >&2; exit 1; }
  n=$((n + 1))
done
((n >= 3)) || { echo "install test: only $n table(s) written" >&2; exit 1; }
echo "install test: installed into a temporary prefix; the main job from the installed program wrote the same $n tables"
