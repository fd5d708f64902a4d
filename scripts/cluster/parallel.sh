#!/usr/bin/env bash
# Spreads a detour run with GNU parallel (Debian `parallel`): the N shards
# (`detour run --shard I/N --out OUT/shard-I`) run as parallel jobs, on this machine's
# cores or on remote hosts (--sshlogin, passed to parallel; then detour and the corpus
# must be at the same paths there and OUT on a shared file system), then
# `detour merge` puts them together in OUT/merged. A shard that failed or was killed
# is finished by running the same command again (every shard runs with --resume).
#
#   bash scripts/cluster/parallel.sh [--shards N] [--jobs J] [--threads T] [--bin DETOUR]
#        [--sshlogin HOSTS] [--merge-args "OPTS"] OUT -- RUN_OPTIONS...
# --jobs: shards at once (default N); --threads: `detour run --jobs` of each shard
# (default: cores / J, at least 1). Examples:
#   bash scripts/cluster/parallel.sh --shards 4 runs/daniel -- --corpus ../shared/corpora/daniel --extractors all
#   bash scripts/cluster/parallel.sh --shards 8 --jobs 2 --sshlogin 8/node1,8/node2 /shared/runs/x -- --corpus /data/c
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
shards=4 jobs="" threads="" bin="" sshlogin="" merge_args=""
usage() { sed -n '2,14p' "${BASH_SOURCE[0]}" >&2; exit 2; }
while (($#)); do
  case $1 in
    --shards) shards=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --sshlogin) sshlogin=$2; shift 2 ;;
    --merge-args) merge_args=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) usage ;;
    *) [[ -z ${out:-} ]] || usage; out=$1; shift ;;
  esac
done
[[ -n ${out:-} && $# -gt 0 ]] || usage
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (apt-get install parallel)" >&2; exit 1; }
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "parallel.sh: --shards: a positive number, not '$shards'" >&2; exit 2; }
jobs=${jobs:-$shards}
threads=${threads:-$(( $(nproc) / jobs > 0 ? $(nproc) / jobs : 1 ))}
if [[ -z $bin ]]; then bin=$(command -v detour || true); [[ -n $bin ]] || bin=$here/../../build/detour; fi
[[ -x $bin ]] || { echo "parallel.sh: $bin: not an executable (give --bin)" >&2; exit 2; }
bin=$(realpath "$bin")
mkdir -p "$out"
out=$(realpath "$out")
remote=()
[[ -n $sshlogin ]] && remote=(--sshlogin "$sshlogin" --workdir "$PWD")
# Each shard's messages go to OUT/shard-I.log; --halt now,fail=1 stops the others
# when one fails (they resume on the next call).
parallel --will-cite --jobs "$jobs" "${remote[@]}" --halt now,fail=1 \
  "$(printf '%q ' "$bin") run $(printf '%q ' "$@") --jobs $threads --no-progress --shard {}/$shards" \
  "--out $(printf '%q' "$out")/shard-{} --resume > $(printf '%q' "$out")/shard-{}.log 2>&1" \
  ::: $(seq 1 "$shards")
eval "extra=($merge_args)"
shard_dirs=()
for ((i = 1; i <= shards; i++)); do shard_dirs+=("$out/shard-$i"); done
"$bin" merge "${shard_dirs[@]}" --out "$out/merged" --overwrite "${extra[@]}"
