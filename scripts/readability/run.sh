#!/bin/sh
# Runs the real readability-lxml (Debian python3-readability 0.8.1) on one page and
# prints Document(html).summary(), the form of the published DANIEL outputs.
# Usage: scripts/readability/run.sh PAGE.html   or   ... | scripts/readability/run.sh
# Uses Debian's /usr/bin/python3 (another python3 on PATH may lack the package); the
# page is read as bytes, so readability-lxml detects its encoding itself.
set -eu
PY=/usr/bin/python3
if ! "$PY" -c 'import readability' 2>/dev/null; then
  echo "run.sh: readability-lxml not importable by $PY (apt-get install python3-readability)" >&2
  exit 2
fi
if [ $# -gt 1 ]; then
  echo "usage: $0 [PAGE.html]  (reads stdin without an argument)" >&2
  exit 2
fi
if [ $# -eq 1 ] && [ ! -r "$1" ]; then
  echo "run.sh: $1: cannot read the page" >&2
  exit 2
fi
cd /   # keep the current folder out of Python's import path
exec "$PY" -c '
import sys
from readability import Document
data = open(sys.argv[1], "rb").read() if len(sys.argv) > 1 else sys.stdin.buffer.read()
sys.stdout.write(Document(data).summary())
sys.stdout.write("\n")
' "$@"
