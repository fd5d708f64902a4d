#!/usr/bin/env bash
# Installs the Debian 12 packages detour needs. Only what is missing is installed; safe
# to run again.
#   bash scripts/install-deps.sh --main   # what building the detour program and running
#                                          # the main job need (scripts/main.sh)
#   bash scripts/install-deps.sh          # that, and what the tests, benchmarks, reference
#                                          # tools and cluster engines need (scripts/test.sh)
set -euo pipefail

# Building the detour program and running it (see docs/development.md, "Dependencies").
MAIN_PKGS=(
  g++ make cmake pkg-config  # the compiler and the build (build-essential's packaging tools are not needed)
  libgumbo-dev            # HTML5 parsing
  libxml2-dev             # libxml2's HTML parser: the tree of the lxml-based ports (jusText, readability)
  nlohmann-json3-dev      # JSON results
  libicu-dev              # charset conversion, Unicode classes
  libuchardet-dev         # charset detection
  libcli11-dev            # command line
  libfmt-dev              # formatting
  libtbb-dev              # parallel runner
  zlib1g-dev              # gzip-compressed corpus pages (Scrapinghub benchmark)
  liburing-dev            # batched file reading when scoring (io_uring)
  libsqlite3-dev          # the results store (store/)
  libcmark-dev            # Markdown answers of served tools to CleanEval markup (extractors/answer.cc)
  libdivsufsort-dev       # suffix arrays of the DAnIEL task's repeated substrings
  libpsl-dev publicsuffix # a page's site is its host's registered domain (Public Suffix List; base/site.h)
  golang-gopkg-neurosnap-sentences.v1-dev  # NLTK's Punkt English parameters (data/english.json): rougelsum's default sentence splitter
  libjemalloc-dev         # the detour program's allocator (three parse trees per page)
)
# The tests and benchmarks, and the checks CI runs.
TEST_PKGS=(
  build-essential         # dpkg-dev among others: CPack's Debian package (dpkg-shlibdeps)
  catch2                  # unit tests (v2)
  libbenchmark-dev        # micro-benchmarks
  clang-14                # CI builds with clang too: no warning on either compiler (scripts/test.sh)
  python3                 # difflib oracle for differential tests, the docs test, scripts/function_lengths.py
  time                    # /usr/bin/time: CPU time and peak memory in the bench scripts
  chromium                # the HTML report's browser test (headless, tests/report/browser_test.py)
  python3-websocket       # the DevTools protocol client of that test
)
# Reference tools used by differential tests and the external-extractor wrappers.
REF_PKGS=(
  default-jre-headless default-jdk-headless libboilerpipe-java
  python3-readability python3-lxml
  python3-nltk python3-absl python3-six python3-numpy  # rouge-score and WCEB run from source (scripts/bench_metrics)
  python3-scipy           # scripts/stats_reference.py: scipy's values for the stats differential test's fixture
  libxml2-utils           # xmllint: the gate's JUnit XML validated against tests/fixtures/junit/junit.xsd
  pybind11-dev python3-dev  # the Python package and its tests (python/, -DDETOUR_PYTHON=ON; docs/python.md)
  python3-pandas python3-pytest  # its per-document frames; pytest runs its tests (ctest)
  python3-setuptools python3-wheel python3-pip python3-venv  # pip install --no-build-isolation . (offline)
)

# Engines the shards of a run are spread on (scripts/cluster/): GNU parallel, and a
# Slurm that scripts/cluster/local_slurm.sh starts on this machine for its test.
CLUSTER_PKGS=(parallel slurm-wlm munge)

want=("${MAIN_PKGS[@]}")
if [[ "${1:-}" != --main ]]; then
  want+=("${TEST_PKGS[@]}")
  if [[ "${DETOUR_NO_REFERENCE_TOOLS:-0}" != 1 ]]; then want+=("${REF_PKGS[@]}" "${CLUSTER_PKGS[@]}"); fi
fi

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all packages present"
fi
