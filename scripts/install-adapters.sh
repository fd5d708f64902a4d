#!/usr/bin/env bash
# Installs the tools behind detour's adapters (docs/adapters.md, extractors/adapters.cc):
#   npm   MRD, DFD, AEX: the packages pinned by extractors/adapters/package-lock.json,
#         installed with `npm ci` into extractors/adapters/node_modules;
#   apt   RDL (python3-readability), HTX (python3-html-text), H2T (python3-html2text),
#         BPJ (libboilerpipe-java and a Java runtime): Debian 12 packages.
# jusText (JTP) and trafilatura (TRF) are not Debian packages: pip install them.
#
#   bash scripts/install-adapters.sh [--npm-only | --apt-only]
# Needs npm (Debian: apt-get install npm) for the npm part and root for the apt part.
set -euo pipefail
cd "$(dirname "$0")/.."
do_npm=1 do_apt=1
case ${1:-} in
  --npm-only) do_apt=0 ;;
  --apt-only) do_npm=0 ;;
  "") ;;
  *) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
if ((do_apt)); then
  apt-get install -y --no-install-recommends python3-readability python3-html-text python3-html2text \
    default-jre-headless libboilerpipe-java
fi
if ((do_npm)); then
  command -v npm >/dev/null || { echo "install-adapters: npm is not installed (apt-get install npm)" >&2; exit 1; }
  (cd extractors/adapters && npm ci --no-audit --no-fund)
fi
