#!/usr/bin/env bash
# Installs the tools behind detour's adapters (docs/adapters.md, extractors/adapters.cc):
#   npm   MRD, DFD, AEX: the packages pinned by extractors/adapters/package-lock.json,
#         installed with `npm ci` into extractors/adapters/node_modules;
#   apt   RDL (python3-readability), HTX (python3-html-text), H2T (python3-html2text),
#         BPJ (libboilerpipe-java and a Java runtime): Debian 12 packages;
#   bpj   BPJ.java compiled once into extractors/adapters/classes (by the compiler
#         module of the Java runtime: no JDK needed), so that no start compiles it.
# jusText (JTP) and trafilatura (TRF) are not Debian packages: pip install them.
#
#   bash scripts/install-adapters.sh [--npm-only | --apt-only | --bpj-only]
# Needs npm (Debian: apt-get install npm) for the npm part and root for the apt part;
# --apt-only also compiles BPJ.java.
set -euo pipefail
cd "$(dirname "$0")/.."
do_npm=1 do_apt=1 do_bpj=1
case ${1:-} in
  --npm-only) do_apt=0 do_bpj=0 ;;
  --apt-only) do_npm=0 ;;
  --bpj-only) do_npm=0 do_apt=0 ;;
  "") ;;
  *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
if ((do_apt)); then
  apt-get install -y --no-install-recommends python3-readability python3-html-text python3-html2text \
    default-jre-headless libboilerpipe-java
fi
if ((do_bpj)); then
  command -v java >/dev/null || { echo "install-adapters: java is not installed (apt-get install default-jre-headless)" >&2; exit 1; }
  jars=/usr/share/java/boilerpipe.jar:/usr/share/java/nekohtml.jar:/usr/share/java/xercesImpl.jar
  for jar in ${jars//:/ }; do
    [ -e "$jar" ] || { echo "install-adapters: $jar is missing (apt-get install libboilerpipe-java)" >&2; exit 1; }
  done
  # Into a fresh folder, then in place: a stopped compile leaves no half class folder.
  dir=extractors/adapters
  tmp=$(mktemp -d "$dir/.classes.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  chmod 755 "$tmp"
  java -m jdk.compiler/com.sun.tools.javac.Main -encoding UTF-8 -cp "$jars" -d "$tmp" "$dir/BPJ.java"
  rm -rf "$dir/classes"
  mv "$tmp" "$dir/classes"
  trap - EXIT
  echo "install-adapters: BPJ compiled into $dir/classes"
fi
if ((do_npm)); then
  command -v npm >/dev/null || { echo "install-adapters: npm is not installed (apt-get install npm)" >&2; exit 1; }
  (cd extractors/adapters && npm ci --no-audit --no-fund)
fi
