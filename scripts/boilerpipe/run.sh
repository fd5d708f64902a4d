#!/usr/bin/env bash
# Runs the real Boilerpipe 1.2.0 (Debian libboilerpipe-java) through our Java wrapper
# DetourBoilerpipe.java, compiled on first use into a cache folder outside the repo.
# Usage: run.sh [--extractor article|default|largest|canola|keep] [--html]
#               [--charset NAME] [--debug] [--batch IN_DIR OUT_DIR] < page.html > text
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jars=/usr/share/java
# boilerpipe.jar first: it patches two NekoHTML classes.
cp="$jars/boilerpipe.jar:$jars/nekohtml.jar:$jars/xercesImpl.jar"
for j in boilerpipe nekohtml xercesImpl; do
  if [[ ! -f "$jars/$j.jar" ]]; then
    echo "run.sh: $jars/$j.jar is missing (apt-get install libboilerpipe-java)" >&2
    exit 2
  fi
done
cache="${XDG_CACHE_HOME:-$HOME/.cache}/detour/boilerpipe"
src="$here/DetourBoilerpipe.java"
stamp="$(sha256sum "$src" | cut -c1-16)"
classes="$cache/$stamp"
if [[ ! -f "$classes/DetourBoilerpipe.class" ]]; then
  mkdir -p "$classes.tmp.$$"
  javac -nowarn -encoding UTF-8 -cp "$cp" -d "$classes.tmp.$$" "$src"
  rm -rf "$classes"
  mv "$classes.tmp.$$" "$classes"
fi
exec java -Xss16m -cp "$classes:$cp" DetourBoilerpipe "$@"
